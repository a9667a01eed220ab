import { z } from 'zod';
import { envelope } from './envelope';

// Billing: plans, coupons, the subscription order (spec §3, §7), plan/card changes and test-mode card tokens (DESIGN.md §4).

export const TRIAL_DAYS = 14;
export const TRIAL_REMINDER_DAYS_BEFORE_END = 3;
export const TEST_MODE_LABEL = 'Test mode — no real charges';
export const CARD_DECLINED_MESSAGE = 'Your card was declined.';
/** One free trial per card (issue 30): a card that started a trial on any account cannot start another. */
export const CARD_TRIAL_USED_MESSAGE = 'This card has already been used for a free trial. Please use another card.';
export const COUPON_INVALID_MESSAGE = 'This promo code is invalid or has expired.';
export const PLAN_INVALID_MESSAGE = 'Please choose a valid subscription plan.';
export const SUBSCRIBED_MESSAGE = 'Your subscription has started. Enjoy your 14-day free trial!';
/** A returning subscriber gets no second trial, so the welcome does not promise one. */
export const SUBSCRIBED_WITHOUT_TRIAL_MESSAGE = 'Your subscription has started.';
export const CHECKOUT_IN_PROGRESS_MESSAGE = 'Your order is already being processed. Please wait a moment.';
export const COUPON_ALREADY_USED_MESSAGE = 'You have already used this promo code.';
export const ALREADY_SUBSCRIBED_MESSAGE = 'You already have an active subscription.';
export const NO_SUBSCRIPTION_MESSAGE = 'You do not have a subscription yet.';
export const CARD_TOKEN_INVALID_MESSAGE = 'The card could not be verified. Please enter it again.';
export const CARD_NUMBER_INVALID_MESSAGE = 'Your card number is invalid.';
export const CARD_EXPIRY_INVALID_MESSAGE = "Your card's expiration date is invalid.";
export const CARD_EXPIRED_MESSAGE = 'Your card has expired.';
export const CARD_CVC_INVALID_MESSAGE = "Your card's security code is invalid.";

