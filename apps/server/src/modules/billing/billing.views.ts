import type { SubscriptionDetails } from '@cma/contracts';
import type { BillingCoupon } from '../../adapters/billing/billing-provider';
import type { PlanRow, SubscriptionRow } from './billing.repository';

// How billing rows read to the client and in e-mails: pure functions of the rows.

export const dollars = (cents: number) => Math.round(cents) / 100;
export const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
export const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);
export const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
export const isLive = (status: string) => status === 'trialing' || status === 'active';

/** What the first charge costs after the coupon, in cents. */
export function discountedCents(amountCents: number, coupon: Pick<BillingCoupon, 'percentOff' | 'amountOffCents'> | undefined): number {
  if (!coupon) return amountCents;
  if (coupon.percentOff !== null) return Math.max(0, Math.round(amountCents * (1 - coupon.percentOff / 100)));
  return Math.max(0, amountCents - (coupon.amountOffCents ?? 0));
}

export function planView(plan: PlanRow) {
  return {
    id: plan.id,
    title: plan.title,
    amount: dollars(plan.amount_cents),
    amount_cents: plan.amount_cents,
    interval: plan.interval,
    description: plan.description,
    features: Array.isArray(plan.features) ? plan.features : [],
  };
}

/** A subscription as the client sees it at `at`: a cancelled one stays subscribed until its period ends. */
export function subscriptionView(subscription: SubscriptionRow, plan: PlanRow, at: Date): SubscriptionDetails {
  const periodEnd = subscription.current_period_end ? new Date(subscription.current_period_end) : null;
  const subscribed = isLive(subscription.status) && (!subscription.cancel_at_period_end || !periodEnd || periodEnd > at);
  return {
    plan: planView(plan),
    status: subscription.status,
    provider: subscription.provider,
    is_subscribed: subscribed ? 1 : 0,
    trial_end: iso(subscription.trial_end),
    next_charge: isLive(subscription.status) && !subscription.cancel_at_period_end ? iso(subscription.current_period_end) : null,
    current_period_end: iso(subscription.current_period_end),
    cancel_at_period_end: subscription.cancel_at_period_end,
    coupon_code: subscription.coupon_code,
    card: subscription.card_last4
      ? { brand: subscription.card_brand, last4: subscription.card_last4, exp_month: subscription.card_exp_month, exp_year: subscription.card_exp_year }
      : null,
  };
}
