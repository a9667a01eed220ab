import { expect, test } from '@playwright/test';
import { seededRandom } from '@cma/valuation';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { screenshotDir, shootPart } from './support/spec-setup';

// Issue 17 item 3 in the real browser: on /review the agent fits the market model, puts it into the value and the
// report, and hides it from the client; the saved CMA carries the reading and the value reconciled with it.

const SHOTS = screenshotDir('market-model-report');

/** 160 closed sales in one neighbourhood over two years (price from size, grade and place), enough to fit the model. */
function salesCsv(): Buffer {
  const next = seededRandom(17);
  const header = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Latitude,Longitude,Levels,Year Built,Above Grade Finished Area,Bedrooms Total,Bathrooms Full,Garage Spaces,Close Price,Close Date,Public Remarks';
  const rows = Array.from({ length: 160 }, (_, i) => {
    const area = 1100 + Math.round(next() * 1900);
    const grade = 6 + Math.floor(next() * 4);
    const lat = 39.68 + next() * 0.04;
    const day = new Date(Date.UTC(2023, 0, 2) + i * 4.5 * 86_400_000);
    const price = Math.round((60_000 + 260 * area + 45_000 * (grade - 7) + 3_000_000 * (lat - 39.68)) * (0.95 + 0.1 * next()));
    return [`MM${1000 + i}`, 'Closed', 100 + i, 'Model Street', 'Denver', 'CO', '80209', lat.toFixed(5), (-104.96 + next() * 0.04).toFixed(5), 'Two', 1950 + Math.floor(next() * 60), area, 2 + Math.floor(next() * 3), 1 + Math.floor(next() * 3), 2, price, `${day.getUTCMonth() + 1}/${day.getUTCDate()}/${day.getUTCFullYear()}`, `Grade ${grade} home.`].join(',');
  });
  return Buffer.from([header, ...rows].join('\n'));
}

test('the agent puts the market model into the value and the report, then hides it from the client', async ({ page }) => {
  test.setTimeout(180_000);
  await useSessionInBrowser(page, await createSubscribedSession(page.request, 'model'));
  await page.goto('/home');
  await page.getByLabel('Upload MLS CSV files').setInputFiles({ name: 'model-street.csv', mimeType: 'text/csv', buffer: salesCsv() });
  await expect(page.getByText(/160 listings loaded\. Choose/)).toBeVisible();
  await page.getByRole('button', { name: 'Choose the subject →' }).click();
  await page.getByPlaceholder('Address or listing id').fill('MM1159');
  await page.getByRole('list', { name: 'Loaded listings' }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Choose comparables →' }).click();
  const boxes = page.getByRole('list', { name: 'Ranked candidates' }).getByRole('checkbox');
  await expect(boxes.nth(2)).toBeVisible();
  for (let i = 0; i < 3; i++) await boxes.nth(i).check();
  await page.getByRole('button', { name: 'Adjust 3 comparables →' }).click();
  await page.getByRole('button', { name: 'Review the value →' }).click();

  await expect(page).toHaveURL(/\/review$/);
  const value = page.getByTestId('reconciled-value');
  const comparablesValue = await value.textContent();
  await page.getByRole('button', { name: 'Fit the market model' }).click();
  await page.getByRole('button', { name: 'Use the market model in the value and the report' }).click({ timeout: 60_000 });
  await expect(page.getByTestId('market-model-in-value')).toBeVisible();
  await expect(page.getByTestId('value-model-explanation')).toContainText(/The comparables carry \d+% and the market model \d+%/);
  await expect(value).not.toHaveText(comparablesValue ?? '');
  // The suggested range is now the model's 80 % likely range.
  const likely = ((await page.getByRole('button', { name: /^Use the 80 % likely range / }).textContent()) ?? '').replace('Use the 80 % likely range ', '');
  await expect(page.getByRole('button', { name: `Use the suggested ${likely}` })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Market model estimate' });
  const show = panel.getByRole('checkbox', { name: 'Show the market model to the client (PDF, live page and e-mail)' });
  await expect(show).toBeChecked();
  await shootPart(page, SHOTS, '1-accepted', panel);

  await show.uncheck();
  await expect(panel.getByText('Hidden from the client: the value stays reconciled with it')).toBeVisible();
  await shootPart(page, SHOTS, '2-hidden', panel);
  const saved = () => page.evaluate(() => {
    const root = JSON.parse(localStorage.getItem('persist:root') ?? '{}') as { cmaWorkflow?: string };
    const state = JSON.parse(root.cmaWorkflow ?? '{}') as { adjustment_formulas?: { marketModel?: { shownToClient: boolean; subjectId: string; estimate: number } } };
    return state.adjustment_formulas?.marketModel ?? null;
  });
  await expect.poll(async () => (await saved())?.shownToClient).toBe(false);
  expect((await saved())!.subjectId).toBe('MM1159');

  // Taken out again: the value is the comparables' once more.
  await panel.getByRole('button', { name: 'Take the market model out of the value' }).click();
  await expect(value).toHaveText(comparablesValue ?? '');
  await expect.poll(saved).toBeNull();
});