/** Luhn checksum over the digits of a card number (spaces and dashes ignored). */
export function passesLuhn(cardNumber: string): boolean {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A Visa number that passes the Luhn check, random in the middle, ending in `last4`. Test mode gives one free trial per
 * card number, so each test account (and each run) needs a number of its own; it still shows as "ending in 4242".
 */
export function randomTestCardNumber(last4 = '4242'): string {
  const middle = Array.from({ length: 10 }, () => Math.floor(Math.random() * 10)).join('');
  for (let digit = 0; digit <= 9; digit++) {
    const number = `4${middle}${digit}${last4}`;
    if (passesLuhn(number)) return number;
  }
  throw new Error('unreachable: one digit of ten always completes the checksum');
}

/** Card brand from the number's prefix (enough for display; the provider's answer wins in Stripe mode). */
export function cardBrand(cardNumber: string): string {
  const digits = cardNumber.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/** A card expires at the end of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = expYear < 100 ? 2000 + expYear : expYear;
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1);
}

/** The first charge of a new subscription: today + 14 days, as YYYY-MM-DD (UTC). */
export function firstChargeDate(now: Date, trialDays = TRIAL_DAYS): string {
  return new Date(now.getTime() + trialDays * 86_400_000).toISOString().slice(0, 10);
}

// ---- plans (GET /api/subscription-plan-list, no token)
export const subscriptionPlan = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Dollars, e.g. 49. */
  amount: z.number(),
  amount_cents: z.number().int(),
  interval: z.enum(['month', 'year']),
  description: z.string(),
  features: z.array(z.string()),
  /** Date of the first charge (YYYY-MM-DD): today + the 14-day trial. */
  date: z.string(),
  trial_days: z.number().int(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;
export const subscriptionPlanListResponse = envelope(z.array(subscriptionPlan));

// ---- coupons (POST /public/api/stripe/check-coupons, no token)
const couponCodeField = z
  .string({ error: 'The promo code is required.' })
  .trim()
  .min(1, 'The promo code is required.')
  .max(64, COUPON_INVALID_MESSAGE);
export const checkCouponRequest = z.object({
  coupon_id: couponCodeField,
  /** Optional: the plan the code would apply to, so the answer can carry the discounted amount. */
  subscription_plan_id: z.coerce.number().int().positive().optional(),
});
export type CheckCouponRequest = z.input<typeof checkCouponRequest>;
export const couponInfo = z.object({
  id: z.string(),
  name: z.string(),
  valid: z.boolean(),
  percent_off: z.number().nullable(),
  /** Dollars off (null for percent-off codes unless a plan was given, then the dollars it takes off that plan). */
  amount_off: z.number().nullable(),
  duration: z.string(),
  /** The plan's first charge after the discount, in dollars (when a plan was given). */
  discounted_amount: z.number().nullable(),
});
export type CouponInfo = z.infer<typeof couponInfo>;
export const checkCouponResponse = envelope(couponInfo);

// ---- the subscription order (spec §3)
const expMonthField = z.coerce
  .number({ error: CARD_EXPIRY_INVALID_MESSAGE })
  .int(CARD_EXPIRY_INVALID_MESSAGE)
  .min(1, CARD_EXPIRY_INVALID_MESSAGE)
  .max(12, CARD_EXPIRY_INVALID_MESSAGE);
const expYearField = z.coerce
  .number({ error: CARD_EXPIRY_INVALID_MESSAGE })
  .int(CARD_EXPIRY_INVALID_MESSAGE)
  .min(0, CARD_EXPIRY_INVALID_MESSAGE)
  .max(2200, CARD_EXPIRY_INVALID_MESSAGE);
const cardTokenField = z.string({ error: CARD_TOKEN_INVALID_MESSAGE }).trim().min(1, CARD_TOKEN_INVALID_MESSAGE).max(255, CARD_TOKEN_INVALID_MESSAGE);
const last4Field = z.coerce.string().trim().regex(/^\d{4}$/, 'card_number must be the last 4 digits of the card.');

export const createSubscriptionRequest = z.object({
  exp_month: expMonthField,
  exp_year: expYearField,
  subscription_plan_id: z.coerce.number({ error: PLAN_INVALID_MESSAGE }).int(PLAN_INVALID_MESSAGE).positive(PLAN_INVALID_MESSAGE),
  card_number: last4Field,
  stripe_token: cardTokenField,
  coupon_id: z.string().trim().max(64, COUPON_INVALID_MESSAGE).optional().default(''),
  /** Echoed only: what is charged comes from the plan and the coupon on the server. */
  plan_amount: z.union([z.string(), z.number()]).optional(),
});
export type CreateSubscriptionRequest = z.input<typeof createSubscriptionRequest>;
export const createSubscriptionResult = z.object({
  token: z.string(),
  is_subscribed: z.union([z.literal(0), z.literal(1)]),
  message: z.string().optional(),
  /** On a declined card: a map of error lists (spec §7). */
  data: z.record(z.string(), z.array(z.string())).optional(),
});
export type CreateSubscriptionResult = z.infer<typeof createSubscriptionResult>;
export const createSubscriptionResponse = envelope(createSubscriptionResult);

// ---- the signed-in user's subscription
export const subscriptionStatus = z.enum(['trialing', 'active', 'past_due', 'canceled', 'incomplete', 'unpaid']);
export const subscriptionDetails = z.object({
  plan: subscriptionPlan.omit({ date: true, trial_days: true }),
  status: z.string(),
  provider: z.enum(['test', 'stripe']),
  is_subscribed: z.union([z.literal(0), z.literal(1)]),
  trial_end: z.string().nullable(),
  /** When the next charge happens (null once cancelled). */
  next_charge: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  coupon_code: z.string().nullable(),
  card: z
    .object({ brand: z.string().nullable(), last4: z.string().nullable(), exp_month: z.number().nullable(), exp_year: z.number().nullable() })
    .nullable(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetails>;
export const subscriptionDetailsResponse = envelope(subscriptionDetails.nullable());

export const changeSubscriptionPlanRequest = z.object({
  subscription_plan_id: z.coerce.number({ error: PLAN_INVALID_MESSAGE }).int(PLAN_INVALID_MESSAGE).positive(PLAN_INVALID_MESSAGE),
});
export type ChangeSubscriptionPlanRequest = z.input<typeof changeSubscriptionPlanRequest>;

export const changePaymentCardRequest = z.object({
  stripe_token: cardTokenField,
  card_number: last4Field.optional(),
  exp_month: expMonthField.optional(),
  exp_year: expYearField.optional(),
});
export type ChangePaymentCardRequest = z.input<typeof changePaymentCardRequest>;

// ---- test mode only: POST /api/test-billing/tokens stands in for the card provider's token
export const testCardTokenRequest = z.object({
  number: z
    .string({ error: CARD_NUMBER_INVALID_MESSAGE })
    .trim()
    .refine(passesLuhn, CARD_NUMBER_INVALID_MESSAGE),
  exp_month: expMonthField,
  exp_year: expYearField,
  cvc: z.coerce.string().trim().regex(/^\d{3,4}$/, CARD_CVC_INVALID_MESSAGE),
});
export type TestCardTokenRequest = z.input<typeof testCardTokenRequest>;
export const testCardToken = z.object({ id: z.string(), last4: z.string(), brand: z.string(), exp_month: z.number(), exp_year: z.number() });
export type TestCardToken = z.infer<typeof testCardToken>;
export const testCardTokenResponse = envelope(testCardToken);
