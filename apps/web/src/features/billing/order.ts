import type { CouponInfo, SubscriptionPlan } from '@cma/contracts';

// The subscription order of spec §3 and the rules of spec §4/§7/§8 for sending it and reading the answer.

export interface OrderPayload {
  exp_month: number;
  exp_year: number;
  subscription_plan_id: number;
  /** Only the last 4 digits. */
  card_number: string;
  /** From the card provider (Stripe) or the test-mode tokenizer. */
  stripe_token: string;
  /** The promo code, or an empty string. */
  coupon_id: string;
  /** The promo's amount_off if a promo code is present, otherwise the plan amount (the server never charges from it). */
  plan_amount: number | string;
}

export interface CardResult {
  token: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface OrderInput {
  plan: Pick<SubscriptionPlan, 'id' | 'amount'> | null | undefined;
  card: CardResult | null | undefined;
  promo?: { code: string; coupon: Pick<CouponInfo, 'amount_off'> } | null;
}

/** Builds the order payload; null while anything it needs is missing (spec §7: sent only when complete). */
export function buildOrderPayload({ plan, card, promo }: OrderInput): OrderPayload | null {
  if (!plan || !card) return null;
  const planAmount = promo ? (promo.coupon.amount_off ?? '') : plan.amount;
  const payload: OrderPayload = {
    exp_month: card.expMonth,
    exp_year: card.expYear,
    subscription_plan_id: plan.id,
    card_number: card.last4.slice(-4),
    stripe_token: card.token,
    coupon_id: promo?.code ?? '',
    plan_amount: planAmount,
  };
  const complete =
    Boolean(payload.exp_month) &&
    Boolean(payload.exp_year) &&
    Boolean(payload.subscription_plan_id) &&
    /^\d{4}$/.test(payload.card_number) &&
    payload.stripe_token.trim() !== '' &&
    payload.plan_amount !== '' &&
    payload.plan_amount !== null &&
    payload.plan_amount !== undefined;
  return complete ? payload : null;
}

/** Spec §8: each server error list joined with spaces, one toast each. */
export function errorListMessages(data: unknown): string[] {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.values(data as Record<string, unknown>)
    .map((list) => (Array.isArray(list) ? list.filter((m) => typeof m === 'string').join(' ') : typeof list === 'string' ? list : ''))
    .filter((message) => message.trim() !== '');
}

/** '2026-12-05' → 'December 5, 2026' (the date is a calendar day; no time-zone shift). */
export function formatChargeDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** '$ 49' / '$ 1,234.50' (spec §5 amount style, cents kept when there are some). */
export function formatPlanAmount(amount: number): string {
  const hasCents = Math.round(amount * 100) % 100 !== 0;
  return `$ ${amount.toLocaleString('en-US', { minimumFractionDigits: hasCents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

/** Groups card digits in fours as the user types, at most 19 digits. */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** 'MM/YY' from what was typed; month and year as numbers when complete. */
export function parseExpiry(value: string): { text: string; month?: number; year?: number } {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  const text = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  if (digits.length < 4) return { text };
  return { text, month: Number(digits.slice(0, 2)), year: 2000 + Number(digits.slice(2)) };
}
