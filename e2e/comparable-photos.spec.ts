import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { screenshotDir } from './support/spec-setup';

// The comparables' photos in the real browser against the real server (demo listings seeded): a subject and comparables
// found in the listing database get their listings' photos once, the agent adds one to a comparable, deletes another,
// picks the added one for the report, and the PDF prints it.

const SHOTS = screenshotDir('comparable-photos');
const DEMO_PHOTOS = 3;

/** Full-page screenshots at desktop and tablet widths, each loaded at that width (the PDF viewer lays out once). */
async function shots(page: Page, name: string, ready: Locator, settleMs = 0) {
  for (const width of [768, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expect(ready).toBeVisible({ timeout: 90_000 });
    await page.waitForTimeout(settleMs);
    // No sideways scrolling of the page itself at either width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** The persisted workflow store (redux-persist writes it to localStorage under 'persist:root'). */
interface StoredRecord {
  uuid: string;
  listingSource?: string;
  listingPhotosCopied?: boolean;
}
async function persistedReport(page: Page): Promise<{ comaparables: StoredRecord[]; selectedPropertydata: StoredRecord }> {
  return page.evaluate(() => JSON.parse(JSON.parse(localStorage.getItem('persist:root')!).cmaWorkflow));
}

/** Mean colour of an image file, as [r, g, b]. */
async function meanColour(file: string): Promise<number[]> {
  const { channels } = await sharp(file).stats();
  return channels.slice(0, 3).map((c) => Math.round(c.mean));
}

test('listing photos of database comparables are copied once, managed on /review and printed in the PDF', async ({ page, request }) => {
  test.setTimeout(240_000);
  const session = await createSubscribedSession(request, 'comp-photos');
  const headers = { authorization: `Bearer ${session.token}` };
  await useSessionInBrowser(page, session);
  const copies: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/save-image-rets')) copies.push(r.postData() ?? '');
  });

  await page.goto('/home');
  await page.getByRole('tab', { name: 'Search by address' }).click();
  await page.getByLabel('Address').fill('Gaylord');
  await page.getByRole('button', { name: 'Search listings' }).click();
  await page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: 'Use as subject' }).first().click();

  // The subject's listing photos arrive without the agent doing anything.
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await expect(page.getByRole('list', { name: 'Photos of the subject' }).getByRole('img')).toHaveCount(DEMO_PHOTOS);
  await expect.poll(async () => (await persistedReport(page)).selectedPropertydata.listingPhotosCopied).toBe(true);
  await shots(page, '1-subject', page.getByRole('list', { name: 'Photos of the subject' }).getByRole('img').nth(DEMO_PHOTOS - 1));

  await page.getByRole('button', { name: 'Choose comparables →' }).click();
  await page.getByLabel('Distance').selectOption('any');
  await page.getByLabel('Closed within').selectOption('60');
  await page.getByLabel('Size').selectOption('any');
  const ranked = page.getByRole('heading', { name: /ranked candidates?/ });
  const before = await ranked.textContent();
  await page.getByRole('button', { name: 'Find more in the listing database' }).click();
  // Tick once the database's sales are ranked in, so the list does not move under the pointer.
  await expect(ranked).not.toHaveText(before!);
  await expect(page.getByRole('button', { name: 'Find more in the listing database' })).toBeEnabled();
  const boxes = page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox');
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Adjust 3 comparables →' }).click();
  await page.getByRole('button', { name: 'Review the value →' }).click();
  await expect(page).toHaveURL(/\/review$/);

  const comps = page.getByRole('region', { name: /^Comp \d: / });
  await expect(comps).toHaveCount(3);
  for (let i = 1; i <= 3; i++) await expect(page.getByRole('list', { name: `Photos of comp ${i}` }).getByRole('img')).toHaveCount(DEMO_PHOTOS);
  await expect
    .poll(async () => (await persistedReport(page)).comaparables.map((c) => [c.listingSource, c.listingPhotosCopied]))
    .toEqual([['demo', true], ['demo', true], ['demo', true]]);
  const stored = await persistedReport(page);
  // Each property's photos are the user's own copies on the server, keyed by the record's uuid.
  for (const { uuid } of [stored.selectedPropertydata, ...stored.comaparables]) {
    const listed = await request.post(`/api/get-images/${uuid}`, { headers });
    expect((await listed.json()).data).toHaveLength(DEMO_PHOTOS);
  }
  // Asked for the subject and 3 comparables (again after each reload: a no-op, the counts above show no second copy).
  expect(new Set(copies).size).toBe(4);
  // The store keeps flags and ids, never the photos themselves.
  expect(await page.evaluate(() => localStorage.getItem('persist:root')!.includes('data:image'))).toBe(false);

  // The agent adds a photo of comp 1 (PNG, resized and stored by the server) and deletes one of comp 2.
  const red = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d01010' } }).png().toBuffer();
  await page.getByLabel('Add photos of comp 1 (PNG or JPEG)').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: red });
  const comp1 = page.getByRole('list', { name: 'Photos of comp 1' }).getByRole('img');
  await expect(comp1).toHaveCount(DEMO_PHOTOS + 1);
  await expect(comp1.last()).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await page.getByRole('button', { name: 'Delete photo 1 of comp 2' }).click();
  await expect(page.getByRole('list', { name: 'Photos of comp 2' }).getByRole('img')).toHaveCount(DEMO_PHOTOS - 1);

  // The Photo column lists comp 1's stored photos; the added one is chosen for the report and marked.
  const choice = page.getByLabel('Photo of comp 1');
  await expect(choice.getByRole('option')).toHaveText(['First photo', 'Photo 1', 'Photo 2', 'Photo 3', 'Photo 4']);
  await choice.selectOption({ label: 'Photo 4' });
  await expect(page.getByRole('list', { name: 'Photos of comp 1' }).getByRole('listitem').last()).toContainText('In the report');
  // Keyboard: the delete buttons and file inputs are reachable and named.
  await page.getByLabel('Add photos of comp 3 (PNG or JPEG)').focus();
  await expect(page.getByLabel('Add photos of comp 3 (PNG or JPEG)')).toBeFocused();

  // A second visit copies nothing again: the page loads ask again, and the server's claim keeps the agent's edits.
  await shots(page, '2-review', page.getByRole('list', { name: 'Photos of comp 3' }).getByRole('img').nth(DEMO_PHOTOS - 1));
  await expect(page.getByRole('list', { name: 'Photos of comp 1' }).getByRole('img')).toHaveCount(DEMO_PHOTOS + 1);
  await expect(page.getByRole('list', { name: 'Photos of comp 2' }).getByRole('img')).toHaveCount(DEMO_PHOTOS - 1);
  expect(new Set(copies).size).toBe(4);
  expect(copies.length).toBeGreaterThan(4);

  await page.getByRole('button', { name: 'Continue to the report →' }).click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.locator('iframe[title="Report preview"]')).toBeVisible({ timeout: 90_000 });
  // Chromium's PDF viewer paints a moment after its frame is shown.
  await shots(page, '3-report', page.getByRole('link', { name: 'Download PDF' }), 2000);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = path.join(SHOTS, 'report.pdf');
  await (await download).saveAs(pdf);

  // Every page as PNG for review, and every embedded photo extracted: the comparables' photos are in the PDF.
  execFileSync('pdftoppm', ['-png', '-r', '60', pdf, path.join(SHOTS, 'page')]);
  const extracted = mkdtempSync(path.join(tmpdir(), 'cma-pdf-images-'));
  execFileSync('pdfimages', ['-png', pdf, path.join(extracted, 'img')]);
  const files = readdirSync(extracted).map((f) => path.join(extracted, f));
  const distinct = new Map(files.map((f) => [createHash('sha256').update(readFileSync(f)).digest('hex'), f]));
  // Subject: its 3 listing photos; comps: the chosen upload, comp 2's second listing photo, comp 3's first; and the map
  // page's street map, composed from the test tile server's tiles.
  expect(distinct.size).toBe(DEMO_PHOTOS + 3 + 1);
  const colours = await Promise.all([...distinct.values()].map(meanColour));
  expect(colours.filter(([r, g, b]) => r! > 180 && g! < 60 && b! < 60)).toHaveLength(1);
});
