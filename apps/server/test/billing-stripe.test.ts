import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_TRIAL_USED_MESSAGE, COUPON_INVALID_MESSAGE, NOT_SUBSCRIBED_STATUS, randomTestCardNumber } from '@cma/contracts';
import { createTestApp, createUserWithSession, startTestSmtp, testBackends, type TestApp, type TestSmtp } from './helpers';
import { startFakeStripe, type FakeStripe } from './fake-stripe';

// The Stripe adapter, with the real `stripe` SDK talking to a local fake Stripe HTTP server.

const WEBHOOK_SECRET = 'whsec_test_cma_billing';
const SUBSCRIBER_ONLY = '/api/property-adjustment-valu-list';

describe.each(testBackends())('billing with Stripe (%s)', (backend) => {
  // One app and one fake Stripe per backend; every test uses its own users and finds its own Stripe objects.
  let fake: FakeStripe;
  let stripe: Stripe;
  let smtp: TestSmtp;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    fake = await startFakeStripe({ coupons: [{ id: 'SPRING25', name: 'Spring 25%', percent_off: 25 }] });
    const url = new URL(fake.url);
    stripe = new Stripe(fake.secretKey, { host: url.hostname, port: url.port, protocol: 'http' });
    t = await createTestApp(backend, {
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: fake.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    await smtp.close();
  });

  async function newUser() {
    const email = `agent-${Math.random().toString(36).slice(2)}@example.com`;
    return { email, ...(await createUserWithSession(t, { subscribed: false, email })) };
  }
  const customerOf = (userId: string) => [...fake.customers.values()].find((c) => c.metadata?.user_id === userId);
  const subscriptionOf = (userId: string) => [...fake.subscriptions.values()].find((s) => s.metadata?.user_id === userId);

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  /** What Stripe.js does in the browser: the card becomes a token. */
  const tokenFor = (number: string) => stripe.tokens.create({ card: { number, exp_month: '11', exp_year: '2031', cvc: '314' } } as never);

  async function order(token: string, number: string, coupon = '') {
    const plan = (await get('/api/subscription-plan-list')).json().data[0];
    const card = await tokenFor(number);
    return post(
      '/api/create-subscription',
      { exp_month: 11, exp_year: 2031, subscription_plan_id: plan.id, card_number: number.slice(-4), stripe_token: card.id, coupon_id: coupon, plan_amount: '0.5' },
      token,
    );
  }

  function signedWebhook(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature } });
  }

  it('the public config says Stripe and carries only the publishable key', async () => {
    const config = (await get('/api/config')).json().data;
    expect(config).toMatchObject({ billing: 'stripe', stripePublishableKey: 'pk_test_fake' });
    expect(JSON.stringify(config)).not.toContain(fake.secretKey);
  });

  it("gives one free trial per card by Stripe's card fingerprint: a second account with the same card is refused before anything is created (issue 30)", async () => {
    const number = randomTestCardNumber();
    const first = await newUser();
    expect((await order(first.token, number)).json().data).toMatchObject({ is_subscribed: 1 });
    const second = await newUser();
    const subscriptionsBefore = fake.subscriptions.size;
    const customersBefore = fake.customers.size;
    const again = await order(second.token, number);
    expect(again.json().data).toEqual({ token: second.token, is_subscribed: 0, message: CARD_TRIAL_USED_MESSAGE, data: { card: [CARD_TRIAL_USED_MESSAGE] } });
    expect(fake.subscriptions.size).toBe(subscriptionsBefore);
    expect(fake.customers.size).toBe(customersBefore);
    expect((await order(second.token, randomTestCardNumber())).json().data).toMatchObject({ is_subscribed: 1 });
  });

  it('creates the customer and a subscription with a 14-day trial at the plan price, storing only ids and card display fields', async () => {
    const { userId, token, email } = await newUser();
    const res = await order(token, randomTestCardNumber());
    expect(res.json().data).toMatchObject({ token, is_subscribed: 1 });

    const customer = customerOf(userId);
    expect(customer).toMatchObject({ email, name: 'Test Agent' });
    const subscription = subscriptionOf(userId)!;
    expect(subscription.customer).toBe(customer!.id);
    expect(subscription.status).toBe('trialing');
    expect(subscription.items.data[0].price.unit_amount).toBe(4900); // from the plan, not plan_amount
    const created = fake.requests.find((r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.body.metadata?.user_id === userId)!;
    expect(created.body.trial_period_days).toBe('14');

    const [row] = await t.database.query<Record<string, any>>('select * from subscriptions where user_id = $1', [userId]);
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'trialing',
      provider_customer_id: customer!.id,
      provider_subscription_id: subscription.id,
      card_brand: 'visa',
      card_last4: '4242',
      card_exp_month: 11,
      card_exp_year: 2031,
    });
    expect(new Date(row!.trial_end).getTime()).toBe(subscription.trial_end * 1000);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    // The plan's Stripe price is created once and reused.
    const [plan] = await t.database.query<{ stripe_price_id: string }>('select stripe_price_id from subscription_plans where id = $1', [row!.plan_id]);
    expect(plan!.stripe_price_id).toBe(subscription.items.data[0].price.id);
    expect((await get(SUBSCRIBER_ONLY, token)).statusCode).toBe(200);
    await t.app.ctx.jobs.drain();
    expect((await smtp.waitForTo(email, 1))[0]!.subject).toBe('Your 14-day free trial has started');
  });

  it('four concurrent orders make one Stripe customer and one subscription, each call carrying an idempotency key', async () => {
    const { userId, token } = await newUser();
    const answers = await Promise.all([1, 2, 3, 4].map(() => order(token, randomTestCardNumber())));
    expect(answers.filter((res) => res.statusCode === 200 && res.json().data.is_subscribed === 1)).toHaveLength(1);
    expect([...fake.customers.values()].filter((c) => c.metadata?.user_id === userId)).toHaveLength(1);
    expect([...fake.subscriptions.values()].filter((s) => s.metadata?.user_id === userId)).toHaveLength(1);
    const creates = fake.requests.filter((r) => r.method === 'POST' && ['/v1/customers', '/v1/subscriptions'].includes(r.path) && r.body.metadata?.user_id === userId);
    expect(creates).toHaveLength(2);
    for (const request of creates) expect(request.idempotencyKey).toMatch(/^checkout-[0-9a-f]{32}-(customer|subscription)$/);
  });

  it('a card Stripe declines is answered with is_subscribed 0 and the error list, and nothing is stored', async () => {
    const { userId, token } = await newUser();
    const res = await order(token, '4000000000000002');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ token, is_subscribed: 0, message: 'Your card was declined.', data: { card: ['Your card was declined.'] } });
    expect(customerOf(userId)).toBeUndefined();
    expect(subscriptionOf(userId)).toBeUndefined();
    expect(await t.database.query('select 1 from subscriptions where user_id = $1', [userId])).toHaveLength(0);
    expect((await get(SUBSCRIBER_ONLY, token)).json().status).toBe(NOT_SUBSCRIBED_STATUS);
  });

  it('checks coupons against Stripe and applies them to the subscription', async () => {
    const plan = (await get('/api/subscription-plan-list')).json().data[0];
    const info = await post('/public/api/stripe/check-coupons', { coupon_id: 'SPRING25', subscription_plan_id: plan.id });
    expect(info.json().data).toMatchObject({ id: 'SPRING25', percent_off: 25, amount_off: 12.25, discounted_amount: 36.75 });
    expect((await post('/public/api/stripe/check-coupons', { coupon_id: 'WELCOME20' })).json()).toMatchObject({ status_code: 422, data: { coupon_id: [COUPON_INVALID_MESSAGE] } });

    const { userId, token } = await newUser();
    expect((await order(token, randomTestCardNumber(), 'SPRING25')).json().data.is_subscribed).toBe(1);
    expect(subscriptionOf(userId)!.discounts[0].coupon.id).toBe('SPRING25');
    const [row] = await t.database.query<{ coupon_code: string }>('select coupon_code from subscriptions where user_id = $1', [userId]);
    expect(row!.coupon_code).toBe('SPRING25');
  });

  it('cancels at period end and changes plan in Stripe', async () => {
    const { userId, token } = await newUser();
    await order(token, randomTestCardNumber());
    const subscription = subscriptionOf(userId);
    const annual = (await get('/api/subscription-plan-list')).json().data[1];
    const changed = await post('/api/change-subscription-plan', { subscription_plan_id: annual.id }, token);
    expect(changed.json().data.plan.title).toBe('Annual');
    expect(subscription!.items.data[0].price.unit_amount).toBe(49000);
    const cancelled = await post('/api/cancel-subscription', {}, token);
    expect(cancelled.json().data).toMatchObject({ cancel_at_period_end: true, status: 'trialing' });
    expect(subscription!.cancel_at_period_end).toBe(true);
    expect((await get(SUBSCRIBER_ONLY, token)).statusCode).toBe(200);
  });

  it('webhooks: a signed event re-reads the subscription from Stripe; a forged one is refused; a replay is ignored', async () => {
    const { userId, token, email } = await newUser();
    await order(token, randomTestCardNumber());
    const subscription = subscriptionOf(userId);
    await t.app.ctx.jobs.drain();
    await smtp.waitForTo(email, 1);

    // Stripe's renewal failed: its copy says past_due. The event body claims 'active' and must not be trusted.
    fake.updateSubscription(subscription!.id, { status: 'past_due' });
    const event = {
      id: 'evt_payment_failed_1',
      object: 'event',
      type: 'invoice.payment_failed',
      data: { object: { id: 'in_1', object: 'invoice', status: 'active', parent: { subscription_details: { subscription: subscription!.id } } } },
    };

    const forged = await signedWebhook(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const status = async () => (await t.database.query<{ status: string }>('select status from subscriptions where user_id = $1', [userId]))[0]!.status;
    expect(await status()).toBe('trialing');

    const accepted = await signedWebhook(event);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ received: true, duplicate: false });
    expect(await status()).toBe('past_due');
    expect((await get(SUBSCRIBER_ONLY, token)).json().status).toBe(NOT_SUBSCRIBED_STATUS);
    await t.app.ctx.jobs.drain();
    const mails = await smtp.waitForTo(email, 2);
    expect(mails[1]!.subject).toBe('Your payment failed');

    // Replayed: acknowledged, not processed again (no second e-mail, no re-read).
    fake.updateSubscription(subscription!.id, { status: 'active' });
    const replay = await signedWebhook(event);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await status()).toBe('past_due');
    await t.app.ctx.jobs.drain();
    expect(smtp.to(email)).toHaveLength(2);

    // A new event about the same subscription brings it back.
    const updated = await signedWebhook({ id: 'evt_sub_updated_2', object: 'event', type: 'customer.subscription.updated', data: { object: { id: subscription!.id, object: 'subscription', status: 'canceled' } } });
    expect(updated.statusCode).toBe(200);
    expect(await status()).toBe('active');
    expect((await get(SUBSCRIBER_ONLY, token)).statusCode).toBe(200);
  });

  it('test-mode card tokens are not available with Stripe', async () => {
    const { token } = await newUser();
    expect((await post('/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }, token)).statusCode).toBe(404);
  });
});
