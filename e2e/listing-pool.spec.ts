import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createSubscribedSession, signInBrowserOnce } from './support/sessions';

// Issue 16 item 3 in Chromium: the whole listing pool survives a reload and a restore from history (it was cut to
// 1,000 before). 3,000 real King County sales (/work/shared/datasets, see its README) are imported through the screens.

const SHOTS = path.join('test-results', 'listing-pool');
mkdirSync(SHOTS, { recursive: true });
const DATASET = path.resolve('..', 'shared', 'datasets', 'king-county-sales-recolorado.csv');
const ROWS = 3000;

/** The dataset's header and first ROWS sales, as an MLS export file; and the listing id of the last one. */
function kingCountyFile(): { file: string; lastListingId: string } {
  const lines = readFileSync(DATASET, 'utf8').split(/\r?\n/).slice(0, ROWS + 1);
  const file = path.join(SHOTS, `king-county-${ROWS}.csv`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return { file, lastListingId: lines[ROWS]!.split(',')[0]! };
}

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

async function reviewedValue(page: Page): Promise<number> {
  await page.goto('/review');
  const value = page.getByTestId('reconciled-value');
  await expect(value).toHaveText(/\$\s?\d/);
  return money(await value.textContent());
}

test.use({ viewport: { width: 1280, height: 900 } });

test('3,000 imported listings stay after a reload and come back whole when the report is restored from history', async ({ page }) => {
  test.skip(!existsSync(DATASET), `the King County sales file is not beside this checkout (${DATASET})`);
  test.setTimeout(240_000);
  const { file, lastListingId } = kingCountyFile();
  const agent = await createSubscribedSession(page.request, 'pool');
  await signInBrowserOnce(page, agent);

  await page.goto('/home');
  await page.getByLabel('Upload MLS CSV files').setInputFiles(file);
  await expect(page.getByLabel('Current CMA')).toContainText('3,000 listings loaded', { timeout: 60_000 });

  // A reload keeps all of them (IndexedDB), and a sale from the file's last rows can be found and chosen as subject.
  await page.reload();
  await expect(page.getByLabel('Current CMA')).toContainText('3,000 listings loaded', { timeout: 30_000 });
  await page.screenshot({ path: path.join(SHOTS, '1-home-after-reload-1280.png'), fullPage: true });
  // localStorage holds the CMA, not its listings: they are kept once, in IndexedDB.
  expect(await page.evaluate(() => localStorage.getItem('persist:root') ?? '')).not.toContain(lastListingId);
  await page.getByRole('button', { name: 'Choose the subject →' }).click();
  await expect(page.getByText('Find in the 3,000 loaded listings')).toBeVisible();
  await page.getByPlaceholder('Address or listing id').fill(lastListingId);
  await page.getByRole('list', { name: 'Loaded listings' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /^Subject: .*Parcel/ })).toBeVisible();
  const subjectHeading = (await page.getByRole('heading', { name: /^Subject: / }).textContent()) ?? '';
  const street = /Parcel \d+/.exec(subjectHeading)![0];
  expect(lastListingId).toContain(street.slice('Parcel '.length));

  await page.getByRole('button', { name: 'Choose comparables →' }).click();
  await expect(page.getByRole('heading', { name: 'Choose comparables' })).toBeVisible();
  const boxes = page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox');
  await expect(boxes.nth(2)).toBeVisible({ timeout: 30_000 });
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Adjust 3 comparables →' }).click();
  await expect(page.getByRole('heading', { name: 'Adjustments' })).toBeVisible();
  const value = await reviewedValue(page);
  expect(value).toBeGreaterThan(0);

  // Save to history: the pool goes to the server with the entry.
  await page.goto('/report');
  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByText('Report saved to history.')).toBeVisible({ timeout: 60_000 });

  // A new CMA empties the pool …
  await page.goto('/home');
  await page.getByLabel('Current CMA').getByRole('button', { name: 'Start a new CMA' }).click();
  await page.getByRole('alertdialog', { name: 'Start a new CMA?' }).getByRole('button', { name: 'Start a new CMA' }).click();
  await expect(page.getByLabel('Current CMA')).toHaveCount(0);
  await expect(page.getByText(/listings? loaded/)).toHaveCount(0);

  // … and restoring the saved report brings back every listing and the same value.
  await page.getByRole('button', { name: new RegExp(`^Open .*${street}`) }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await expect(page.getByText('Find in the 3,000 loaded listings')).toBeVisible({ timeout: 60_000 });
  expect(await reviewedValue(page)).toBe(value);
  await page.screenshot({ path: path.join(SHOTS, '2-review-after-restore-1280.png'), fullPage: true });

  // Saving again with the same pool sends the report, not the 3,000 listings again (the pool's hash is unchanged).
  const poolUploads: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/listings')) poolUploads.push(request.url());
  });
  await page.goto('/report');
  await page.getByRole('button', { name: 'Save to history' }).click();
  await expect(page.getByText('Report updated in history.')).toBeVisible({ timeout: 60_000 });
  expect(poolUploads).toEqual([]);

  // Another device: a browser with nothing kept gets the whole pool from the server when it restores.
  await page.evaluate(() => new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase('cma-listing-pool');
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  }));
  await page.goto('/home');
  await page.getByRole('button', { name: new RegExp(`^Open .*${street}`) }).click();
  await expect(page.getByText('Find in the 3,000 loaded listings')).toBeVisible({ timeout: 60_000 });
});

for (const width of [1280, 768]) {
  test(`at the 50,000-listing limit the start page says so and how many of a new file were not loaded (${width} px)`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const agent = await createSubscribedSession(page.request, 'pool-limit');
    await signInBrowserOnce(page, agent);
    // A full pool, as the app keeps it in IndexedDB (50,000 small listings; importing that many takes minutes).
    await page.evaluate(async (max) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open('cma-listing-pool');
        request.onupgradeneeded = () => request.result.createObjectStore('pool');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const records = Array.from({ length: max }, (_, i) => ({ uuid: `full-${i}`, 'Listing Id': `F${i}`, MLS: 'Closed', 'Close Price': 400_000 }));
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('pool', 'readwrite');
        tx.objectStore('pool').put({ owner: localStorage.getItem('dataOwner'), hash: '00000000000c3500', records }, 'pool');
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    }, 50_000);

    await page.goto('/home');
    await expect(page.getByLabel('Current CMA')).toContainText('50,000 listings loaded');
    await page.getByLabel('Upload MLS CSV files').setInputFiles(path.resolve('samples/recolorado-sample.csv'));
    const said = page.getByText(/A CMA holds at most 50,000 listings: \d+ listings of the last file were not loaded\./);
    await expect(said).toBeVisible({ timeout: 30_000 });
    await expect(page.getByLabel('Current CMA')).toContainText('50,000 listings loaded');
    await said.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `3-limit-${width}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
