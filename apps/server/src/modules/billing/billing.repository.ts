import { randomBytes } from 'node:crypto';
import type { Database } from '@cma/db';
import type { BillingCoupon, BillingPlan } from '../../adapters/billing/billing-provider';
import type { TestCardTokenRow } from '../../adapters/billing/test-billing-provider';

export interface PlanRow {
  id: number;
  title: string;
  amount_cents: number;
  interval: 'month' | 'year';
  description: string;
  features: string[];
  stripe_price_id: string | null;
}

export interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_id: number;
  status: string;
  provider: 'test' | 'stripe';
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  coupon_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  card_outcome: string | null;
}

export type SubscriptionWrite = Omit<SubscriptionRow, 'id'>;

export const planForBilling = (plan: PlanRow): BillingPlan => ({
  id: plan.id,
  title: plan.title,
  amountCents: plan.amount_cents,
  interval: plan.interval,
  stripePriceId: plan.stripe_price_id,
});

const PLAN_COLUMNS = 'id, title, amount_cents, interval, description, features, stripe_price_id';
const SUBSCRIPTION_COLUMNS = `id, user_id, plan_id, status, provider, provider_customer_id, provider_subscription_id, trial_end,
  current_period_end, cancel_at_period_end, coupon_code, card_brand, card_last4, card_exp_month, card_exp_year, card_outcome`;
const WRITABLE = [
  'plan_id', 'status', 'provider', 'provider_customer_id', 'provider_subscription_id', 'trial_end', 'current_period_end',
  'cancel_at_period_end', 'coupon_code', 'card_brand', 'card_last4', 'card_exp_month', 'card_exp_year', 'card_outcome',
] as const;
type WritableColumn = (typeof WRITABLE)[number];

