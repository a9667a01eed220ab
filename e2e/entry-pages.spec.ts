import { expect, test } from '@playwright/test';
import { choosePlanInBrowser, createSubscribedSession, E2E_PASSWORD, firstPlan } from './support/sessions';
import { appReady, holdAppCode, markAppReady } from './support/app-code';

// Issue 21, decision 2100: every public entry page arrives rendered by the server with its data and its app loads when
// the visitor acts, as the landing page does (decision 0902). Lighthouse figures: npm run bench (lighthouse.bench.ts).

const ENTRY_PAGES = ['/login', '/forgot-password', '/subscription-plan', '/request-demo', '/about-us', '/privacy-policy', '/terms-condition', '/contact-us'];



test('every public entry page arrives whole, runs no app code until the visitor acts, then goes live without asking again', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const plans = (await (await request.get('/api/subscription-plan-list')).json()).data as { title: string }[];
  await markAppReady(page);
  for (const pathname of ENTRY_PAGES) {
    const html = await (await request.get(pathname)).text();
    expect(html, pathname).toMatch(/<div id="root">.*<main[^>]*>.*<h1/s); // painted without JavaScript
    expect(html, pathname).toMatch(/<title>[^<]+ · CMA Studio<\/title>/); // its own title for crawlers and previews
    const scripts: string[] = [];
    const apiCalls: string[] = [];
    const errors: string[] = [];
    const onRequest = (r: { url(): string; resourceType(): string }) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (r.url().includes('/api/')) apiCalls.push(new URL(r.url()).pathname);
    };
    const onConsole = (message: { type(): string; text(): string }) => void (message.type() === 'error' && errors.push(message.text()));
    page.on('request', onRequest);
    page.on('console', onConsole);
    for (const width of [1280, 768]) {
      scripts.length = 0;
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 1024 });
      await page.goto(pathname);
      await page.waitForLoadState('networkidle');
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(scripts, `${pathname}: only the boot script before the visitor acts`).toEqual(['/entry-boot.js']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${pathname} overflows at ${width} px`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: testInfo.outputPath(`${pathname.slice(1)}-${width}.png`), fullPage: true });
    }
    await page.mouse.move(40, 300);
    await appReady(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length, pathname).toBeGreaterThan(1);
    expect(apiCalls, `${pathname}: its data came with the page`).toEqual([]);
    expect(errors, `${pathname}: the app went live on the server's page without a mismatch`).toEqual([]);
    if (pathname === '/subscription-plan') for (const plan of plans) await expect(page.getByRole('heading', { name: plan.title })).toBeVisible();
    // The live app loads web-vitals when the browser is idle, which on a loaded machine can be after this page is done:
    // leave it for a blank page, so none of its late requests is counted as the next page's.
    await page.goto('about:blank');
    page.off('request', onRequest);
    page.off('console', onConsole);
  }
});

test('/login: what the visitor types before the app is live is kept, and Enter then signs in (never a plain form post)', async ({ page, request }) => {
  const session = await createSubscribedSession(request, 'entry');
  const release = await holdAppCode(page);
  await markAppReady(page);
  const urls: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(frame.url()));
  await page.goto('/login');
  await page.getByLabel('Email').fill(session.email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByLabel('Password').press('Enter');
  expect(await page.evaluate(() => (window as unknown as { appReady?: boolean }).appReady)).toBeUndefined(); // still held back
  release();
  await expect(page).toHaveURL(/\/home$/);
  expect(urls.some((url) => url.includes('password') || url.includes(encodeURIComponent(session.email))), urls.join(' ')).toBe(false);
});

test('/login: focusing a field starts the app, which leaves the focus where the visitor put it', async ({ page }) => {
  const release = await holdAppCode(page);
  await markAppReady(page);
  await page.goto('/login');
  await page.getByLabel('Password').focus();
  release();
  await appReady(page);
  await expect(page.getByLabel('Password')).toBeFocused();
});

test('a returning visitor whose stored plan choice changes the page sees it, without a mismatch', async ({ page, request }) => {
  const plan = await firstPlan(request);
  await choosePlanInBrowser(page, plan);
  await markAppReady(page);
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/subscription-plan');
  await page.mouse.move(40, 300);
  await appReady(page);
  await expect(page.locator('.plan-card--chosen')).toHaveCount(1);
  await expect(page.locator('.plan-card--chosen h2')).toHaveText(String(plan.title));
  expect(errors).toEqual([]);
});
