import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Locator } from '@playwright/test';
import { recordCspViolations } from './support/csp';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 19 item 7 in the real browser: /compare shows the subject and candidates as numbered price pins on street map
// tiles (from the local tile server the config starts: no network in tests), the offline drawing when tiles fail;
// the PDF's map page and the live page show the map the server composed from the same tiles.

const SHOTS = screenshotDir('street-map');
const sample = sampleReportState();
const address = sample.selectedPropertyAddress as string;

/** Share of a picture's pixels of the tile server's block colour (#f2efe9) or its streets: the map shows through. */
async function mapShare(png: Buffer): Promise<number> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let hits = 0;
  for (let i = 0; i < data.length; i += 3) if (Math.abs(data[i]! - 0xf2) <= 6 && Math.abs(data[i + 1]! - 0xef) <= 6 && Math.abs(data[i + 2]! - 0xe9) <= 6) hits++;
  return hits / (info.width * info.height);
}

/** No two visible pin labels overlap. */
async function labelsApart(map: Locator): Promise<void> {
  const boxes = await map.locator('.cma-pin__label').evaluateAll((labels) => labels.map((l) => l.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: r.top, bottom: r.bottom })));
  expect(boxes.length).toBeGreaterThan(3);
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i]!;
      const b = boxes[j]!;
      const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
      expect(overlap, `labels ${i} and ${j} overlap`).toBe(false);
    }
}

test('/compare: numbered price pins on street map tiles with the attribution, keyboard-reachable; the offline drawing when tiles fail', async ({ page }) => {
  test.setTimeout(90_000);
  const session = await createSubscribedSession(page.request, 'map');
  const saved = await page.request.post('/api/post-history', { headers: { authorization: `Bearer ${session.token}` }, data: { address, state: JSON.stringify(sample) } });
  expect(saved.status()).toBe(200);
  await useSessionInBrowser(page, session);
  const violations = await recordCspViolations(page);
  await page.goto('/home');
  await page.getByRole('button', { name: /HISTORY/ }).click();
  await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: address }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);

  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.goto('/compare');
    const map = page.getByRole('region', { name: 'Street map of the subject and the candidates, with their sale prices' });
    await expect(map).toBeVisible();
    await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
    await expect(map.getByText('© OpenStreetMap contributors')).toBeVisible();
    const subject = map.getByRole('button', { name: `Subject: ${address.split(',')[0]}`, exact: false });
    await expect(subject).toHaveText('S');
    // The chosen comparables: 'n $812k' pins, named for a screen reader with the address and the full price.
    const chosen = map.getByRole('button', { name: /^Selected comparable( \d+)?: .+, sold \$[\d,]+$/ });
    await expect(chosen.first()).toHaveText(/^(\d+ )?\$\d+k$/);
    expect(await chosen.count()).toBe((sample.comaparables as unknown[]).length);
    await labelsApart(map);
    // Keyboard: each pin is a tab stop with a visible focus ring.
    await subject.focus();
    await expect(subject).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(map.getByRole('button').and(page.locator(':focus'))).toHaveCount(1);
    await map.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `compare-${width}.png`) });
    expect(await mapShare(await map.screenshot())).toBeGreaterThan(0.2);
    // The tiles come from the one tile host the CSP names.
    expect(await violations()).toEqual([]);
  }

  // Wider filters: the candidates the list shows are pinned too ('rank $price'), and the labels still keep apart.
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.getByLabel('Distance').selectOption('any');
  await page.getByLabel('Closed within').selectOption('60');
  await page.getByLabel('Size').selectOption('any');
  // The demo listing database (seeded by the embedded default) has sales around the subject.
  await page.getByRole('button', { name: 'Find more in the listing database' }).click();
  await expect(page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox', { checked: false }).first()).toBeVisible();
  const listedCandidates = await page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox', { checked: false }).count();
  const streetMap = page.getByRole('region', { name: 'Street map of the subject and the candidates, with their sale prices' });
  await expect(streetMap.getByRole('button', { name: /^Candidate \d+: / })).toHaveCount(listedCandidates);
  expect(listedCandidates).toBeGreaterThan(0);
  await expect(streetMap.getByRole('button', { name: /^Candidate \d+: / }).first()).toHaveText(/^\d+ \$[\d.]+[kM]$/);
  await labelsApart(streetMap);
  await streetMap.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'compare-candidates-1280.png') });

  // /report: the PDF the browser renders carries the same street map, fetched from our server (POST /api/report-map).
  await page.goto('/report');
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const browserPdf = path.join(SHOTS, 'report-from-browser.pdf');
  await (await download).saveAs(browserPdf);
  const browserPages = execFileSync('pdftotext', ['-layout', browserPdf, '-'], { encoding: 'utf8' }).split('\f');
  const browserMapPage = browserPages.findIndex((text) => text.includes('The subject (S) and each comparable with its sale price')) + 1;
  expect(browserMapPage).toBeGreaterThan(0);
  expect(browserPages[browserMapPage - 1]).toContain('© OpenStreetMap contributors');
  expect(await violations()).toEqual([]);

  // Tiles out of reach: the offline drawing, its pins apart.
  await page.route('**/tiles/**', (route) => route.abort('connectionrefused'));
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.goto('/compare');
  await expect(page.getByRole('img', { name: 'Offline drawing of the subject and the candidates' })).toBeVisible();
  await expect(page.getByText('The street map could not be loaded, so the positions are drawn without it.')).toBeVisible();
  await page.getByRole('img', { name: 'Offline drawing of the subject and the candidates' }).screenshot({ path: path.join(SHOTS, 'compare-offline-1280.png') });
});

