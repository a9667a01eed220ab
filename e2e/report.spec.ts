import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { DERIVED_STATE_KEYS, derivedKeys, migrateCmaState } from '@cma/cma';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { recordCspViolations } from './support/csp';
import { sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 8 in the real browser: a saved CMA is picked from HISTORY (paged), the store is restored, /report renders the
// PDF in the browser, it downloads, saving again updates the same entry, and after a reload HISTORY restores every field.

const SHOTS = screenshotDir('report');
const sample = sampleReportState();
// The store keeps the document; the derived keys (count, checked, the addresses…) are computed from it (decision 2110).
const RESTORED_KEYS = HISTORY_STATE_KEYS.filter((key) => !(DERIVED_STATE_KEYS as readonly string[]).includes(key));

/** The persisted workflow store (redux-persist writes it to localStorage under 'persist:root'). */
async function persistedReport(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('persist:root');
    return raw ? (JSON.parse(JSON.parse(raw).cmaWorkflow) as Record<string, unknown>) : null;
  });
}

async function pickFromHistory(page: Page, address: string) {
  await page.getByRole('button', { name: /HISTORY/ }).click();
  const menu = page.getByRole('region', { name: 'Saved reports' });
  await menu.getByRole('button', { name: address }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await expect
    .poll(async () => (await persistedReport(page))?.clientName, { timeout: 10_000 })
    .toBe(sample.clientName);
}

test('HISTORY pages and restores a saved report; /report previews, downloads and saves it without duplicating', async ({ page, request }) => {
  test.setTimeout(180_000);
  const session = await createSubscribedSession(request, 'report');
  const headers = { authorization: `Bearer ${session.token}` };
  // Eleven older saves, then the sample: 12 entries, so HISTORY has a second page.
  for (let i = 1; i <= 11; i++) {
    const state = { ...sample, comaparables: [], base64Images: [], businessImages: [], report_data: { reportId: `older-${i}` }, address: `${i} Older Lane` };
    expect((await request.post('/api/post-history', { headers, data: { address: `${i} Older Lane, Denver, CO`, state: JSON.stringify(state) } })).status()).toBe(200);
  }
  const address = sample.selectedPropertyAddress as string;
  expect((await request.post('/api/post-history', { headers, data: { address, state: JSON.stringify(sample) } })).status()).toBe(200);

  await useSessionInBrowser(page, session);
  // The menu lists addresses: its pages come without the saved reports, only the chosen one is fetched whole.
  const listBodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\/api\/get-history\?/.test(response.url())) listBodies.push(response.text());
  });
  await page.goto('/home');
  await page.getByRole('button', { name: /HISTORY/ }).click();
  const menu = page.getByRole('region', { name: 'Saved reports' });
  await expect(menu.getByRole('button', { name: address })).toBeVisible();
  await expect(menu.getByRole('listitem')).toHaveCount(10);
  await expect(menu.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await page.screenshot({ path: path.join(SHOTS, '1-history-page-1.png') });
  await menu.getByRole('button', { name: 'Next page' }).click();
  await expect(menu.getByRole('button', { name: '1 Older Lane, Denver, CO' })).toBeVisible();
  await expect(menu.getByRole('listitem')).toHaveCount(2);
  await expect(menu.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await menu.getByRole('button', { name: 'Previous page' }).click();
  await expect(menu.getByRole('button', { name: address })).toBeVisible();
  await page.getByRole('button', { name: /HISTORY/ }).click();
  expect(listBodies.length).toBeGreaterThanOrEqual(3);
  for (const body of await Promise.all(listBodies)) expect(body).not.toContain('"state"');

  await pickFromHistory(page, address);

  await page.goto('/report');
  const preview = page.locator('iframe[title="Report preview"]');
  await expect(preview).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: path.join(SHOTS, '2-report.png'), fullPage: true });
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const file = await (await download).path();
  const pdf = readFileSync(file!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await download).suggestedFilename()).toBe('1234-Elm-Street-CMA.pdf');

  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByText('Report updated in history.')).toBeVisible();
  const listed = (await (await request.get('/api/get-history?page=1', { headers })).json()).data as { total: number };
  expect(listed.total).toBe(12);

  await page.getByLabel('Client e-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Send to client' }).click();
  await expect(page.getByText('Please enter valid Email ID')).toBeVisible();
  await page.getByLabel('Client e-mail').fill('taylor.reed@example.com');
  await page.getByRole('button', { name: 'Send to client' }).click();
  await expect(page.getByText('The report has been sent to taylor.reed@example.com.')).toBeVisible({ timeout: 60_000 });

  // A fresh browser state: the store is emptied, then HISTORY brings every field back.
  await page.evaluate(() => localStorage.removeItem('persist:root'));
  await page.goto('/home');
  await pickFromHistory(page, address);
  const restored = (await persistedReport(page))!;
  // Every field as the app reads the saved sample (an older version's subject and comparables keep their own facts).
  const read: Record<string, unknown> = { ...migrateCmaState(sample) };
  for (const key of RESTORED_KEYS) expect(restored[key], key).toEqual(read[key]);
  expect(derivedKeys(restored as Parameters<typeof derivedKeys>[0])).toEqual(derivedKeys(sample as Parameters<typeof derivedKeys>[0]));
  expect(restored.pdfColor).toBe(sample.pdfColor);

  // The home page's recent reports open the same way.
  await page.evaluate(() => localStorage.removeItem('persist:root'));
  await page.goto('/home');
  const recent = page.getByRole('region', { name: 'Recent reports' });
  await expect(recent.getByRole('listitem')).toHaveCount(5);
  await recent.getByRole('button', { name: `Open ${address}` }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await expect.poll(async () => (await persistedReport(page))?.clientName, { timeout: 10_000 }).toBe(sample.clientName);
  expect((await persistedReport(page))!.comaparables).toEqual(read.comaparables);
});

