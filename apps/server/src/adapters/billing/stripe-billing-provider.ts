import Stripe from 'stripe';
import { CARD_DECLINED_MESSAGE, CARD_TOKEN_INVALID_MESSAGE } from '@cma/contracts';
import {
  WebhookSignatureError,
  type BillingCoupon,
  type BillingPlan,
  type BillingProvider,
  type CardOnFile,
  type Declinable,
  type ProviderSubscription,
} from './billing-provider';

// Stripe: the browser turns the card into a token with Stripe Elements; here we create the customer with that token
// as its card, and a subscription with a 14-day trial and the coupon. We keep only ids, brand, last 4 and expiry.

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret?: string;
  /** Points the real SDK somewhere else (the fake Stripe server in tests). */
  apiUrl?: string;
}

function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 2, timeout: 20_000, appInfo: { name: 'CMA Studio' } };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  return { ...base, host: url.hostname, port: url.port || (url.protocol === 'http:' ? 80 : 443), protocol: url.protocol === 'http:' ? 'http' : 'https' };
}

const stripeErrorType = (error: unknown): string | undefined => (error as { type?: string } | null)?.type;
const stripeErrorCode = (error: unknown): string | undefined => (error as { code?: string } | null)?.code;
const isCardError = (error: unknown) => stripeErrorType(error) === 'StripeCardError';
const isMissing = (error: unknown) => stripeErrorCode(error) === 'resource_missing';
const toDate = (seconds: number | null | undefined): Date | null => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined): string | null => (value == null ? null : typeof value === 'string' ? value : value.id);

function mapSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items?.data?.[0];
  return {
    customerId: idOf(subscription.customer as string | { id: string }),
    subscriptionId: subscription.id,
    status: subscription.status,
    trialEnd: toDate(subscription.trial_end),
    // Since API 2025-03-31 the period lives on the item.
    currentPeriodEnd: toDate(item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

function cardOf(card: { brand?: string | null; last4?: string | null; exp_month?: number | null; exp_year?: number | null } | null | undefined): CardOnFile {
  return { brand: card?.brand?.toLowerCase() ?? null, last4: card?.last4 ?? null, expMonth: card?.exp_month ?? null, expYear: card?.exp_year ?? null };
}

export function createStripeBillingProvider(config: StripeProviderConfig): BillingProvider {
  const stripe = new Stripe(config.secretKey, clientOptions(config.apiUrl));

  async function cardFromToken(token: string): Promise<CardOnFile | undefined> {
    try {
      const found = await stripe.tokens.retrieve(token);
      return cardOf(found.card);
    } catch (error) {
      if (isMissing(error) || stripeErrorType(error) === 'StripeInvalidRequestError') return undefined;
      throw error;
    }
  }

  async function priceFor(plan: BillingPlan): Promise<string> {
    if (plan.stripePriceId) return plan.stripePriceId;
    // First use of a plan on this Stripe account: create its price once (the service stores the id on the plan).
    const price = await stripe.prices.create(
      { currency: 'usd', unit_amount: plan.amountCents, recurring: { interval: plan.interval }, product_data: { name: `CMA Studio ${plan.title}` } },
      { idempotencyKey: `cma-plan-${plan.id}-${plan.amountCents}-${plan.interval}` },
    );
    return price.id;
  }

  return {
    kind: 'stripe',
    async findCoupon(code): Promise<BillingCoupon | undefined> {
      try {
        const coupon = await stripe.coupons.retrieve(code);
        if (!coupon.valid) return undefined;
        return {
          code: coupon.id,
          name: coupon.name ?? coupon.id,
          percentOff: coupon.percent_off ?? null,
          amountOffCents: coupon.amount_off ?? null,
          duration: coupon.duration,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },

    async cardFingerprint(cardToken) {
      try {
        return (await stripe.tokens.retrieve(cardToken)).card?.fingerprint ?? null;
      } catch (error) {
        if (isMissing(error) || stripeErrorType(error) === 'StripeInvalidRequestError') return null;
        throw error;
      }
    },

    async createSubscription(input) {
      const card = await cardFromToken(input.cardToken);
      if (!card) return { ok: false, field: 'stripe_token', message: CARD_TOKEN_INVALID_MESSAGE };
      let customerId = input.existingCustomerId ?? null;
      try {
        if (customerId) await stripe.customers.update(customerId, { source: input.cardToken }, { idempotencyKey: `${input.idempotencyKey}-customer-card` });
        else {
          const customer = await stripe.customers.create(
            { email: input.email, name: input.name, source: input.cardToken, metadata: { user_id: input.userId } },
            { idempotencyKey: `${input.idempotencyKey}-customer` },
          );
          customerId = customer.id;
        }
      } catch (error) {
        if (isCardError(error)) return { ok: false, field: 'card', message: (error as Error).message || CARD_DECLINED_MESSAGE };
        throw error;
      }
      const priceId = await priceFor(input.plan);
      const subscription = await stripe.subscriptions.create({
        customer: customerId,
        items: [{ price: priceId }],
        ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
        ...(input.coupon ? { discounts: [{ coupon: input.coupon.code }] } : {}),
        metadata: { user_id: input.userId, plan_id: String(input.plan.id) },
      }, { idempotencyKey: `${input.idempotencyKey}-subscription` });
      if (subscription.status === 'incomplete' || subscription.status === 'incomplete_expired') {
        // No trial and the first payment failed: do not leave a half-made subscription behind.
        await stripe.subscriptions.cancel(subscription.id);
        return { ok: false, field: 'card', message: CARD_DECLINED_MESSAGE };
      }
      return { ok: true, value: { ...mapSubscription(subscription), customerId, card, priceId } };
    },

    async changePlan(ref, plan) {
      if (!ref.subscriptionId) throw new Error('No Stripe subscription to change');
      const current = await stripe.subscriptions.retrieve(ref.subscriptionId);
      const priceId = await priceFor(plan);
      const item = current.items.data[0];
      const updated = await stripe.subscriptions.update(ref.subscriptionId, {
        items: [item ? { id: item.id, price: priceId } : { price: priceId }],
        proration_behavior: 'create_prorations',
        metadata: { plan_id: String(plan.id) },
      });
      return { ...mapSubscription(updated), priceId };
    },

    async cancelNow(ref) {
      if (!ref.subscriptionId) return;
      try {
        await stripe.subscriptions.cancel(ref.subscriptionId);
      } catch (error) {
        if (!isMissing(error)) throw error; // already gone at Stripe
      }
    },

    async cancelAtPeriodEnd(ref) {
      if (!ref.subscriptionId) throw new Error('No Stripe subscription to cancel');
      return mapSubscription(await stripe.subscriptions.update(ref.subscriptionId, { cancel_at_period_end: true }));
    },

    async changeCard(ref, cardToken): Promise<Declinable<CardOnFile>> {
      if (!ref.customerId) throw new Error('No Stripe customer to update');
      const card = await cardFromToken(cardToken);
      if (!card) return { ok: false, field: 'stripe_token', message: CARD_TOKEN_INVALID_MESSAGE };
      try {
        await stripe.customers.update(ref.customerId, { source: cardToken });
      } catch (error) {
        if (isCardError(error)) return { ok: false, field: 'card', message: (error as Error).message || CARD_DECLINED_MESSAGE };
        throw error;
      }
      return { ok: true, value: card };
    },

    async retrieveSubscription(subscriptionId) {
      return mapSubscription(await stripe.subscriptions.retrieve(subscriptionId));
    },

    verifyWebhook(rawBody, signatureHeader) {
      if (!config.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured');
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, config.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = (event.data?.object ?? {}) as { id?: string; object?: string; subscription?: string | { id: string } | null; parent?: { subscription_details?: { subscription?: string | { id: string } } } };
      const subscriptionId =
        object.object === 'subscription'
          ? (object.id ?? null)
          : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription) ?? null);
      return { id: event.id, type: event.type, subscriptionId };
    },
  };
}