test('the PDF map page and the live page show the street map the server composed, with price pins and the attribution', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const session = await createSubscribedSession(page.request, 'map-live');
  const headers = { authorization: `Bearer ${session.token}` };
  const saved = await page.request.post('/api/post-history', { headers, data: { address, state: JSON.stringify(sample) } });
  const link = await page.request.post('/api/report-links', { headers, data: { history_id: ((await saved.json()).data as { id: number }).id } });
  const url = ((await link.json()).data as { url: string }).url;

  // The PDF: find the map page, render it and keep the picture.
  const pdf = await page.request.get(`${new URL(url).pathname}/pdf`);
  expect(pdf.status()).toBe(200);
  const pdfPath = path.join(SHOTS, 'report.pdf');
  writeFileSync(pdfPath, await pdf.body());
  const pages = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' }).split('\f');
  const mapPage = pages.findIndex((text) => text.includes('The subject (S) and each comparable with its sale price')) + 1;
  expect(mapPage).toBeGreaterThan(0);
  expect(pages[mapPage - 1]).toContain('© OpenStreetMap contributors');
  expect(pages[mapPage - 1]).toMatch(/1\s+\$\d+k/);
  execFileSync('pdftoppm', ['-png', '-r', '110', '-f', String(mapPage), '-l', String(mapPage), pdfPath, path.join(SHOTS, 'pdf-map-page')]);
  const rendered = readFileSync(path.join(SHOTS, `pdf-map-page-${String(mapPage).padStart(String(pages.length - 1).length, '0')}.png`));
  expect(await mapShare(rendered)).toBeGreaterThan(0.05);

  // The live page, JavaScript off: the map comes from the page's own origin.
  for (const width of [390, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled: false });
    const live = await context.newPage();
    const origins = new Set<string>();
    live.on('request', (request) => origins.add(new URL(request.url()).origin));
    await live.goto(url);
    await live.waitForLoadState('networkidle');
    expect([...origins]).toEqual([new URL(url).origin]);
    const map = live.getByRole('img', { name: /^Map of the subject \(S\) and \d+ comparables with their sale prices/ });
    await map.scrollIntoViewIfNeeded();
    await expect(map).toBeVisible();
    await expect(map).toContainText('© OpenStreetMap contributors');
    await live.screenshot({ path: path.join(SHOTS, `live-map-${width}.png`) });
    expect(await mapShare(await map.screenshot())).toBeGreaterThan(0.2);
    await context.close();
  }
});
