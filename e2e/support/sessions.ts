import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { randomTestCardNumber } from '@cma/contracts';

export const E2E_PASSWORD = 'Open-House-2026';

export interface SubscribedSession {
  email: string;
  token: string;
}

/** A fresh, unique e-mail address per call. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/**
 * Registers a new agent and starts a trial through the real account and test-mode billing APIs
 * (POST /api/register → /api/test-billing/tokens → /api/create-subscription); returns the subscribed session.
 */
export async function createSubscribedSession(request: APIRequestContext, prefix = 'e2e'): Promise<SubscribedSession> {
  const email = uniqueEmail(prefix);
  const registered = await request.post('/api/register', { data: { name: 'Casey Agent', email, password: E2E_PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(200);
  const headers = { authorization: `Bearer ${((await registered.json()).data as { token: string }).token}` };
  const plans = (await (await request.get('/api/subscription-plan-list')).json()).data as Array<{ id: number; amount: number | string }>;
  const expYear = new Date().getFullYear() + 3;
  const card = await request.post('/api/test-billing/tokens', { headers, data: { number: randomTestCardNumber(), exp_month: 12, exp_year: expYear, cvc: '123' } });
  expect(card.status(), await card.text()).toBe(200);
  const cardToken = (await card.json()).data as { id: string; last4: string };
  const order = await request.post('/api/create-subscription', {
    headers,
    data: { exp_month: 12, exp_year: expYear, subscription_plan_id: plans[0]!.id, card_number: cardToken.last4, stripe_token: cardToken.id, coupon_id: '', plan_amount: String(plans[0]!.amount) },
  });
  const session = (await order.json()).data as { token: string; is_subscribed: number };
  expect(session.is_subscribed).toBe(1);
  return { email, token: session.token };
}

/** Registers a new agent without subscribing; returns the account's session token. */
export async function createRegisteredSession(request: APIRequestContext, prefix = 'e2e'): Promise<SubscribedSession> {
  const email = uniqueEmail(prefix);
  const registered = await request.post('/api/register', { data: { name: 'Riley Registered', email, password: E2E_PASSWORD } });
  expect(registered.status(), await registered.text()).toBe(200);
  return { email, token: ((await registered.json()).data as { token: string }).token };
}

/**
 * Seeds the persisted store (redux-persist key 'root') with a chosen plan, as the plan page leaves it,
 * before any page script runs. Each slice is stored whole, so every field is given (the current persisted version, 1).
 */
export async function choosePlanInBrowser(page: Page, plan: Record<string, unknown>): Promise<void> {
  await page.addInitScript((chosen) => {
    const login = {
      loginstate: 'register',
      businessAndSubscriptionDetails: null,
      profileImage: '',
      passData: null,
      promocode: '',
    };
    const subscriptionPlans = { subscriptionPlan: chosen, allSubcriptionPlan: [] };
    localStorage.setItem('persist:root', JSON.stringify({ login: JSON.stringify(login), subscriptionPlans: JSON.stringify(subscriptionPlans), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
  }, plan);
}

/** Fills and sends the sign-up form of /login in its register state, as a visitor would. */
export async function registerInBrowser(page: Page, name: string, email: string, password = E2E_PASSWORD): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs this browser in once, as a sign-in leaves it (localStorage); unlike useSessionInBrowser, a later sign-out sticks. */
export async function signInBrowserOnce(page: Page, session: SubscribedSession): Promise<void> {
  await page.goto('/');
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('subscribed', '1');
  }, session.token);
}

/** Puts the session into localStorage before any page script runs, as a signed-in browser would have it. */
export async function useSessionInBrowser(page: Page, session: SubscribedSession, subscribed: 0 | 1 = 1): Promise<void> {
  await page.addInitScript(([token, flag]) => {
    localStorage.setItem('token', token);
    localStorage.setItem('subscribed', flag);
  }, [session.token, String(subscribed)] as const);
}

/** The first plan of GET /api/subscription-plan-list. */
export async function firstPlan(request: APIRequestContext): Promise<Record<string, unknown>> {
  const plans = (await (await request.get('/api/subscription-plan-list')).json()).data as Array<Record<string, unknown>>;
  expect(plans.length).toBeGreaterThan(0);
  return plans[0]!;
}