export function createBillingRepository(database: Database) {
  return {
    listActivePlans: () => database.query<PlanRow>(`select ${PLAN_COLUMNS} from subscription_plans where active order by sort_order, id`),
    async findActivePlan(id: number): Promise<PlanRow | undefined> {
      return (await database.query<PlanRow>(`select ${PLAN_COLUMNS} from subscription_plans where id = $1 and active`, [id]))[0];
    },
    async findPlan(id: number): Promise<PlanRow | undefined> {
      return (await database.query<PlanRow>(`select ${PLAN_COLUMNS} from subscription_plans where id = $1`, [id]))[0];
    },
    async setPlanStripePrice(planId: number, priceId: string): Promise<void> {
      await database.query('update subscription_plans set stripe_price_id = $2 where id = $1 and stripe_price_id is null', [planId, priceId]);
    },

    async findCoupon(code: string, now: Date): Promise<BillingCoupon | undefined> {
      const rows = await database.query<{ code: string; name: string; percent_off: string | null; amount_off_cents: number | null; duration: string }>(
        `select code, name, percent_off, amount_off_cents, duration from coupons
         where upper(code) = upper($1) and active and (redeem_by is null or redeem_by > $2)`,
        [code, now],
      );
      const row = rows[0];
      if (!row) return undefined;
      return { code: row.code, name: row.name, percentOff: row.percent_off === null ? null : Number(row.percent_off), amountOffCents: row.amount_off_cents, duration: row.duration };
    },

    async findUser(userId: string): Promise<{ id: string; email: string; name: string } | undefined> {
      return (await database.query<{ id: string; email: string; name: string }>('select id, email, name from users where id = $1', [userId]))[0];
    },

    async findByUser(userId: string): Promise<SubscriptionRow | undefined> {
      return (await database.query<SubscriptionRow>(`select ${SUBSCRIPTION_COLUMNS} from subscriptions where user_id = $1`, [userId]))[0];
    },
    async findByProviderSubscription(providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
      return (
        await database.query<SubscriptionRow>(`select ${SUBSCRIPTION_COLUMNS} from subscriptions where provider_subscription_id = $1`, [providerSubscriptionId])
      )[0];
    },
    async findById(id: string): Promise<SubscriptionRow | undefined> {
      return (await database.query<SubscriptionRow>(`select ${SUBSCRIPTION_COLUMNS} from subscriptions where id = $1`, [id]))[0];
    },
    /** One subscription row per user: a new subscription replaces a cancelled one. */
    async upsert(userId: string, write: SubscriptionWrite, now: Date): Promise<SubscriptionRow> {
      const values = WRITABLE.map((column) => write[column]);
      const rows = await database.query<SubscriptionRow>(
        `insert into subscriptions(user_id, ${WRITABLE.join(', ')}, trial_reminder_sent_at, created_at, updated_at)
         values ($1, ${WRITABLE.map((_, i) => `$${i + 2}`).join(', ')}, null, $${WRITABLE.length + 2}, $${WRITABLE.length + 2})
         on conflict (user_id) do update set ${WRITABLE.map((c) => `${c} = excluded.${c}`).join(', ')},
           trial_reminder_sent_at = null, updated_at = excluded.updated_at
         returning ${SUBSCRIPTION_COLUMNS}`,
        [userId, ...values, now],
      );
      return rows[0]!;
    },
    async update(id: string, patch: Partial<Pick<SubscriptionRow, WritableColumn>>, now: Date): Promise<SubscriptionRow> {
      const columns = (Object.keys(patch) as WritableColumn[]).filter((c) => WRITABLE.includes(c) && patch[c] !== undefined);
      const sets = columns.map((c, i) => `${c} = $${i + 3}`);
      const rows = await database.query<SubscriptionRow>(
        `update subscriptions set ${[...sets, 'updated_at = $2'].join(', ')} where id = $1 returning ${SUBSCRIPTION_COLUMNS}`,
        [id, now, ...columns.map((c) => patch[c])],
      );
      return rows[0]!;
    },
    /** Claims the reminder for this trial once, even with several instances. */
    async claimTrialReminder(id: string, trialEnd: Date, now: Date): Promise<boolean> {
      const rows = await database.query(
        `update subscriptions set trial_reminder_sent_at = $3
         where id = $1 and trial_end = $2 and status = 'trialing' and not cancel_at_period_end and trial_reminder_sent_at is null
         returning id`,
        [id, trialEnd, now],
      );
      return rows.length === 1;
    },
    /** Test-mode subscriptions whose trial or paid period has ended. */
    dueTestModePeriods: (now: Date) =>
      database.query<SubscriptionRow>(
        `select ${SUBSCRIPTION_COLUMNS} from subscriptions
         where provider = 'test' and status in ('trialing', 'active', 'past_due') and current_period_end <= $1
         order by current_period_end limit 500`,
        [now],
      ),

    async earliestTestModePeriodEnd(): Promise<Date | null> {
      const rows = await database.query<{ at: Date | null }>(
        "select min(current_period_end) as at from subscriptions where provider = 'test' and status in ('trialing', 'active')",
      );
      return rows[0]?.at ?? null;
    },

    /**
     * Claims the user's checkout. Returns the idempotency key to use, or undefined while another checkout runs.
     * A claim older than staleBefore (a crashed instance) is taken over with its key, so the provider replays it.
     */
    async claimCheckout(userId: string, idempotencyKey: string, now: Date, staleBefore: Date): Promise<string | undefined> {
      const rows = await database.query<{ idempotency_key: string }>(
        `insert into subscription_checkouts(user_id, idempotency_key, started_at) values ($1, $2, $3)
         on conflict (user_id) do update set started_at = excluded.started_at
           where subscription_checkouts.started_at < $4
         returning idempotency_key`,
        [userId, idempotencyKey, now, staleBefore],
      );
      return rows[0]?.idempotency_key;
    },
    async releaseCheckout(userId: string): Promise<void> {
      await database.query('delete from subscription_checkouts where user_id = $1', [userId]);
    },
    async hasRedeemedCoupon(userId: string, couponCode: string): Promise<boolean> {
      const rows = await database.query('select 1 from coupon_redemptions where user_id = $1 and upper(coupon_code) = upper($2)', [userId, couponCode]);
      return rows.length > 0;
    },
    async recordCouponRedemption(userId: string, couponCode: string, now: Date): Promise<void> {
      await database.query(
        'insert into coupon_redemptions(user_id, coupon_code, redeemed_at) values ($1, $2, $3) on conflict do nothing',
        [userId, couponCode, now],
      );
    },

    /** True the first time an event id is seen (webhook idempotency). */
    async recordEvent(eventId: string, type: string, provider: string): Promise<boolean> {
      const rows = await database.query(
        'insert into billing_events(event_id, type, provider) values ($1, $2, $3) on conflict (event_id) do nothing returning event_id',
        [eventId, type, provider],
      );
      return rows.length === 1;
    },
    async forgetEvent(eventId: string): Promise<void> {
      await database.query('delete from billing_events where event_id = $1', [eventId]);
    },

    /** Keeps the bookkeeping record of a subscription whose account is being deleted (nothing personal). */
    async retainBillingRecord(subscription: SubscriptionRow, at: Date): Promise<void> {
      await database.query(
        `insert into retained_billing_records (provider, provider_customer_id, provider_subscription_id, plan_title, plan_amount_cents, plan_interval, coupon_code, status_at_deletion, subscribed_at, account_deleted_at)
         select $1, $2, $3, p.title, p.amount_cents, p.interval, $5, $6, (select created_at from subscriptions where id = $7), $8 from subscription_plans p where p.id = $4`,
        [subscription.provider, subscription.provider_customer_id, subscription.provider_subscription_id, subscription.plan_id, subscription.coupon_code, subscription.status, subscription.id, at],
      );
    },

    async insertTestCardToken(row: TestCardTokenRow & { user_id: string | null }): Promise<void> {
      await database.query(
        'insert into test_card_tokens(id, user_id, brand, last4, exp_month, exp_year, outcome, fingerprint) values ($1,$2,$3,$4,$5,$6,$7,$8)',
        [row.id, row.user_id, row.brand, row.last4, row.exp_month, row.exp_year, row.outcome, row.fingerprint],
      );
    },
    async cardTokenFingerprint(tokenId: string, userId: string): Promise<string | null> {
      const [row] = await database.query<{ fingerprint: string | null }>('select fingerprint from test_card_tokens where id = $1 and user_id = $2', [tokenId, userId]);
      return row?.fingerprint ?? null;
    },
    /** Test mode's key for card fingerprints, made by whichever instance asks first. */
    async testCardFingerprintKey(): Promise<string> {
      await database.query("insert into app_secrets (name, value) values ('test-card-fingerprint-key', $1) on conflict (name) do nothing", [randomBytes(32).toString('base64url')]);
      const [row] = await database.query<{ value: string }>("select value from app_secrets where name = 'test-card-fingerprint-key'");
      return row!.value;
    },
    /** Takes the card's one free trial: true for exactly one caller per fingerprint, ever (until released). */
    async claimTrialCard(fingerprint: string, now: Date): Promise<boolean> {
      const rows = await database.query('insert into trial_card_fingerprints (fingerprint, claimed_at) values ($1, $2) on conflict (fingerprint) do nothing returning fingerprint', [fingerprint, now]);
      return rows.length === 1;
    },
    /** Gives a claimed trial back (the subscription it was for was not created). */
    async releaseTrialCard(fingerprint: string): Promise<void> {
      await database.query('delete from trial_card_fingerprints where fingerprint = $1', [fingerprint]);
    },
    async claimCardToken(tokenId: string, userId: string, now: Date): Promise<TestCardTokenRow | undefined> {
      const rows = await database.query<TestCardTokenRow>(
        `update test_card_tokens set used_at = $3 where id = $1 and user_id = $2 and used_at is null
         returning id, brand, last4, exp_month, exp_year, outcome, fingerprint`,
        [tokenId, userId, now],
      );
      return rows[0];
    },
  };
}
export type BillingRepository = ReturnType<typeof createBillingRepository>;
