import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CARD_TRIAL_USED_MESSAGE,
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_INVALID_MESSAGE,
  SUBSCRIBED_MESSAGE,
  SUBSCRIBED_WITHOUT_TRIAL_MESSAGE,
  TRIAL_DAYS,
  type CreateSubscriptionResult,
} from '@cma/contracts';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { BillingCoupon, BillingProvider } from '../../adapters/billing/billing-provider';
import { planForBilling, type BillingRepository, type PlanRow } from './billing.repository';
import type { BillingNotices } from './billing.notices';
import type { BillingSchedule } from './billing.schedule';
import { isLive } from './billing.views';

/** The provider's coupon for a code the customer typed, or a 422 on coupon_id. */
export async function requireCoupon(provider: BillingProvider, code: string): Promise<BillingCoupon> {
  const coupon = await provider.findCoupon(code.trim());
  if (!coupon) throw new ValidationError({ coupon_id: [COUPON_INVALID_MESSAGE] });
  return coupon;
}

export interface CheckoutDeps {
  repository: BillingRepository;
  provider: BillingProvider;
  notices: BillingNotices;
  schedule: BillingSchedule;
  now: () => Date;
}

export interface CheckoutOrder {
  userId: string;
  sessionToken: string;
  plan: PlanRow;
  couponCode: string;
  cardToken: string;
  idempotencyKey: string;
}

/** One order, under the user's checkout claim: checks, charges through the provider, stores, e-mails and schedules. */
export async function checkout(deps: CheckoutDeps, order: CheckoutOrder): Promise<CreateSubscriptionResult> {
  const { repository, provider, now } = deps;
  const { userId, sessionToken, plan } = order;
  const existing = await repository.findByUser(userId);
  if (existing && isLive(existing.status)) throw new ValidationError({ subscription: [ALREADY_SUBSCRIBED_MESSAGE] });
  const coupon = order.couponCode.trim() ? await requireCoupon(provider, order.couponCode) : undefined;
  if (coupon && (await repository.hasRedeemedCoupon(userId, coupon.code))) throw new ValidationError({ coupon_id: [COUPON_ALREADY_USED_MESSAGE] });
  const user = await repository.findUser(userId);
  if (!user) throw new NotFoundError('User not found');

  // One free trial per account (coming back after cancelling starts paying straight away) and one per card, known by
  // the provider's fingerprint: a card that started a trial on any account is refused for another (decision 3004).
  const trialDays = existing ? 0 : TRIAL_DAYS;
  const trialCard = trialDays > 0 ? await provider.cardFingerprint(order.cardToken, userId) : null;
  if (trialCard && !(await repository.claimTrialCard(trialCard, now()))) {
    return { token: sessionToken, is_subscribed: 0, message: CARD_TRIAL_USED_MESSAGE, data: { card: [CARD_TRIAL_USED_MESSAGE] } };
  }
  let result: Awaited<ReturnType<BillingProvider['createSubscription']>>;
  try {
    result = await provider.createSubscription({
      userId,
      email: user.email,
      name: user.name,
      plan: planForBilling(plan),
      coupon,
      cardToken: order.cardToken,
      trialDays,
      existingCustomerId: existing?.provider_customer_id,
      idempotencyKey: order.idempotencyKey,
    });
  } catch (error) {
    if (trialCard) await repository.releaseTrialCard(trialCard);
    throw error;
  }
  if (!result.ok) {
    if (trialCard) await repository.releaseTrialCard(trialCard); // a declined card has not had its trial
    return { token: sessionToken, is_subscribed: 0, message: result.message, data: { [result.field]: [result.message] } };
  }
  const created = result.value;
  if (created.priceId && !plan.stripe_price_id) await repository.setPlanStripePrice(plan.id, created.priceId);
  const subscription = await repository.upsert(
    userId,
    {
      user_id: userId,
      plan_id: plan.id,
      status: created.status,
      provider: provider.kind,
      provider_customer_id: created.customerId,
      provider_subscription_id: created.subscriptionId,
      trial_end: created.trialEnd,
      current_period_end: created.currentPeriodEnd,
      cancel_at_period_end: created.cancelAtPeriodEnd,
      coupon_code: coupon?.code ?? null,
      card_brand: created.card?.brand ?? null,
      card_last4: created.card?.last4 ?? null,
      card_exp_month: created.card?.expMonth ?? null,
      card_exp_year: created.card?.expYear ?? null,
      card_outcome: created.cardOutcome ?? null,
    },
    now(),
  );
  if (coupon) await repository.recordCouponRedemption(userId, coupon.code, now());
  await deps.notices.trialStarted(subscription, plan, coupon);
  await deps.schedule.trialReminder(subscription);
  await deps.schedule.sweepAfter(subscription.current_period_end);
  const message = subscription.trial_end ? SUBSCRIBED_MESSAGE : SUBSCRIBED_WITHOUT_TRIAL_MESSAGE;
  return { token: sessionToken, is_subscribed: isLive(subscription.status) ? 1 : 0, message };
}
