import { readdir, readFile } from 'node:fs/promises';
import { randomTestCardNumber } from '@cma/contracts';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';

// Issue 3 in the real browser against the real server: register → sign out → sign in → edit profile → sign out,
// and a forgotten password reset from the e-mailed link (read from the server's outbox folder).

const PASSWORD = 'Open-House-2026';
const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

async function storedSession(page: Page) {
  return page.evaluate(() => ({ token: localStorage.getItem('token'), subscribed: localStorage.getItem('subscribed') }));
}

/**
 * Subscribes the signed-in user through the real billing API in test mode (test card token, then the order of
 * spec §3), then stores the flag as the card screen does on success. The card screen itself is billing's test.
 */
async function subscribeThroughBillingApi(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const plans = (await (await page.request.get('/api/subscription-plan-list')).json()).data as Array<{ id: number; amount: number | string }>;
  const card = await page.request.post('/api/test-billing/tokens', { headers, data: { number: randomTestCardNumber(), exp_month: 12, exp_year: new Date().getFullYear() + 3, cvc: '123' } });
  expect(card.status()).toBe(200);
  const cardToken = (await card.json()).data as { id: string; last4: string };
  const order = await page.request.post('/api/create-subscription', {
    headers,
    data: {
      exp_month: 12,
      exp_year: new Date().getFullYear() + 3,
      subscription_plan_id: plans[0]!.id,
      card_number: cardToken.last4,
      stripe_token: cardToken.id,
      coupon_id: '',
      plan_amount: String(plans[0]!.amount),
    },
  });
  expect(order.status()).toBe(200);
  const result = (await order.json()).data as { token: string; is_subscribed: number };
  expect(result.is_subscribed).toBe(1);
  await page.evaluate((session) => {
    localStorage.setItem('token', session.token);
    localStorage.setItem('subscribed', '1');
  }, result);
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByText('User Logged out Successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await storedSession(page)).toEqual({ token: null, subscribed: null });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('register → sign out → sign in → edit profile → sign out', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('journey');

  // Register: the sign-in screen switches to register mode (login state 'register').
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await page.getByLabel('Full name').fill('Jordan Realtor');
  await page.getByLabel('Email').fill('jordan@');
  await expect(page.getByText('Please enter valid Email ID')).toBeVisible(); // checked as the user types
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel('Mobile number').fill('3035550142');
  await expect(page.getByLabel('Mobile number')).toHaveValue('303-555-0142');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByText('at least 8 characters long and contain a letter and a digit')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/subscription-plan$/); // no plan chosen yet: pick one first
  const afterRegister = await storedSession(page);
  expect(afterRegister.token).toBeTruthy();
  expect(afterRegister.subscribed).toBe('0');

  await subscribeThroughBillingApi(page, afterRegister.token!);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);

  // Sign out (spec §4), then sign in again with the e-mail typed differently.
  await logOut(page);
  await signIn(page, email, 'Wrong-password-1');
  await expect(page.getByText('These credentials do not match our records.').first()).toBeVisible();
  await signIn(page, `  ${email.toUpperCase()} `, PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  expect((await storedSession(page)).subscribed).toBe('1');

  // Edit profile: picture, personal and business details, logo.
  await page.getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(/\/edit-profile$/);
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
  await expect(page.getByAltText('Your profile picture')).toHaveAttribute('src', /default-avatar|svg/);

  const portrait = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#c08040' } }).jpeg().withExif({ IFD0: { Copyright: 'home-address' } }).toBuffer();
  await page.getByLabel('Upload a profile picture').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: portrait });
  await expect(page.getByAltText('Your profile picture')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(page.locator('.avatar')).toHaveAttribute('src', /^data:image\/jpeg;base64,/); // header picture too

  await page.getByLabel('Business name').fill('Front Range Homes');
  await page.getByLabel('Agent name').fill('Jordan Realtor');
  await page.getByLabel('Licence number').fill('FA.100012345');
  await page.getByLabel('Business phone').fill('7205550199');
  await page.getByLabel('Business email').fill('not-an-email');
  await expect(page.getByText('Please enter valid Email ID')).toBeVisible();
  await page.getByLabel('Business email').fill('Office@FrontRange.example');
  await page.getByLabel('Website').fill('www.frontrange.example');
  await page.getByLabel('Business address').fill('1600 Glenarm Pl, Denver, CO 80202');
  const logo = await sharp({ create: { width: 1000, height: 400, channels: 4, background: { r: 0, g: 112, b: 192, alpha: 0.6 } } }).png().toBuffer();
  await page.getByLabel('Upload a business logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByText('Business details saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Business name')).toHaveValue('Front Range Homes');
  await expect(page.getByLabel('Business email')).toHaveValue('office@frontrange.example');
  await expect(page.getByLabel('Business phone')).toHaveValue('720-555-0199');
  await expect(page.getByAltText('Your business logo')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
  await expect(page.getByText(/Free trial until/)).toBeVisible();

  await logOut(page);
  // The old session is gone on the server as well.
  expect((await page.request.get('/api/user-details', { headers: { authorization: `Bearer ${afterRegister.token}` } })).status()).toBe(401);
});

test('a forgotten password is reset from the e-mailed link, once', async ({ page }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail('reset');
  const registered = await page.request.post('/api/register', { data: { name: 'Reset Tester', email, password: PASSWORD } });
  expect(registered.status()).toBe(200);

  await page.goto('/login?scan=true');
  await expect(page.getByText('You opened CMA Studio from a QR code.')).toBeVisible();
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  // No SMTP_URL in the browser run: the server writes each message to DATA_DIR/outbox as an .eml file.
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const files = await readdir(outbox).catch(() => [] as string[]);
        for (const file of files) {
          const text = (await readFile(path.join(outbox, file), 'utf8')).replace(/=\r?\n/g, '');
          if (!text.includes(email)) continue;
          link = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(text)?.[0];
        }
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();

  const resetPath = new URL(link!).pathname;
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Fresh-Start-99');
  await page.getByLabel('Confirm new password').fill('Fresh-Start-98');
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Fresh-Start-99');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Please sign in.')).toBeVisible();

  // Signed in with the new password: not subscribed yet, so on to choose a plan.
  await signIn(page, email, 'Fresh-Start-99');
  await expect(page).toHaveURL(/\/subscription-plan$/);

  // The link works once only.
  await page.goto(resetPath);
  await page.getByLabel('New password', { exact: true }).fill('Second-Try-77');
  await page.getByLabel('Confirm new password').fill('Second-Try-77');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.locator('main').getByRole('alert').filter({ hasText: 'invalid or has expired' })).toBeVisible();
});
