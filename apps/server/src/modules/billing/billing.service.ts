import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  NO_SUBSCRIPTION_MESSAGE,
  PLAN_INVALID_MESSAGE,
  CHECKOUT_IN_PROGRESS_MESSAGE,
  TRIAL_DAYS,
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
import { WebhookSignatureError, type BillingProvider, type ProviderSubscription } from '../../adapters/billing/billing-provider';
import { addInterval } from '../../adapters/billing/test-billing-provider';
import { planForBilling, type BillingRepository, type PlanRow, type SubscriptionRow } from './billing.repository';
import { checkout, requireCoupon } from './billing.checkout';
import { createBillingNotices } from './billing.notices';
import { BILLING_SWEEP_QUEUE, TRIAL_ENDING_QUEUE, createBillingSchedule } from './billing.schedule';
import { sweepDueTestModePeriods, testCardToken } from './billing.test-mode';
import { discountedCents, dollars, isLive, planView, subscriptionView } from './billing.views';

// The billing use cases, in the order of spec §3; each step (checkout, e-mails, scheduled jobs, test mode, views) has its own file.

const PLAN_LIST_CACHE_MS = 60_000;
/** A checkout claim older than this belongs to a crashed instance and may be taken over. */
const CHECKOUT_STALE_MS = 2 * 60_000;

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

export function createBillingService(deps: BillingServiceDeps) {
  const { provider, now, log } = deps;
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

  const notices = createBillingNotices({ repository, mail: deps.mail, publicUrl: deps.publicUrl });
  const schedule = createBillingSchedule({ jobs: deps.jobs, providerKind: provider.kind, now });

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
    return subscriptionView(subscription, plan, now());
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
      const coupon = await requireCoupon(provider, request.coupon_id);
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
      const token = testCardToken(request, now(), await repository.testCardFingerprintKey());
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
        return await checkout({ repository, provider, notices, schedule, now }, { userId, sessionToken, plan, couponCode: order.coupon_id, cardToken: order.stripe_token, idempotencyKey });
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

    /**
     * The account is being deleted: the subscription ends at the provider at once, and only the billing record the law
     * asks for is kept, apart from the account (decision 3005).
     */
    async endForDeletedAccount(userId: string): Promise<void> {
      const subscription = await repository.findByUser(userId);
      if (!subscription) return;
      if (subscription.status !== 'canceled') await provider.cancelNow({ customerId: subscription.provider_customer_id, subscriptionId: subscription.provider_subscription_id });
      await repository.retainBillingRecord(subscription, now());
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
      if (updated.status !== subscription.status) await schedule.sweepAfter(updated.current_period_end);
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
          if (event.type === 'invoice.payment_failed') await notices.paymentFailed(updated);
          if (updated.trial_end && new Date(updated.trial_end).getTime() !== (local.trial_end ? new Date(local.trial_end).getTime() : 0)) {
            await schedule.trialReminder(updated);
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
      await notices.trialEnding(subscription, await repository.findPlan(subscription.plan_id), trialEnd);
      return true;
    },

    /** Test mode's stand-in for the provider's clock: ends trials, renews periods, fails renewals, ends cancelled plans. */
    async sweepTestModePeriods(): Promise<{ renewed: number; failed: number; canceled: number }> {
      if (provider.kind !== 'test') return { renewed: 0, failed: 0, canceled: 0 };
      return sweepDueTestModePeriods({ repository, notices, schedule, log }, now());
    },

    /** Startup: re-schedules the sweep for the earliest live test-mode period (idempotent across instances). */
    async scheduleNextSweep(): Promise<void> {
      if (provider.kind !== 'test') return;
      await schedule.sweepAfter(await repository.earliestTestModePeriodEnd());
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
export { BILLING_SWEEP_QUEUE, TRIAL_ENDING_QUEUE, WebhookSignatureError };
