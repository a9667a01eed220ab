import { randomBytes } from 'node:crypto';
import { CARD_DECLINED_MESSAGE, CARD_TOKEN_INVALID_MESSAGE } from '@cma/contracts';
import {
  WebhookSignatureError,
  type BillingCoupon,
  type BillingPlan,
  type BillingProvider,
  type ProviderSubscription,
} from './billing-provider';

// The embedded default: no card network at all. Cards are tokenized by POST /api/test-billing/tokens, trials and
// renewals are simulated by dates (the billing sweep job), nothing is ever charged.

export interface TestCardTokenRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  outcome: 'succeed' | 'decline' | 'fail_renewal';
  /** One per card number (a keyed hash, as Stripe's card.fingerprint is one per number). */
  fingerprint: string | null;
}

export interface TestBillingStore {
  findCoupon(code: string, now: Date): Promise<BillingCoupon | undefined>;
  /** Marks the user's unused token used and returns it; undefined if it is unknown, someone else's or spent. */
  claimCardToken(tokenId: string, userId: string, now: Date): Promise<TestCardTokenRow | undefined>;
  /** The fingerprint of the user's token, used or not; null if unknown. */
  cardTokenFingerprint(tokenId: string, userId: string): Promise<string | null>;
}

const DAY_MS = 86_400_000;
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export function addInterval(from: Date, interval: 'month' | 'year'): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export function createTestBillingProvider(store: TestBillingStore, now: () => Date): BillingProvider {
  return {
    kind: 'test',
    findCoupon: (code) => store.findCoupon(code, now()),
    cardFingerprint: (cardToken, userId) => store.cardTokenFingerprint(cardToken, userId),
    async createSubscription(input) {
      const token = await store.claimCardToken(input.cardToken, input.userId, now());
      if (!token) return { ok: false, field: 'stripe_token', message: CARD_TOKEN_INVALID_MESSAGE };
      if (token.outcome === 'decline') return { ok: false, field: 'card', message: CARD_DECLINED_MESSAGE };
      const start = now();
      const trialEnd = input.trialDays > 0 ? new Date(start.getTime() + input.trialDays * DAY_MS) : null;
      const subscription: ProviderSubscription = {
        customerId: input.existingCustomerId ?? newId('cus'),
        subscriptionId: newId('sub'),
        status: trialEnd ? 'trialing' : 'active',
        trialEnd,
        currentPeriodEnd: trialEnd ?? addInterval(start, input.plan.interval),
        cancelAtPeriodEnd: false,
        card: { brand: token.brand, last4: token.last4, expMonth: token.exp_month, expYear: token.exp_year },
        cardOutcome: token.outcome,
      };
      return { ok: true, value: subscription };
    },
    async changePlan(_ref, _plan: BillingPlan) {
      return {}; // the new price applies from the next renewal
    },
    async cancelNow() {
      // Test mode keeps subscriptions in the database only: nothing to tell a provider.
    },
    async cancelAtPeriodEnd() {
      return { cancelAtPeriodEnd: true };
    },
    async changeCard(ref, cardToken) {
      const token = await store.claimCardToken(cardToken, ref.userId, now());
      if (!token) return { ok: false, field: 'stripe_token', message: CARD_TOKEN_INVALID_MESSAGE };
      if (token.outcome === 'decline') return { ok: false, field: 'card', message: CARD_DECLINED_MESSAGE };
      return { ok: true, value: { brand: token.brand, last4: token.last4, expMonth: token.exp_month, expYear: token.exp_year, cardOutcome: token.outcome } };
    },
    async retrieveSubscription() {
      throw new Error('Test mode keeps subscriptions in the database only');
    },
    verifyWebhook() {
      throw new WebhookSignatureError('Test mode has no webhooks');
    },
  };
}
