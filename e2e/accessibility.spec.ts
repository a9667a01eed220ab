import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { DESKTOP_AND_TABLET, screenshotDir } from './support/spec-setup';

// Issue 27: the CMA pages pass axe-core's WCAG 2 A/AA rules with no serious or critical violation, at 1280 and 768 px,
// in the states that show the coloured pieces: suggested badges, the street map and its attribution, red, amber and
// green risks, a switched-off row, an overridden rate, warnings, an invalid amount and its error toast. Whole pages are
// checked, so rows and sections added later are checked too. Screenshots in test-results/accessibility.

const SHOTS = screenshotDir('accessibility');

/** Checks the page at both widths (and keeps a full-page screenshot of each), then goes back to 1280 px. */
async function checkPage(page: Page, name: string): Promise<void> {
  for (const viewport of DESKTOP_AND_TABLET) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header at the top of the full-page picture
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
    await expectNoSeriousAxeViolations(page, `/${name} at ${viewport.width} px`);
  }
  await page.setViewportSize(DESKTOP_AND_TABLET[0]);
}

test('/confirm-subject, /compare, /adjustment, /review and /change-default-values pass the WCAG 2 A/AA rules at 1280 and 768 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP_AND_TABLET[0]);
  await useSessionInBrowser(page, await createSubscribedSession(page.request, 'axe'));
  await page.goto('/home');
  await page.getByLabel('Upload MLS CSV files').setInputFiles(path.resolve('samples/recolorado-sample.csv'));
  await expect(page.getByText(/^\d+ listings loaded\./)).toBeVisible();
  await page.getByRole('button', { name: 'Choose the subject →' }).click();

  // The subject, with facts the listing suggests (badges, sources) still to confirm.
  await expect(page).toHaveURL(/\/confirm-subject$/);
  await page.getByRole('list', { name: 'Loaded listings' }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: /^Subject: / })).toBeVisible();
  await expect(page.getByText('suggested').first()).toBeVisible();
  await page.getByRole('group', { name: 'Location' }).getByLabel('Good').check();
  await checkPage(page, 'confirm-subject');
  await page.getByRole('button', { name: 'Choose comparables →' }).click();

  // The candidates on the street map (tiles and attribution loaded), four of them chosen.
  await expect(page.getByRole('heading', { name: 'Choose comparables' })).toBeVisible();
  await page.getByLabel('Distance').selectOption('any');
  await page.getByLabel('Closed within').selectOption('60');
  await page.getByLabel('Size').selectOption('any');
  const boxes = page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox');
  for (let i = 0; i < 4; i++) await boxes.nth(i).check();
  const map = page.getByRole('region', { name: /^Street map of the subject/ });
  await expect.poll(() => map.locator('img.leaflet-tile-loaded').count()).toBeGreaterThan(0);
  await expect(map.getByText('© OpenStreetMap contributors')).toBeVisible();
  await checkPage(page, 'compare');
  await page.getByRole('button', { name: 'Adjust 4 comparables →' }).click();

  // The grid with an overridden rate (comp 1 far off: a red risk beside amber and green ones, warnings), a row switched
  // off, the "not compared" location and the suggested facts of the comparables.
  await expect(page.getByRole('heading', { name: 'Adjustments' })).toBeVisible();
  const rate = page.getByLabel('Above grade finished area rate for comp 1');
  const current = Number((await rate.inputValue()).replace(/[$,]/g, ''));
  await rate.fill(String(Math.round(current * 6 + 50)));
  for (const risk of ['red', 'amber', 'green']) await expect(page.locator(`.cma-grid .risk--${risk}`).first()).toBeVisible();
  await expect(page.getByRole('status', { name: 'Warnings' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Use the Garage adjustment' }).uncheck();
  await expect(page.locator('.cma-grid__row--off')).toHaveCount(1);
  await expect(page.getByRole('region', { name: /^Adjustment grid/ }).getByText('suggested', { exact: true }).first()).toBeVisible();
  await checkPage(page, 'adjustment');
  await page.getByRole('button', { name: 'Review the value →' }).click();

  await expect(page.getByTestId('reconciled-value')).toBeVisible();
  await checkPage(page, 'review');

  // The default values, one amount refused in place.
  await page.goto('/change-default-values');
  await expect(page.getByRole('heading', { name: 'Change default values' })).toBeVisible();
  await page.getByLabel('Windows, 1 Million and over').fill('-40');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Amounts cannot be negative.')).toBeVisible();
  // The error toast stays while pointed at (it closes after 3 s otherwise).
  await page.getByRole('alert').filter({ hasText: 'Please correct the highlighted amounts.' }).hover();
  await checkPage(page, 'change-default-values');
});
