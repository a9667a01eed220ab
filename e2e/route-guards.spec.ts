import { expect, test, type Page } from '@playwright/test';
import {
  choosePlanInBrowser,
  createRegisteredSession,
  createSubscribedSession,
  firstPlan,
  useSessionInBrowser,
  type SubscribedSession,
} from './support/sessions';

// Spec §2 access classes, in the real browser against the real server serving the built SPA.
// /card-details is always open, but its page needs a chosen plan; those cases seed one.
const ALWAYS_OPEN_CONTENT = ['/about-us', '/privacy-policy', '/terms-condition', '/contact-us'];
const PROTECTED = ['/home', '/change-default-values', '/adjustment', '/faqs', '/review', '/report', '/edit-profile', '/confirm-subject', '/compare', '/addoncomparable', '/history'];

const mainHeading = (page: Page) => page.locator('main h1').first();

async function expectToStayOn(page: Page, path: string) {
  await page.goto(path);
  await expect(mainHeading(page), `${path} shows its page`).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test.describe('visitor', () => {
  test('is sent from /home to the landing page', async ({ page }) => {
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#faq')).toBeAttached();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('is sent to / from every protected page', async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of PROTECTED) {
      await page.goto(path);
      await expect(page, `${path} should redirect`).toHaveURL(/\/$/);
    }
  });

  test('opens the always-open pages', async ({ page }) => {
    for (const path of ALWAYS_OPEN_CONTENT) await expectToStayOn(page, path);
  });

  test('sees the fallback page on an unknown path, with a way home', async ({ page }) => {
    const response = await page.goto('/this/page/does-not-exist');
    expect(response?.status()).toBe(200); // the server answers with the SPA; the SPA shows the fallback
    await expect(mainHeading(page)).toHaveText(/can.t find|not found/i);
    await expect(page).toHaveURL(/\/this\/page\/does-not-exist$/);
    await page.getByRole('main').getByRole('link', { name: /home page/i }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('FAQ in the header scrolls to the FAQ section of the landing page', async ({ page }) => {
    await page.goto('/about-us');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.locator('#faq')).toBeInViewport();
  });

  test('a registered, unsubscribed user with a chosen plan opens /card-details but not /home', async ({ page, request }) => {
    const account = await createRegisteredSession(request, 'guards-unsub');
    await useSessionInBrowser(page, account, 0);
    await choosePlanInBrowser(page, await firstPlan(request));
    await expectToStayOn(page, '/card-details');
    await page.goto('/home');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('subscribed session', () => {
  // A real session (pages call the API with it; a made-up token would be answered 401 and cleared).
  test.describe.configure({ mode: 'serial' });
  let session: SubscribedSession;
  test.beforeAll(async ({ request }) => {
    session = await createSubscribedSession(request, 'guards');
  });
  test.beforeEach(async ({ page }) => useSessionInBrowser(page, session));

  test('is sent from the landing page to /home at once, without acting on it first', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('is sent from /login to /home', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });

  test('opens the always-open pages', async ({ page, request }) => {
    for (const path of ALWAYS_OPEN_CONTENT) await expectToStayOn(page, path);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await choosePlanInBrowser(page, await firstPlan(request));
    await expectToStayOn(page, '/card-details');
  });

  test('is sent from an unknown path to /home (the spec lists the fallback among the public routes)', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('opens every protected page', async ({ page }) => {
    test.setTimeout(120_000);
    for (const path of PROTECTED) await expectToStayOn(page, path);
  });
});

test('every navigation scrolls to the top', async ({ page }) => {
  await page.goto('/');
  await expect(mainHeading(page)).toBeVisible(); // the lazy landing page has rendered, so the page is tall
  await expect
    .poll(() => page.evaluate(() => (window.scrollTo(0, document.body.scrollHeight), window.scrollY)))
    .toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
