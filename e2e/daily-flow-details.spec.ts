import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';

// Issue 21, the bullets e2e/daily-flow.spec.ts does not walk, at 1280 × 900 and 768 × 1024: a 3,000-row import counted
// as an agent writes it, address search results an agent can tell apart (price, beds, size, photo, demo listings
// labelled), and /change-default-values with every price range named and amounts with units and separators.
// Screenshots in test-results/daily-flow-details.

const SHOTS = path.join('test-results', 'daily-flow-details');
mkdirSync(SHOTS, { recursive: true });
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
] as const;

/** The REcolorado sample grown to `rows` listings, each with its own listing id and street number. */
function bigExport(rows: number): Buffer {
  // A record starts a line with its quoted listing id; a quoted remark may carry line breaks.
  const [header, ...lines] = readFileSync('samples/recolorado-sample.csv', 'utf8').trim().split(/\r?\n(?="\d+",")/);
  const out = [header!];
  for (let i = 0; out.length <= rows; i++) {
    const line = lines[i % lines.length]!;
    out.push(line.replace(/^"(\d+)","([^"]*)","(\d+)"/, (_all, id: string, status: string, number: string) => `"${Number(id) * 10 + 900_000_000 + i}","${status}","${Number(number) + i}"`));
  }
  return Buffer.from(`${out.join('\n')}\n`);
}

for (const viewport of WIDTHS) {
  test(`start page at ${viewport.width} px: a 3,000-row import and address search results an agent can tell apart`, async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    await useSessionInBrowser(page, await createSubscribedSession(page.request, 'details'));
    await page.goto('/home');

    await page.getByLabel('Upload MLS CSV files').setInputFiles({ name: 'big-export.csv', mimeType: 'text/csv', buffer: bigExport(3000) });
    await expect(page.getByText(/^3,000 listings loaded\./)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('table', { name: 'Imported files' }).getByRole('row', { name: /big-export\.csv/ })).toContainText(/3,000\s*3,000\s*0$/);
    await page.screenshot({ path: path.join(SHOTS, `${viewport.width}-1-import.png`), fullPage: true });

    await page.getByRole('tab', { name: 'Search by address' }).click();
    await page.getByLabel('Address').fill('Gaylord');
    await page.getByRole('button', { name: 'Search listings' }).click();
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results.first()).toBeVisible();
    const count = await results.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const result = results.nth(i);
      await expect(result, 'price').toContainText(/\$ \d{1,3}(,\d{3})+ (sold|listed)/);
      await expect(result, 'bedrooms').toContainText(/\d+ beds?/);
      await expect(result, 'size').toContainText(/\d{1,3}(,\d{3})* sq ft/);
      await expect(result.locator('img, .cma-result__nophoto'), 'a photo, or its place').toHaveCount(1);
      await expect(result.getByText('Demo listing'), 'the seeded demo listings say so').toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SHOTS, `${viewport.width}-2-search.png`), fullPage: true });
  });

  test(`/change-default-values at ${viewport.width} px: every price range named, amounts with units and separators`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await useSessionInBrowser(page, await createSubscribedSession(page.request, 'details'));
    await page.goto('/change-default-values');
    // The spec's tier labels stay; under each the range it covers, so $500,001–$500,999 belongs to one.
    for (const [label, range] of [
      ['$0-$500,000', 'up to $ 500,000'],
      ['$501,000-$1 Million', '$ 500,001 to $ 1,000,000'],
      ['1 Million and over', 'over $ 1,000,000'],
    ]) {
      await expect(page.getByRole('table', { name: 'Adjustment amounts per category and price range' }).getByRole('columnheader', { name: label })).toContainText(range!);
    }
    const garage = page.locator('tr[data-style="garage"]');
    await expect(garage.getByRole('textbox').first()).toHaveValue('5,000');
    await expect(garage.locator('.defaults-amount__unit').first()).toHaveText('$');
    await expect(garage.locator('.defaults-hint')).not.toBeEmpty();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(SHOTS, `${viewport.width}-3-defaults.png`), fullPage: true });
  });
}
