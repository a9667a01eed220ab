import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  CARD_EXPIRED_MESSAGE,
  COUPON_INVALID_MESSAGE,
  NO_SUBSCRIPTION_MESSAGE,
  PLAN_INVALID_MESSAGE,
  SUBSCRIBED_MESSAGE,
  SUBSCRIBED_WITHOUT_TRIAL_MESSAGE,
  CHECKOUT_IN_PROGRESS_MESSAGE,
  COUPON_ALREADY_USED_MESSAGE,
  TRIAL_DAYS,
  TRIAL_REMINDER_DAYS_BEFORE_END,
  cardBrand,
  cardExpired,
  firstChargeDate,
  type ChangePaymentCardRequest,
  type CouponInfo,
  type CreateSubscriptionRequest,
  type CreateSubscriptionResult,
  type SubscriptionDetails,
  type SubscriptionPlan,
  type TestCardToken,
  type TestCardTokenRequest,
} from '@cma/contracts';
import type { JobQueue } from '../../jobs/job-queue';
import type { MailService } from '../mail/mail.service';
import { NotFoundError, ValidationError } from '../../http/errors';
import { WebhookSignatureError, type BillingCoupon, type BillingProvider, type ProviderSubscription } from '../../adapters/billing/billing-provider';
import { addInterval } from '../../adapters/billing/test-billing-provider';
import { planForBilling, type BillingRepository, type PlanRow, type SubscriptionRow } from './billing.repository';

export const TRIAL_ENDING_QUEUE = 'billing.trial-ending';
export const BILLING_SWEEP_QUEUE = 'billing.sweep';
const DAY_MS = 86_400_000;
const HOUR_MS = 60 * 60 * 1000;
const PLAN_LIST_CACHE_MS = 60_000;
/** A checkout claim older than this belongs to a crashed instance and may be taken over. */
const CHECKOUT_STALE_MS = 2 * 60_000;

// Test cards (as Stripe's): 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is accepted but fails at renewal.
const DECLINED_TEST_CARD = '4000000000000002';
const FAILS_AT_RENEWAL_TEST_CARD = '4000000000000341';

export interface BillingServiceDeps {
  repository: BillingRepository;
  provider: BillingProvider;
  jobs: JobQueue;
  mail: MailService;
  now: () => Date;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Called after a user's subscription row is written (this instance's session cache forgets the user at once). */
  subscriptionChanged: (userId: string) => void;
}

const dollars = (cents: number) => Math.round(cents) / 100;
const money = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
const iso = (date: Date | string | null) => (date ? new Date(date).toISOString() : null);
const longDate = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const isLive = (status: string) => status === 'trialing' || status === 'active';

/** What the first charge costs after the coupon, in cents. */
export function discountedCents(amountCents: number, coupon: Pick<BillingCoupon, 'percentOff' | 'amountOffCents'> | undefined): number {
  if (!coupon) return amountCents;
  if (coupon.percentOff !== null) return Math.max(0, Math.round(amountCents * (1 - coupon.percentOff / 100)));
  return Math.max(0, amountCents - (coupon.amountOffCents ?? 0));
}

/** Sweeps run at the top of the hour after a period ends; one job per hour, whoever schedules it. */
const sweepHourAfter = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);