test('a failed history load stops the loader silently', async ({ page, request }) => {
  const session = await createSubscribedSession(request, 'report-fail');
  await useSessionInBrowser(page, session);
  await page.route('**/api/get-history*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ status_code: 500, message: 'Server error' }) }));
  await page.goto('/home');
  await page.getByRole('button', { name: /HISTORY/ }).click();
  const menu = page.getByRole('region', { name: 'Saved reports' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('status', { name: 'Loading saved reports' })).toHaveCount(0);
  await expect(menu.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByText('Server error')).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(menu.getByRole('button', { name: 'Previous page' })).toBeDisabled();
});

test('finish a CMA from a CSV → the PDF shows the reviewed value → download, save, reload → HISTORY restores every field', async ({ page, request }) => {
  test.setTimeout(240_000);
  const session = await createSubscribedSession(request, 'report-journey');
  const cspViolations = await recordCspViolations(page);
  await useSessionInBrowser(page, session);
  await page.goto('/home');
  await page.getByLabel('Client name').fill('Pat Seller');
  await page.getByLabel('Upload MLS CSV files').setInputFiles(path.resolve('samples/recolorado-sample.csv'));
  await expect(page.getByText(/\d listings loaded\./)).toBeVisible();
  await page.getByRole('button', { name: 'Choose the subject →' }).click();
  await page.getByRole('list', { name: 'Loaded listings' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /^Subject: / })).toBeVisible();
  // A photo the agent uploads is stored on the server; the PDF must still show it.
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#88aacc' } }).png().toBuffer();
  await page.getByLabel('Add photos of the subject (PNG or JPEG)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: photo });
  await expect(page.getByRole('img', { name: 'Photo 1 of the subject' })).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await page.getByRole('button', { name: 'Choose comparables →' }).click();
  await page.getByLabel('Distance').selectOption('any');
  await page.getByLabel('Closed within').selectOption('60');
  await page.getByLabel('Size').selectOption('any');
  const boxes = page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox');
  await expect(boxes.nth(2)).toBeVisible();
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Adjust 3 comparables →' }).click();
  await page.getByRole('button', { name: 'Review the value →' }).click();
  const value = (await page.getByTestId('reconciled-value').textContent())!.trim();
  await page.getByRole('button', { name: 'Continue to the report →' }).click();

  await expect(page).toHaveURL(/\/report$/);
  await expect(page.locator('iframe[title="Report preview"]')).toBeVisible({ timeout: 90_000 });
  // Rendering the PDF in the browser (WebAssembly layout, blob preview) runs under the strict CSP.
  expect(await cspViolations()).toEqual([]);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  await (await download).saveAs(path.join(SHOTS, 'journey.pdf'));
  const pdfText = execFileSync('pdftotext', [path.join(SHOTS, 'journey.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  // The PDF prints the engine's value, the same one /review showed.
  expect(pdfText).toContain(value);
  expect(pdfText).toContain('Prepared for Pat Seller');
  // The uploaded subject photo is drawn (cover, subject page, grid, photos page all embed it).
  const images = execFileSync('pdfimages', ['-list', path.join(SHOTS, 'journey.pdf')], { encoding: 'utf8' }).trim().split('\n').slice(2);
  expect(images.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByText('Report saved to history.')).toBeVisible();
  await page.reload();
  await expect(page.locator('iframe[title="Report preview"]')).toBeVisible({ timeout: 90_000 });
  const saved = (await persistedReport(page))!;
  const address = (saved.selectedPropertydata as { properties_address: string }).properties_address;
  // Generated twice (before and after the reload), counted once.
  const headers = { authorization: `Bearer ${session.token}` };
  await expect.poll(async () => ((await (await request.get('/api/user-details', { headers })).json()).data as { user: { report_count: number } }).user.report_count).toBe(1);

  await page.evaluate(() => localStorage.removeItem('persist:root'));
  await page.goto('/home');
  await page.getByRole('button', { name: /HISTORY/ }).click();
  await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: address }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await expect.poll(async () => (await persistedReport(page))?.clientName).toBe('Pat Seller');
  const restored = (await persistedReport(page))!;
  for (const key of RESTORED_KEYS) expect(restored[key], key).toEqual(saved[key]);
  expect(derivedKeys(restored as Parameters<typeof derivedKeys>[0])).toEqual(derivedKeys(saved as Parameters<typeof derivedKeys>[0]));
});
