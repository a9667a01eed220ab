import { expect, test } from '@playwright/test';
import { recordCspViolations } from './support/csp';
import { createSubscribedSession } from './support/sessions';

// The strict Content-Security-Policy the server sends (apps/server/src/http/security.ts) must not break any page.
// The PDF renderer (WebAssembly) is checked where a report is really rendered: e2e/report.spec.ts.

test('public pages run under the strict CSP without a single violation', async ({ page }) => {
  const violations = await recordCspViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  for (const path of ['/', '/about-us', '/subscription-plan', '/contact-us', '/login', '/privacy-policy', '/no-such-page']) {
    await page.goto(path);
    await page.mouse.move(20, 20 + path.length); // the landing page starts its app when the visitor acts (decision 0902)
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('signed-in workflow pages run under the strict CSP without a single violation', async ({ page, request }) => {
  const session = await createSubscribedSession(request, 'csp');
  await page.addInitScript((token) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', token);
      localStorage.setItem('subscribed', '1');
    }
  }, session.token);
  const violations = await recordCspViolations(page);
  for (const path of ['/home', '/change-default-values', '/faqs', '/edit-profile', '/report']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('a form checked by zod runs under the strict CSP without a single violation (zod parses without eval)', async ({ page }) => {
  const violations = await recordCspViolations(page);
  await page.goto('/login');
  await page.getByLabel('Email').fill('jordan@');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter valid Email ID')).toBeVisible(); // the form's zod schema has parsed it
  expect(await violations()).toEqual([]);
});
