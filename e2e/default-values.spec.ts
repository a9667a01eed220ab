import path from 'node:path';
import { expect, test } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { screenshotDir } from './support/spec-setup';

// Issue 6: an agent edits their default adjustment values on /change-default-values, saves, reloads and sees them;
// bad amounts are refused in place; reset brings back the spec's table.

const SHOTS = screenshotDir('default-values');

test('edit, save, reload, validate and reset the default adjustment values', async ({ page }) => {
  const session = await createSubscribedSession(page.request, 'defaults');
  await useSessionInBrowser(page, session);
  await page.goto('/change-default-values');

  await expect(page.getByRole('heading', { name: 'Change default values' })).toBeVisible();
  const categories = page.getByRole('table', { name: 'Adjustment amounts per category and price range' });
  for (const tier of ['$0-$500,000', '$501,000-$1 Million', '1 Million and over']) {
    await expect(categories.getByRole('columnheader', { name: tier })).toBeVisible();
  }
  await expect(categories.locator('tbody tr')).toHaveCount(16);
  // Quality and condition per step, beside the 16 categories (issue 27), with the recommended amounts.
  const steps = page.getByRole('table', { name: 'Quality and condition amounts per step and price range' });
  await expect(steps.locator('tbody tr')).toHaveCount(2);
  await expect(page.getByLabel('Quality, $501,000-$1 Million')).toHaveValue('45,000');
  await expect(page.getByLabel('Condition, 1 Million and over', { exact: true })).toHaveValue('40,000');
  const garageLow = page.getByLabel('Garage, $0-$500,000');
  await expect(garageLow).toHaveValue('5,000'); // shown with separators
  await expect(page.getByLabel('Below grade total area, 1 Million and over')).toHaveValue('16.2');
  await page.screenshot({ path: path.join(SHOTS, '1-defaults.png'), fullPage: true });

  // A negative amount is refused in place and nothing is sent.
  const windowsTop = page.getByLabel('Windows, 1 Million and over');
  await windowsTop.fill('-40');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#amount-windows-2-error')).toHaveText('Amounts cannot be negative.');
  await page.screenshot({ path: path.join(SHOTS, '2-invalid.png'), fullPage: true });

  await windowsTop.fill('45000');
  await garageLow.fill('6500');
  await page.getByLabel('Quality, $501,000-$1 Million').fill('52,500');
  // On for a new account (issue 27); this agent prefers their own table.
  await expect(page.getByLabel(/Use market-derived rates/)).toBeChecked();
  await page.getByLabel(/Use market-derived rates/).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Adjustment values saved successfully')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Garage, $0-$500,000')).toHaveValue('6,500');
  await expect(page.getByLabel('Windows, 1 Million and over')).toHaveValue('45,000');
  await expect(page.getByLabel('Quality, $501,000-$1 Million')).toHaveValue('52,500');
  await expect(page.getByLabel(/Use market-derived rates/)).not.toBeChecked();
  const stored = await page.request.get('/api/property-adjustment-valu-list', { headers: { authorization: `Bearer ${session.token}` } });
  expect((await stored.json()).data.user_property_adjustment_value.garage.amount_range_one).toBe(6500);
  expect((await stored.json()).data.uad_step_values.quality).toEqual([20_000, 52_500, 100_000]);
  await page.screenshot({ path: path.join(SHOTS, '3-saved-after-reload.png'), fullPage: true });

  // The app's own dialog asks first (never the browser's confirm()); cancelling keeps the saved values.
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Reset to the recommended values?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Garage, $0-$500,000')).toHaveValue('6,500');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await confirm.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByLabel('Garage, $0-$500,000')).toHaveValue('5,000');
  await expect(page.getByLabel('Quality, $501,000-$1 Million')).toHaveValue('45,000');
  await expect(page.getByLabel(/Use market-derived rates/)).toBeChecked();
});