export function createBillingService(deps: BillingServiceDeps) {
  const { provider, jobs, mail, now, log } = deps;
  // Every subscription write goes through here, so access decisions on this instance see it on the next request.
  const repository: BillingRepository = {
    ...deps.repository,
    async upsert(...args) {
      const row = await deps.repository.upsert(...args);
      deps.subscriptionChanged(row.user_id);
      return row;
    },
    async update(...args) {
      const row = await deps.repository.update(...args);
      if (row) deps.subscriptionChanged(row.user_id);
      return row;
    },
  };

  function planView(plan: PlanRow) {
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

  async function requireCoupon(code: string): Promise<BillingCoupon> {
    const coupon = await provider.findCoupon(code.trim());
    if (!coupon) throw new ValidationError({ coupon_id: [COUPON_INVALID_MESSAGE] });
    return coupon;
  }

  async function mailUser(userId: string, content: { subject: string; title: string; paragraphs: string[]; action?: { label: string; url: string } }) {
    const user = await repository.findUser(userId);
    if (!user) return;
    await mail.send({ to: user.email, ...content });
  }

  async function sendTrialStarted(subscription: SubscriptionRow, plan: PlanRow, coupon: BillingCoupon | undefined) {
    const trialEnd = subscription.trial_end ? new Date(subscription.trial_end) : null;
    const firstCharge = discountedCents(plan.amount_cents, coupon);
    await mailUser(subscription.user_id, {
      subject: trialEnd ? 'Your 14-day free trial has started' : 'Your subscription has started',
      title: trialEnd ? 'Welcome to CMA Studio — your free trial has started' : 'Welcome to CMA Studio',
      paragraphs: [
        `You are on the ${plan.title} plan (${money(plan.amount_cents)} per ${plan.interval}).`,
        trialEnd
          ? `Your free trial runs until ${longDate(trialEnd)}. Your card will be charged ${money(firstCharge)} on that day unless you cancel before then.`
          : `Your card will be charged ${money(firstCharge)} today.`,
        'You can change your plan, your card or cancel at any time from your profile.',
      ],
      action: { label: 'Open CMA Studio', url: `${deps.publicUrl}/home` },
    });
  }

  async function sendPaymentFailed(subscription: SubscriptionRow) {
    await mailUser(subscription.user_id, {
      subject: 'Your payment failed',
      title: 'We could not charge your card',
      paragraphs: [
        `The payment for your CMA Studio subscription${subscription.card_last4 ? ` with the card ending in ${subscription.card_last4}` : ''} was declined.`,
        'Please update your payment card to keep access to your reports.',
      ],
      action: { label: 'Update payment card', url: `${deps.publicUrl}/edit-profile` },
    });
  }

  async function scheduleTrialReminder(subscription: SubscriptionRow): Promise<void> {
    if (subscription.status !== 'trialing' || !subscription.trial_end) return;
    const trialEnd = new Date(subscription.trial_end);
    await jobs.enqueue(
      TRIAL_ENDING_QUEUE,
      { subscriptionId: subscription.id, trialEnd: trialEnd.toISOString() },
      { runAt: new Date(trialEnd.getTime() - TRIAL_REMINDER_DAYS_BEFORE_END * DAY_MS), singletonKey: `trial-ending:${subscription.id}:${trialEnd.toISOString()}` },
    );
  }

  /** Test mode: makes sure a sweep runs after this period end (no job at all while nobody subscribes). */
  async function scheduleSweepAfter(periodEnd: Date | string | null): Promise<void> {
    if (provider.kind !== 'test' || !periodEnd) return;
    const runAt = sweepHourAfter(new Date(Math.max(new Date(periodEnd).getTime(), now().getTime())));
    await jobs.enqueue(BILLING_SWEEP_QUEUE, {}, { runAt, singletonKey: `billing-sweep:${runAt.toISOString()}`, maxAttempts: 5 });
  }

  async function checkout(userId: string, sessionToken: string, plan: PlanRow, couponCode: string, cardToken: string, idempotencyKey: string): Promise<CreateSubscriptionResult> {
    const existing = await repository.findByUser(userId);
    if (existing && isLive(existing.status)) throw new ValidationError({ subscription: [ALREADY_SUBSCRIBED_MESSAGE] });
    const coupon = couponCode.trim() ? await requireCoupon(couponCode) : undefined;
    if (coupon && (await repository.hasRedeemedCoupon(userId, coupon.code))) throw new ValidationError({ coupon_id: [COUPON_ALREADY_USED_MESSAGE] });
    const user = await repository.findUser(userId);
    if (!user) throw new NotFoundError('User not found');

    const result = await provider.createSubscription({
      userId,
      email: user.email,
      name: user.name,
      plan: planForBilling(plan),
      coupon,
      cardToken,
      // One free trial per account: coming back after cancelling starts paying straight away.
      trialDays: existing ? 0 : TRIAL_DAYS,
      existingCustomerId: existing?.provider_customer_id,
      idempotencyKey,
    });
    if (!result.ok) {
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
    await sendTrialStarted(subscription, plan, coupon);
    await scheduleTrialReminder(subscription);
    await scheduleSweepAfter(subscription.current_period_end);
    const message = subscription.trial_end ? SUBSCRIBED_MESSAGE : SUBSCRIBED_WITHOUT_TRIAL_MESSAGE;
    return { token: sessionToken, is_subscribed: isLive(subscription.status) ? 1 : 0, message };
  }

  function fromProvider(remote: Partial<ProviderSubscription>): Partial<SubscriptionRow> {
    const patch: Partial<SubscriptionRow> = {};
    if (remote.status !== undefined) patch.status = remote.status;
    if (remote.trialEnd !== undefined) patch.trial_end = remote.trialEnd;
    if (remote.currentPeriodEnd !== undefined) patch.current_period_end = remote.currentPeriodEnd;
    if (remote.cancelAtPeriodEnd !== undefined) patch.cancel_at_period_end = remote.cancelAtPeriodEnd;
    return patch;
  }

  async function requireSubscription(userId: string): Promise<SubscriptionRow> {
    const subscription = await repository.findByUser(userId);
    if (!subscription) throw new ValidationError({ subscription: [NO_SUBSCRIPTION_MESSAGE] });
    return subscription;
  }

  async function details(subscription: SubscriptionRow): Promise<SubscriptionDetails> {
    const plan = await repository.findPlan(subscription.plan_id);
    if (!plan) throw new NotFoundError('Plan not found');
    const at = now();
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

  // Plans are reference data changed only by migrations and seeding, and the list is read on every visit to the
  // pricing pages: each instance keeps it for a minute.
  let cachedPlans: { rows: Promise<PlanRow[]>; until: number } | undefined;
  function activePlans(): Promise<PlanRow[]> {
    const at = performance.now();
    if (!cachedPlans || cachedPlans.until < at) {
      const rows = repository.listActivePlans();
      cachedPlans = { rows, until: at + PLAN_LIST_CACHE_MS };
      rows.catch(() => (cachedPlans = undefined)); // a failed read is not kept
    }
    return cachedPlans.rows;
  }

  return {
    provider: provider.kind,

    async planList(): Promise<SubscriptionPlan[]> {
      const date = firstChargeDate(now());
      return (await activePlans()).map((plan) => ({ ...planView(plan), date, trial_days: TRIAL_DAYS }));
    },

    async checkCoupon(request: { coupon_id: string; subscription_plan_id?: number }): Promise<CouponInfo> {
      const coupon = await requireCoupon(request.coupon_id);
      const plan = request.subscription_plan_id ? await repository.findActivePlan(request.subscription_plan_id) : undefined;
      if (request.subscription_plan_id && !plan) throw new ValidationError({ subscription_plan_id: [PLAN_INVALID_MESSAGE] });
      const amountOffCents = coupon.amountOffCents ?? (plan ? plan.amount_cents - discountedCents(plan.amount_cents, coupon) : null);
      return {
        id: coupon.code,
        name: coupon.name,
        valid: true,
        percent_off: coupon.percentOff,
        amount_off: amountOffCents === null ? null : dollars(amountOffCents),
        duration: coupon.duration,
        discounted_amount: plan ? dollars(discountedCents(plan.amount_cents, coupon)) : null,
      };
    },

    /** Test mode's stand-in for the card provider's tokenizer: checks the card, keeps only brand, last 4 and expiry. */
    async createTestCardToken(userId: string, request: TestCardTokenRequest & { exp_month: number; exp_year: number }): Promise<TestCardToken> {
      const digits = request.number.replace(/[\s-]/g, '');
      const expYear = request.exp_year < 100 ? 2000 + request.exp_year : request.exp_year;
      if (cardExpired(request.exp_month, expYear, now())) throw new ValidationError({ exp_year: [CARD_EXPIRED_MESSAGE] });
      const token = {
        id: `tok_test_${randomBytes(16).toString('hex')}`,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: request.exp_month,
        exp_year: expYear,
        outcome: digits === DECLINED_TEST_CARD ? ('decline' as const) : digits === FAILS_AT_RENEWAL_TEST_CARD ? ('fail_renewal' as const) : ('succeed' as const),
      };
      await repository.insertTestCardToken({ ...token, user_id: userId });
      return { id: token.id, last4: token.last4, brand: token.brand, exp_month: token.exp_month, exp_year: token.exp_year };
    },

    /**
     * The order of spec §3. Charges come from the plan and the coupon here; plan_amount from the client is ignored.
     * One checkout per user at a time, claimed in the database, so concurrent orders never bill a card twice.
     */
    async createSubscription(userId: string, sessionToken: string, order: CreateSubscriptionRequest & { subscription_plan_id: number; coupon_id: string }): Promise<CreateSubscriptionResult> {
      const plan = await repository.findActivePlan(order.subscription_plan_id);
      if (!plan) throw new ValidationError({ subscription_plan_id: [PLAN_INVALID_MESSAGE] });
      const at = now();
      const idempotencyKey = await repository.claimCheckout(userId, `checkout-${randomBytes(16).toString('hex')}`, at, new Date(at.getTime() - CHECKOUT_STALE_MS));
      if (!idempotencyKey) throw new ValidationError({ subscription: [CHECKOUT_IN_PROGRESS_MESSAGE] });
      try {
        return await checkout(userId, sessionToken, plan, order.coupon_id, order.stripe_token, idempotencyKey);
      } finally {
        await repository.releaseCheckout(userId);
      }
    },

    async subscriptionDetails(userId: string): Promise<SubscriptionDetails | null> {
      const subscription = await repository.findByUser(userId);
      return subscription ? details(subscription) : null;
    },

    async changePlan(userId: string, planId: number): Promise<SubscriptionDetails> {
      const subscription = await requireSubscription(userId);
      const plan = await repository.findActivePlan(planId);
      if (!plan) throw new ValidationError({ subscription_plan_id: [PLAN_INVALID_MESSAGE] });
      if (!isLive(subscription.status) && subscription.status !== 'past_due') throw new ValidationError({ subscription: [NO_SUBSCRIPTION_MESSAGE] });
      const remote = await provider.changePlan({ customerId: subscription.provider_customer_id, subscriptionId: subscription.provider_subscription_id }, planForBilling(plan));
      if (remote.priceId && !plan.stripe_price_id) await repository.setPlanStripePrice(plan.id, remote.priceId);
      return details(await repository.update(subscription.id, { ...fromProvider(remote), plan_id: plan.id }, now()));
    },

    /** Cancels at the end of the paid (or trial) period; access stays until then. */
    async cancel(userId: string): Promise<SubscriptionDetails> {
      const subscription = await requireSubscription(userId);
      if (!isLive(subscription.status) && subscription.status !== 'past_due') throw new ValidationError({ subscription: [NO_SUBSCRIPTION_MESSAGE] });
      const remote = await provider.cancelAtPeriodEnd({ customerId: subscription.provider_customer_id, subscriptionId: subscription.provider_subscription_id });
      return details(await repository.update(subscription.id, { ...fromProvider(remote), cancel_at_period_end: true }, now()));
    },

    async changeCard(userId: string, request: ChangePaymentCardRequest & { stripe_token: string }): Promise<SubscriptionDetails> {
      const subscription = await requireSubscription(userId);
      const result = await provider.changeCard(
        { userId, customerId: subscription.provider_customer_id, subscriptionId: subscription.provider_subscription_id },
        request.stripe_token,
      );
      if (!result.ok) throw new ValidationError({ [result.field]: [result.message] });
      const card = result.value;
      const patch: Partial<SubscriptionRow> = {
        card_brand: card.brand,
        card_last4: card.last4,
        card_exp_month: card.expMonth,
        card_exp_year: card.expYear,
        card_outcome: card.cardOutcome ?? null,
      };
      // Test mode: a past-due subscription is retried on the new card straight away.
      if (provider.kind === 'test' && subscription.status === 'past_due' && card.cardOutcome === 'succeed') {
        const plan = await repository.findPlan(subscription.plan_id);
        Object.assign(patch, { status: 'active', current_period_end: addInterval(now(), plan?.interval ?? 'month') });
      }
      const updated = await repository.update(subscription.id, patch, now());
      if (updated.status !== subscription.status) await scheduleSweepAfter(updated.current_period_end);
      return details(updated);
    },

    /** Stripe webhook: verify, record the event id once, re-read the subscription from Stripe, update status. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
      const event = provider.verifyWebhook(rawBody, signature);
      if (!(await repository.recordEvent(event.id, event.type, provider.kind))) return { received: true, duplicate: true };
      try {
        const local = event.subscriptionId ? await repository.findByProviderSubscription(event.subscriptionId) : undefined;
        if (local && event.subscriptionId) {
          const remote = await provider.retrieveSubscription(event.subscriptionId);
          const updated = await repository.update(local.id, fromProvider(remote), now());
          if (event.type === 'invoice.payment_failed') await sendPaymentFailed(updated);
          if (updated.trial_end && new Date(updated.trial_end).getTime() !== (local.trial_end ? new Date(local.trial_end).getTime() : 0)) {
            await scheduleTrialReminder(updated);
          }
        } else if (event.subscriptionId) {
          log.warn({ eventId: event.id, type: event.type }, 'webhook for an unknown subscription');
        }
      } catch (error) {
        await repository.forgetEvent(event.id); // let Stripe's retry process it again
        throw error;
      }
      return { received: true, duplicate: false };
    },

    async runTrialReminder(payload: { subscriptionId: string; trialEnd: string }): Promise<boolean> {
      const subscription = await repository.findById(payload.subscriptionId);
      if (!subscription?.trial_end) return false;
      const trialEnd = new Date(payload.trialEnd);
      if (!(await repository.claimTrialReminder(subscription.id, trialEnd, now()))) return false;
      const plan = await repository.findPlan(subscription.plan_id);
      await mailUser(subscription.user_id, {
        subject: 'Your free trial ends in 3 days',
        title: 'Your free trial ends in 3 days',
        paragraphs: [
          `Your CMA Studio free trial ends on ${longDate(trialEnd)}.`,
          plan
            ? `After that your ${plan.title} plan continues at ${money(plan.amount_cents)} per ${plan.interval}${subscription.card_last4 ? `, charged to the card ending in ${subscription.card_last4}` : ''}.`
            : 'After that your plan continues automatically.',
          'Nothing to do if you want to keep going. You can cancel from your profile before the trial ends and you will not be charged.',
        ],
        action: { label: 'Manage subscription', url: `${deps.publicUrl}/edit-profile` },
      });
      return true;
    },

    /** Test mode's stand-in for the provider's clock: ends trials, renews periods, fails renewals, ends cancelled plans. */
    async sweepTestModePeriods(): Promise<{ renewed: number; failed: number; canceled: number }> {
      const counts = { renewed: 0, failed: 0, canceled: 0 };
      if (provider.kind !== 'test') return counts;
      const at = now();
      for (const subscription of await repository.dueTestModePeriods(at)) {
        try {
          if (subscription.cancel_at_period_end) {
            await repository.update(subscription.id, { status: 'canceled' }, at);
            counts.canceled++;
          } else if (subscription.status === 'past_due') {
            continue; // waits for a new card
          } else if (subscription.card_outcome === 'fail_renewal') {
            const updated = await repository.update(subscription.id, { status: 'past_due' }, at);
            await sendPaymentFailed(updated);
            counts.failed++;
          } else {
            const plan = await repository.findPlan(subscription.plan_id);
            let periodEnd = new Date(subscription.current_period_end!);
            while (periodEnd <= at) periodEnd = addInterval(periodEnd, plan?.interval ?? 'month');
            await repository.update(subscription.id, { status: 'active', current_period_end: periodEnd }, at);
            await scheduleSweepAfter(periodEnd);
            counts.renewed++;
          }
        } catch (error) {
          log.error({ err: error, subscriptionId: subscription.id }, 'test-mode renewal failed');
        }
      }
      return counts;
    },

    /** Startup: re-schedules the sweep for the earliest live test-mode period (idempotent across instances). */
    async scheduleNextSweep(): Promise<void> {
      if (provider.kind !== 'test') return;
      await scheduleSweepAfter(await repository.earliestTestModePeriodEnd());
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
export { WebhookSignatureError };
