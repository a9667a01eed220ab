import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CARD_DECLINED_MESSAGE,
  CARD_TRIAL_USED_MESSAGE,
  randomTestCardNumber,
  COUPON_ALREADY_USED_MESSAGE,
  COUPON_INVALID_MESSAGE,
  NOT_SUBSCRIBED_STATUS,
  SUBSCRIBED_WITHOUT_TRIAL_MESSAGE,
} from '@cma/contracts';
import { createTestApp, createUserWithSession, startTestSmtp, testBackends, type TestApp, type TestSmtp } from './helpers';

// Test mode (the embedded default): plans, coupons, card tokens, the order of spec §3, trial e-mails, renewals by date.

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = new Date('2026-03-10T15:00:00.000Z');
// A subscriber-only endpoint of the spec (§7), guarded by requireSubscriber.
const SUBSCRIBER_ONLY = '/api/property-adjustment-valu-list';

describe.each(testBackends())('billing in test mode (%s)', (backend) => {
  // One app per backend (building one costs seconds); every test uses its own users and reads only their e-mails.
  let t: TestApp;
  let smtp: TestSmtp;
  let clock: Date;
  let billingJobsAtStartup = -1;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    clock = START;
    t = await createTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'https://cma.example' }, { now: () => clock });
    billingJobsAtStartup = (await t.database.query("select 1 from jobs where queue like 'billing.%'")).length;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    // Each test starts at START again: forget jobs another test scheduled (or already ran) in its own future.
    clock = START;
    await t.database.query("delete from jobs where queue like 'billing.%'");
  });

  async function newUser() {
    const email = `agent-${Math.random().toString(36).slice(2)}@example.com`;
    return { email, ...(await createUserWithSession(t, { subscribed: false, email })) };
  }

  const post = (url: string, payload: unknown, token?: string) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  async function plans() {
    return (await get('/api/subscription-plan-list')).json().data as Array<{ id: number; title: string; amount: number }>;
  }
  // A number of its own each time: test mode gives one free trial per card number (decision 3004).
  async function cardToken(token: string, number = randomTestCardNumber()) {
    const res = await post('/api/test-billing/tokens', { number, exp_month: 12, exp_year: 2030, cvc: '123' }, token);
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; last4: string; brand: string };
  }
  async function subscribe(token: string, opts: { number?: string; coupon?: string; planTitle?: string } = {}) {
    const plan = (await plans()).find((p) => p.title === (opts.planTitle ?? 'Monthly'))!;
    const card = await cardToken(token, opts.number);
    return post(
      '/api/create-subscription',
      { exp_month: 12, exp_year: 2030, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: opts.coupon ?? '', plan_amount: '1' },
      token,
    );
  }
  const subscriptionRow = async (userId: string) =>
    (await t.database.query<Record<string, any>>('select * from subscriptions where user_id = $1', [userId]))[0];

  it('lists the seeded plans without a token, with the first charge 14 days from today', async () => {
    const res = await get('/api/subscription-plan-list');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((p: any) => [p.title, p.amount, p.interval])).toEqual([
      ['Monthly', 49, 'month'],
      ['Annual', 490, 'year'],
    ]);
    expect(list[0].date).toBe('2026-03-24');
    expect(list[0].trial_days).toBe(14);
    // Nothing of billing's is queued until someone subscribes (other modules' tests drain the same queue).
    expect(billingJobsAtStartup).toBe(0);
  });

  it('checks promo codes without a token: percent-off and amount-off, and a clear 422 for unknown codes', async () => {
    const monthly = (await plans())[0]!;
    const percent = await post('/public/api/stripe/check-coupons', { coupon_id: 'welcome20', subscription_plan_id: monthly.id });
    expect(percent.statusCode).toBe(200);
    expect(percent.json().data).toMatchObject({ id: 'WELCOME20', percent_off: 20, amount_off: 9.8, discounted_amount: 39.2 });
    const amount = await post('/public/api/stripe/check-coupons', { coupon_id: 'SAVE10' });
    expect(amount.json().data).toMatchObject({ id: 'SAVE10', percent_off: null, amount_off: 10 });
    const unknown = await post('/public/api/stripe/check-coupons', { coupon_id: 'NOPE' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ status_code: 422, message: COUPON_INVALID_MESSAGE, data: { coupon_id: [COUPON_INVALID_MESSAGE] } });
    expect((await post('/public/api/stripe/check-coupons', {})).statusCode).toBe(422);
  });

  it('tokenizes test cards with Luhn, expiry and CVC checks, for signed-in users only', async () => {
    const { token } = await newUser();
    const card = await cardToken(token);
    expect(card).toMatchObject({ last4: '4242', brand: 'visa' });
    expect(card.id).toMatch(/^tok_test_/);
    const bad = (body: object) => post('/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123', ...body }, token);
    expect((await bad({ number: '4242424242424241' })).json().data).toHaveProperty('number');
    expect((await bad({ exp_month: 2, exp_year: 2026 })).json().data).toHaveProperty('exp_year');
    expect((await bad({ exp_month: 13 })).json().data).toHaveProperty('exp_month');
    expect((await bad({ cvc: '12' })).json().data).toHaveProperty('cvc');
    expect((await post('/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' })).statusCode).toBe(401);
    // Only display fields are kept.
    const [row] = await t.database.query<Record<string, unknown>>('select * from test_card_tokens');
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it('subscribes with a 14-day trial, charging from the plan and coupon (never plan_amount), and unlocks subscriber-only calls', async () => {
    const { userId, token, email } = await newUser();
    const gated = await get(SUBSCRIBER_ONLY, token);
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ status: NOT_SUBSCRIBED_STATUS, message: 'Unauthorized access' });

    const res = await subscribe(token, { coupon: 'WELCOME20' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status_code: 200, data: { token, is_subscribed: 1 } });

    const row = await subscriptionRow(userId);
    expect(row).toMatchObject({ status: 'trialing', provider: 'test', coupon_code: 'WELCOME20', card_brand: 'visa', card_last4: '4242', card_exp_month: 12, card_exp_year: 2030 });
    expect(new Date(row!.trial_end).getTime()).toBe(START.getTime() + 14 * DAY);
    expect((await get(SUBSCRIBER_ONLY, token)).statusCode).toBe(200);

    const details = (await get('/api/subscription-details', token)).json().data;
    expect(details).toMatchObject({ status: 'trialing', is_subscribed: 1, plan: { title: 'Monthly', amount: 49 }, card: { last4: '4242' }, next_charge: '2026-03-24T15:00:00.000Z' });

    await t.app.ctx.jobs.drain();
    const [mail] = await smtp.waitForTo(email, 1);
    expect(mail!.subject).toBe('Your 14-day free trial has started');
    // 20% off the $49 plan, whatever plan_amount the client sent.
    expect(mail!.text).toContain('$39.20');
    expect(mail!.text).toContain('March 24, 2026');
  });

  it('gives one free trial per card: another account with the same card number is refused, nothing created (issue 30)', async () => {
    const number = randomTestCardNumber();
    const first = await newUser();
    expect((await subscribe(first.token, { number })).json().data).toMatchObject({ is_subscribed: 1 });
    expect((await subscriptionRow(first.userId)).trial_end).not.toBeNull();

    // A second account, a new token of the same card number (test mode fakes the provider's fingerprint per number).
    const second = await newUser();
    const again = await subscribe(second.token, { number: number.replace(/(\d{4})(?=\d)/g, '$1 ') });
    expect(again.json().data).toEqual({ token: second.token, is_subscribed: 0, message: CARD_TRIAL_USED_MESSAGE, data: { card: [CARD_TRIAL_USED_MESSAGE] } });
    expect(await subscriptionRow(second.userId)).toBeUndefined();
    expect((await get(SUBSCRIBER_ONLY, second.token)).json().status).toBe(NOT_SUBSCRIBED_STATUS);
    // Another card starts the second account's trial.
    expect((await subscribe(second.token)).json().data).toMatchObject({ is_subscribed: 1 });
    // The fingerprint is a keyed hash: the number is in no table.
    const stored = await t.database.query('select * from trial_card_fingerprints');
    expect(JSON.stringify(stored)).not.toContain(number);
    expect(JSON.stringify(await t.database.query('select * from test_card_tokens'))).not.toContain(number.slice(0, 12));
  });

  it('a declined card does not use up its free trial', async () => {
    const declined = '4000000000000002';
    const first = await newUser();
    expect((await subscribe(first.token, { number: declined })).json().data.message).toBe(CARD_DECLINED_MESSAGE);
    expect((await subscribe(first.token, { number: declined })).json().data.message).toBe(CARD_DECLINED_MESSAGE);
  });

  it('a declined card answers is_subscribed 0 with a message and a map of error lists, and leaves the account locked', async () => {
    const { userId, token } = await newUser();
    const res = await subscribe(token, { number: '4000 0000 0000 0002' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ token, is_subscribed: 0, message: CARD_DECLINED_MESSAGE, data: { card: [CARD_DECLINED_MESSAGE] } });
    expect(await subscriptionRow(userId)).toBeUndefined();
    expect((await get(SUBSCRIBER_ONLY, token)).json().status).toBe(NOT_SUBSCRIBED_STATUS);
  });

  it("refuses another user's or a spent card token, unknown plans and coupons, and a second subscription", async () => {
    const a = await newUser();
    const b = await newUser();
    const plan = (await plans())[0]!;
    const card = await cardToken(a.token);
    const order = { exp_month: 12, exp_year: 2030, subscription_plan_id: plan.id, card_number: '4242', stripe_token: card.id, coupon_id: '', plan_amount: 49 };
    const stolen = await post('/api/create-subscription', order, b.token);
    expect(stolen.json().data).toMatchObject({ is_subscribed: 0, data: { stripe_token: [expect.any(String)] } });
    expect((await post('/api/create-subscription', { ...order, subscription_plan_id: 9999 }, a.token)).statusCode).toBe(422);
    expect((await post('/api/create-subscription', { ...order, coupon_id: 'NOPE' }, a.token)).json().data).toEqual({ coupon_id: [COUPON_INVALID_MESSAGE] });
    expect((await post('/api/create-subscription', order, a.token)).json().data.is_subscribed).toBe(1);
    expect((await post('/api/create-subscription', order, a.token)).statusCode).toBe(422); // spent token / already subscribed
    expect((await subscribe(a.token)).statusCode).toBe(422);
    expect((await post('/api/create-subscription', order)).statusCode).toBe(401);
  });

  it('four concurrent orders with four good cards make one subscription and send one e-mail (a double click never bills twice)', async () => {
    const { userId, token, email } = await newUser();
    const plan = (await plans()).find((p) => p.title === 'Monthly')!;
    const cards = await Promise.all([1, 2, 3, 4].map(() => cardToken(token)));
    const answers = await Promise.all(
      cards.map((card) =>
        post('/api/create-subscription', { exp_month: 12, exp_year: 2030, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: 49 }, token),
      ),
    );
    const subscribed = answers.filter((res) => res.statusCode === 200 && res.json().data.is_subscribed === 1);
    expect(subscribed).toHaveLength(1);
    for (const res of answers.filter((r) => !subscribed.includes(r))) expect(res.statusCode).toBe(422);
    expect(await t.database.query('select 1 from subscriptions where user_id = $1', [userId])).toHaveLength(1);
    expect(await t.database.query('select 1 from subscription_checkouts where user_id = $1', [userId])).toHaveLength(0);
    await t.app.ctx.jobs.drain(); // every queued e-mail has reached SMTP: a second one would be here
    expect(smtp.to(email)).toHaveLength(1);
  });

  it('coming back after a cancel starts paying at once with no trial promised, and a one-time promo code does not apply again', async () => {
    const { token, email } = await newUser();
    expect((await subscribe(token, { coupon: 'WELCOME20' })).json().data.is_subscribed).toBe(1);
    await post('/api/cancel-subscription', {}, token);
    clock = new Date(START.getTime() + 14 * DAY + HOUR + 60_000);
    await t.app.ctx.jobs.drain();

    const again = await subscribe(token, { coupon: 'WELCOME20' });
    expect(again.statusCode).toBe(422);
    expect(again.json().data).toEqual({ coupon_id: [COUPON_ALREADY_USED_MESSAGE] });

    const resubscribed = await subscribe(token);
    expect(resubscribed.json()).toMatchObject({ message: SUBSCRIBED_WITHOUT_TRIAL_MESSAGE, data: { is_subscribed: 1, message: SUBSCRIBED_WITHOUT_TRIAL_MESSAGE } });
    await t.app.ctx.jobs.drain();
    const mails = await smtp.waitForTo(email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Your 14-day free trial has started', 'Your subscription has started']);
  });

  it('limits card attempts per account (card-testing guard)', async () => {
    const { token } = await newUser();
    const plan = (await plans())[0]!;
    const order = { exp_month: 12, exp_year: 2030, subscription_plan_id: plan.id, card_number: '4242', stripe_token: 'tok_test_unknown', coupon_id: '', plan_amount: 49 };
    for (let attempt = 1; attempt <= 10; attempt++) expect((await post('/api/create-subscription', order, token)).json().data.is_subscribed).toBe(0);
    const limited = await post('/api/create-subscription', order, token);
    expect(limited.statusCode).toBe(429);
    // Another account on the same address is not affected.
    const other = await newUser();
    expect((await post('/api/create-subscription', order, other.token)).statusCode).toBe(200);
  });

  it('e-mails "trial ends in 3 days" once, three days before the trial ends', async () => {
    const { token, email } = await newUser();
    await subscribe(token);
    await t.app.ctx.jobs.drain();
    await smtp.waitForTo(email, 1);
    clock = new Date(START.getTime() + 10 * DAY);
    await t.app.ctx.jobs.drain();
    expect(smtp.to(email)).toHaveLength(1);
    clock = new Date(START.getTime() + 11 * DAY + 60_000);
    await t.app.ctx.jobs.drain();
    await t.app.ctx.jobs.drain();
    const mails = await smtp.waitForTo(email, 2);
    expect(mails.map((m) => m.subject)).toEqual(['Your 14-day free trial has started', 'Your free trial ends in 3 days']);
    expect(mails[1]!.text).toContain('March 24, 2026');
    await t.app.ctx.jobs.drain();
    expect(smtp.to(email)).toHaveLength(2);
  });

  it('cancelling keeps access until the period ends, sends no trial reminder, then locks the account', async () => {
    const { userId, token, email } = await newUser();
    await subscribe(token);
    const cancelled = await post('/api/cancel-subscription', {}, token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Your subscription is cancelled. You keep access until 2026-03-24.', data: { cancel_at_period_end: true, next_charge: null } });
    expect((await get(SUBSCRIBER_ONLY, token)).statusCode).toBe(200);

    clock = new Date(START.getTime() + 14 * DAY + 60_000);
    expect((await get(SUBSCRIBER_ONLY, token)).json().status).toBe(NOT_SUBSCRIBED_STATUS);
    // The sweep scheduled at subscription time runs at the top of the next hour.
    clock = new Date(START.getTime() + 14 * DAY + HOUR + 60_000);
    await t.app.ctx.jobs.drain();
    expect((await subscriptionRow(userId))!.status).toBe('canceled');
    await t.app.ctx.jobs.drain();
    expect(smtp.to(email).map((m) => m.subject)).toEqual(['Your 14-day free trial has started']);
  });

  it('renews by date after the trial; a failing renewal goes past_due with an e-mail until the card is replaced', async () => {
    const good = await newUser();
    const failing = await newUser();
    await subscribe(good.token);
    await subscribe(failing.token, { number: '4000000000000341' });
    await t.app.ctx.jobs.drain();
    clock = new Date(START.getTime() + 14 * DAY + 60_000);
    await t.app.ctx.jobs.drain();
    expect((await subscriptionRow(good.userId))!.status).toBe('trialing'); // swept at the top of the next hour
    clock = new Date(START.getTime() + 14 * DAY + HOUR + 60_000);
    await t.app.ctx.jobs.drain();

    const renewed = await subscriptionRow(good.userId);
    expect(renewed!.status).toBe('active');
    expect(new Date(renewed!.current_period_end).toISOString()).toBe('2026-04-24T15:00:00.000Z');
    expect((await subscriptionRow(failing.userId))!.status).toBe('past_due');
    expect((await get(SUBSCRIBER_ONLY, failing.token)).json().status).toBe(NOT_SUBSCRIBED_STATUS);
    const mails = await smtp.waitForTo(failing.email, 3);
    expect(mails.map((m) => m.subject)).toEqual(['Your 14-day free trial has started', 'Your free trial ends in 3 days', 'Your payment failed']);
    expect(smtp.to(good.email).map((m) => m.subject)).not.toContain('Your payment failed');

    const card = await cardToken(failing.token);
    const changed = await post('/api/change-subscription-paymentcard', { stripe_token: card.id }, failing.token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ status: 'active', card: { last4: '4242' } });
    expect((await get(SUBSCRIBER_ONLY, failing.token)).statusCode).toBe(200);

    // Each renewal schedules the next one.
    clock = new Date('2026-04-24T16:01:00.000Z');
    await t.app.ctx.jobs.drain();
    expect(new Date((await subscriptionRow(good.userId))!.current_period_end).toISOString()).toBe('2026-05-24T15:00:00.000Z');
  });

  it('changes plan, and refuses a declined replacement card', async () => {
    const { token } = await newUser();
    await subscribe(token);
    const annual = (await plans()).find((p) => p.title === 'Annual')!;
    const changed = await post('/api/change-subscription-plan', { subscription_plan_id: annual.id }, token);
    expect(changed.json().data).toMatchObject({ plan: { title: 'Annual', amount: 490 }, status: 'trialing' });
    const declined = await cardToken(token, '4000000000000002');
    const res = await post('/api/change-subscription-paymentcard', { stripe_token: declined.id }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ card: [CARD_DECLINED_MESSAGE] });
    expect((await get('/api/subscription-details', token)).json().data.card.last4).toBe('4242');
  });

  it('has no Stripe webhook in test mode', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: '{}', headers: { 'content-type': 'application/json' } })).statusCode).toBe(404);
  });
});
