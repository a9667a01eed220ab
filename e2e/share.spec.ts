import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 18 in the real browser: /report shares the saved report as a live link; the client opens /r/<token> on a phone
// with JavaScript off (every request to this server only), downloads the PDF; the agent sees the view; revoking it
// leaves a page that says the link is no longer available.

const SHOTS = screenshotDir('share');
const sample = sampleReportState();
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

async function openAsClient(browser: Browser, url: string, width: number, userAgent: string, shot: string) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent, javaScriptEnabled: false, acceptDownloads: true });
  const page = await context.newPage();
  const origins = new Set<string>();
  page.on('request', (request) => origins.add(new URL(request.url()).origin));
  const response = await page.goto(url);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: path.join(SHOTS, shot), fullPage: true });
  return { context, page, response, origins };
}

test('share a report as a live link: the client opens it on a phone without JavaScript, the agent sees the view, revoking ends it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const session = await createSubscribedSession(page.request, 'share');
  const address = sample.selectedPropertyAddress as string;
  const saved = await page.request.post('/api/post-history', { headers: { authorization: `Bearer ${session.token}` }, data: { address, state: JSON.stringify(sample) } });
  expect(saved.status()).toBe(200);

  await useSessionInBrowser(page, session);
  await page.goto('/home');
  await page.getByRole('button', { name: /HISTORY/ }).click();
  await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: address }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await page.goto('/report');

  const share = page.getByRole('region', { name: 'Share a live link' });
  await share.getByLabel('Link expires in').selectOption('30');
  await share.getByRole('button', { name: 'Create link' }).click();
  const link = share.getByTestId('share-link');
  await expect(link).toHaveCount(1);
  await expect(link.getByTestId('share-link-meta')).toContainText('0 views');
  const url = await link.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(url).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await share.screenshot({ path: path.join(SHOTS, '1-share-panel.png') });

  // The client, on a phone, JavaScript off: the whole report is in the HTML; nothing is fetched from another host.
  const phone = await openAsClient(browser, url, 390, PHONE_UA, '2-live-390.png');
  expect(phone.response!.status()).toBe(200);
  expect([...phone.origins]).toEqual([new URL(url).origin]);
  await expect(phone.page.getByRole('heading', { level: 1 })).toHaveText('1234 Elm Street, Denver, CO 80220');
  await expect(phone.page.getByTestId('live-range')).toHaveText(/^\$ [\d,]+ – \$ [\d,]+$/);
  await expect(phone.page.getByRole('heading', { name: 'Comparable sales' })).toBeVisible();
  await expect(phone.page.getByRole('link', { name: /^Call / }).first()).toHaveAttribute('href', /^tel:/);
  // Every image drawn (logo, subject, comparables) loaded from the page's own origin.
  const broken = await phone.page.locator('img').evaluateAll((images) => images.filter((img) => !(img as HTMLImageElement).complete || (img as HTMLImageElement).naturalWidth === 0).length);
  expect(broken).toBe(0);
  // No horizontal scrolling on a phone.
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const download = phone.page.waitForEvent('download');
  await phone.page.getByRole('link', { name: 'Download PDF' }).first().click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe('1234-Elm-Street-CMA.pdf');
  expect(readFileSync((await pdf.path())!).subarray(0, 5).toString()).toBe('%PDF-');
  await phone.context.close();

  for (const width of [768, 1280]) {
    const wide = await openAsClient(browser, url, width, DESKTOP_UA, `3-live-${width}.png`);
    expect(wide.response!.status()).toBe(200);
    await wide.context.close();
  }

  // Three openings by two visitors (the phone, and one desktop browser at two widths): a visitor counts once an hour
  // (issue 30), and the agent sees them on /report.
  await page.reload();
  await expect(share.getByTestId('share-link-meta')).toContainText('2 views');

  // The e-mail from the agent: personal message, copy to the agent, previewed before it is sent; sending reuses the link.
  await page.getByLabel('Client e-mail').fill('taylor@example.com');
  await page.getByLabel('Personal message (optional)').fill('Taylor, here is the analysis we discussed.');
  await page.getByRole('button', { name: 'Preview e-mail' }).click();
  const preview = page.getByRole('region', { name: 'E-mail preview' });
  await expect(preview).toContainText('via CMA Studio');
  await expect(preview.frameLocator('iframe').getByText('Taylor, here is the analysis we discussed.')).toBeVisible();
  await preview.screenshot({ path: path.join(SHOTS, '5-email-preview.png') });
  await page.getByRole('button', { name: 'Send to client' }).click();
  await expect(page.getByText('The report has been sent to taylor@example.com.')).toBeVisible();
  await expect(share.getByTestId('share-link')).toHaveCount(1);

  await share.getByRole('button', { name: 'Revoke' }).click();
  await expect(share.getByTestId('share-link-meta')).toContainText('Revoked');
  const gone = await openAsClient(browser, url, 390, PHONE_UA, '4-revoked-390.png');
  expect(gone.response!.status()).toBe(404);
  await expect(gone.page.getByRole('heading', { level: 1 })).toHaveText('This link is no longer available');
  await gone.context.close();
});
