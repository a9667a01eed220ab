import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** The two widths every screen is looked at: desktop and tablet. */
export const DESKTOP_AND_TABLET = [
  { width: 1280, height: 900 },
  { width: 768, height: 1024 },
] as const;

/** test-results/<name>, where a spec keeps the screenshots it takes to be looked at; made when missing. */
export function screenshotDir(name: string): string {
  const dir = path.join('test-results', name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A fresh copy of the sample saved report (samples/report-state.json) that report specs start from. */
export function sampleReportState(): Record<string, unknown> {
  return JSON.parse(readFileSync('samples/report-state.json', 'utf8')) as Record<string, unknown>;
}

/** Screenshots of one part of the page at 1280 and 768 px into dir/<name>-<width>.png; the page never scrolls sideways. */
export async function shootPart(page: Page, dir: string, name: string, part: Locator): Promise<void> {
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Opens a saved report as an agent does (HISTORY → the address), then /report, and waits for its preview. */
export async function openSavedReportOnReportPage(page: Page, address: string): Promise<Locator> {
  await page.goto('/home');
  await page.getByRole('button', { name: /HISTORY/ }).click();
  await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: address }).click();
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await page.goto('/report');
  const preview = page.locator('iframe[title="Report preview"]');
  await expect(preview).toBeVisible({ timeout: 90_000 });
  return preview;
}
