// One interface for every card/billing provider; the billing service never knows which one it talks to.

export interface CardOnFile {
  brand: string | null;
  last4: string | null;
  expMonth: number | null;
  expYear: number | null;
}

/** The provider's view of a subscription; only ids, dates, status and card display fields are kept. */
export interface ProviderSubscription {
  customerId: string | null;
  subscriptionId: string | null;
  status: string;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  card?: CardOnFile;
  /** Test mode only: how the card behaves at renewal. */
  cardOutcome?: string;
}

export interface BillingPlan {
  id: number;
  title: string;
  amountCents: number;
  interval: 'month' | 'year';
  stripePriceId: string | null;
}

export interface BillingCoupon {
  code: string;
  name: string;
  percentOff: number | null;
  amountOffCents: number | null;
  duration: string;
}

export type Declinable<T> = { ok: true; value: T } | { ok: false; message: string; field: string };

export interface CreateSubscriptionInput {
  userId: string;
  email: string;
  name: string;
  plan: BillingPlan;
  coupon?: BillingCoupon;
  cardToken: string;
  trialDays: number;
  existingCustomerId?: string | null;
  /** Makes the provider's calls safe to repeat: the same key never creates a second customer or subscription. */
  idempotencyKey: string;
}

export interface ProviderRef {
  customerId: string | null;
  subscriptionId: string | null;
}

export interface BillingWebhookEvent {
  id: string;
  type: string;
  /** The provider subscription the event is about, when there is one. */
  subscriptionId: string | null;
}

export class WebhookSignatureError extends Error {}

export interface BillingProvider {
  readonly kind: 'test' | 'stripe';
  findCoupon(code: string): Promise<BillingCoupon | undefined>;
  /** Creates (or re-creates) the customer's subscription; a declined card is an answer, not an exception. */
  createSubscription(input: CreateSubscriptionInput): Promise<Declinable<ProviderSubscription & { priceId?: string }>>;
  changePlan(ref: ProviderRef, plan: BillingPlan): Promise<Partial<ProviderSubscription> & { priceId?: string }>;
  cancelAtPeriodEnd(ref: ProviderRef): Promise<Partial<ProviderSubscription>>;
  /** Ends the subscription at once, nothing more charged (the account is being deleted). */
  cancelNow(ref: ProviderRef): Promise<void>;
  changeCard(ref: ProviderRef & { userId: string }, cardToken: string): Promise<Declinable<CardOnFile & { cardOutcome?: string }>>;
  /**
   * The provider's fingerprint of a tokenized card: the same for every token of one card number (Stripe's
   * card.fingerprint), null when the token is unknown or the provider gives none. Reads only; the token stays unused.
   */
  cardFingerprint(cardToken: string, userId: string): Promise<string | null>;
  /** Re-reads the subscription from the provider (webhooks never trust the event body). */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** Verifies the signature over the raw body; throws WebhookSignatureError when it does not match. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): BillingWebhookEvent;
}
