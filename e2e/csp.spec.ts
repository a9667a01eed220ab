import { expect, test, type Page } from '@playwright/test';
import { createSubscribedSession } from './support/sessions';

// The strict Content-Security-Policy the server sends (apps/server/src/http/security.ts) must not break any page.
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)), ...consoleErrors];
}

test('public pages run under the strict CSP without a single violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const response = await page.goto('/');
  expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
  for (const path of ['/', '/about-us', '/subscription-plan', '/contact-us', '/login', '/privacy-policy', '/no-such-page']) {
    await page.goto(path);
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
  const violations = await recordViolations(page);
  for (const path of ['/home', '/change-default-values', '/faqs', '/edit-profile', '/report']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});
