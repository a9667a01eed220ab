import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { screenshotDir } from './support/spec-setup';

// A CMA in one search (issue 28 item 5), against the real server with its demo listings: the subject found by address,
// its nearby sales pulled, ranked by the engine, the best ones ticked with their photos, and /compare reached without a
// file; and the profile's MLS section.

const SHOTS = screenshotDir('one-search');

test('one address search lands on /compare with ranked candidates, the best ones ticked and their photos shown', async ({ page, request }) => {
  test.setTimeout(120_000);
  await useSessionInBrowser(page, await createSubscribedSession(request));
  for (const width of [1280, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/home');
    await page.getByRole('tab', { name: 'Search by address' }).click();
    await page.getByLabel('Address').fill('Gaylord');
    await page.getByRole('button', { name: 'Search listings' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('button', { name: /^Start the CMA: / }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: path.join(SHOTS, `home-search-${width}.png`), fullPage: true });
    if (width === 768) break;
    await results.getByRole('button', { name: /^Start the CMA: / }).first().click();

    await expect(page).toHaveURL(/\/compare$/);
    const ranked = page.getByRole('list', { name: 'Ranked candidates' });
    await expect(ranked.getByRole('checkbox', { checked: true })).toHaveCount(4);
    // The ticked comparables show their listing photos (our URLs), loaded by the browser.
    const photo = ranked.locator('img.cma-candidate__photo').first();
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, `compare-${width}.png`), fullPage: true });
  }
});

test('the profile has an MLS section that says when no MLS is connected', async ({ page, request }) => {
  await useSessionInBrowser(page, await createSubscribedSession(request));
  await page.goto('/edit-profile');
  const section = page.getByRole('region', { name: 'Your MLS' });
  await expect(section).toContainText('No MLS is connected yet');
});
