import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createSubscribedSession } from './support/sessions';
import { DESKTOP_AND_TABLET, screenshotDir } from './support/spec-setup';

// Issue 21, the agent's daily flow at a desktop (1280 × 900) and a tablet (768 × 1024): the words and controls of the
// start page, suggestions for the additional facts, the comparables list, the adjustment grid with six comparables,
// the money fields, and "Start a new CMA" with the app's own dialog and undo. Screenshots in test-results/daily-flow.

const SHOTS = screenshotDir('daily-flow');

const WIDTHS = DESKTOP_AND_TABLET;

const money = (text: string | null) => Number((text ?? '').replace(/[^0-9]/g, ''));

/** Options of these selects whose text (with `suffix` added, the worst case) is wider than the box shows it. */
function clippedOptions(selects: Locator, suffix = ''): Promise<string[]> {
  return selects.evaluateAll((elements, added) => {
    const ruler = document.createElement('canvas').getContext('2d')!;
    return (elements as HTMLSelectElement[])
      .map((select) => {
        const style = getComputedStyle(select);
        ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // The room for an option's text: the box less its padding and the drop-down arrow.
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
        const texts = [...select.options].map((option) => (option.value && !option.text.endsWith(added) ? option.text + added : option.text));
        return texts.filter((text) => ruler.measureText(text).width > room).map((text) => `${select.getAttribute('aria-label')}: ${text} (${Math.round(ruler.measureText(text).width)} > ${room} px)`);
      })
      .flat();
  }, suffix);
}

async function signIn(page: Page) {
  const session = await createSubscribedSession(page.request, 'daily');
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('token', s.token);
    localStorage.setItem('subscribed', '1');
  }, session);
}

for (const viewport of WIDTHS) {
  test(`the daily flow at ${viewport.width} px: start, subject, comparables, a six-comparable grid, review, start again`, async ({ page }) => {
    test.setTimeout(150_000);
    const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${viewport.width}-${name}.png`), fullPage: true });
    await page.setViewportSize(viewport);
    await signIn(page);

    // Start: one format selector (the upload's), a drop zone, counts written as an agent writes them.
    await page.goto('/home');
    await expect(page.getByText('MLS (csvType)')).toHaveCount(0);
    await expect(page.getByRole('combobox')).toHaveCount(1);
    await expect(page.getByLabel('Format of new files')).toHaveValue('auto');
    await expect(page.getByText('Drop MLS CSV exports here')).toBeVisible();
    await page.getByLabel('Upload MLS CSV files').setInputFiles(path.resolve('samples/recolorado-sample.csv'));
    await expect(page.getByText(/^\d+ listings loaded\./)).toBeVisible();
    await shot('1-start');
    await page.getByRole('button', { name: 'Choose the subject →' }).click();

    // Subject: one choice per group (radio buttons); what the listing says is offered as a suggestion.
    await page.getByRole('list', { name: 'Loaded listings' }).getByRole('button').first().click();
    const location = page.getByRole('group', { name: 'Location' });
    await expect(location.getByRole('radio')).toHaveCount(6);
    await location.getByLabel('Good').check();
    await location.getByLabel('Amazing').check();
    await expect(location.getByLabel('Good')).not.toBeChecked();
    await location.getByLabel('Good').check();
    await expect(page.getByRole('group', { name: /Heating\/Cooling/ }).getByText('suggested')).toBeVisible();
    await expect(page.getByText(/From the listing: Cooling: /)).toBeVisible();
    // Any quality or condition step reads in full, even the one the listing suggested (" (from the listing)").
    expect(await clippedOptions(page.locator('.cma-uad select'), ' (from the listing)')).toEqual([]);
    await shot('2-subject');
    await page.getByRole('button', { name: 'Choose comparables →' }).click();

    // Comparables: $/sq ft on each, sorting, and chosen ones never silently hidden by a filter.
    await page.getByLabel('Distance').selectOption('any');
    await page.getByLabel('Closed within').selectOption('60');
    await page.getByLabel('Size').selectOption('any');
    const list = page.getByRole('list', { name: 'Ranked candidates' });
    await expect(list.getByText(/\/sq ft$/).first()).toBeVisible();
    await page.getByLabel('Sort by').selectOption('price');
    const prices = await list.locator('.cma-candidate__figures > span:first-child').allTextContents();
    const sold = prices.map(money).filter((n) => n > 0);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    await page.getByLabel('Sort by').selectOption('similarity');
    for (let i = 0; i < 6; i++) await list.getByRole('checkbox').nth(i).check();
    await expect(page.getByRole('heading', { name: /· 6 selected/ })).toBeVisible();
    // Sales older than 3 months fall outside the filter: still chosen, listed apart, and the header says so.
    await page.getByLabel('Closed within').selectOption('3');
    const outside = page.getByRole('list', { name: 'Selected comparables outside the filters' });
    await expect(outside).toBeVisible();
    const hidden = await outside.getByRole('checkbox', { checked: true }).count();
    expect(hidden).toBeGreaterThan(0);
    await expect(page.getByRole('heading', { name: new RegExp(`6 selected \\(${hidden} outside these filters`) })).toBeVisible();
    await expect(list.getByRole('checkbox', { checked: true })).toHaveCount(6 - hidden);
    await shot('3-comparables');
    await page.getByLabel('Closed within').selectOption('60');
    await page.getByRole('button', { name: 'Adjust 6 comparables →' }).click();

    // The grid: inside its own scroll box, header row and the category and subject columns stay put.
    await expect(page.getByRole('heading', { name: 'Adjustments' })).toBeVisible();
    const region = page.getByRole('region', { name: /Adjustment grid/ });
    const box = (await region.boundingBox())!;
    const overflow = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      wide: [...document.querySelectorAll('body *')].filter((el) => (el.getBoundingClientRect().right > window.innerWidth + 1 || el.scrollWidth > window.innerWidth) && !el.parentElement?.closest('.cma-grid-wrap')).slice(0, 5).map((el) => `${el.tagName}.${el.className}`),
    }));
    expect(overflow.width, `${overflow.width} px wide: ${overflow.wide.join(', ')}`).toBeLessThanOrEqual(viewport.width);
    const sizes = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, clientHeight: el.clientHeight }));
    expect(sizes.clientHeight, 'the box, and so its horizontal scrollbar, fits on screen').toBeLessThan(viewport.height - 72);
    if (viewport.width === 1280) {
      expect(sizes.scrollWidth, 'six comparables fit at 1280 px').toBeLessThanOrEqual(sizes.clientWidth + 1);
      // The page content starts where the header does.
      const brandLeft = (await page.getByRole('banner').getByRole('link', { name: 'CMA Studio home' }).boundingBox())!.x;
      const titleLeft = (await page.getByRole('heading', { name: 'Adjustments' }).boundingBox())!.x;
      expect(Math.abs(brandLeft - titleLeft)).toBeLessThanOrEqual(1);
    } else {
      const category = page.getByRole('columnheader', { name: 'Category' });
      const subject = page.getByRole('columnheader', { name: /^Subject/ });
      const before = { category: (await category.boundingBox())!.x, subject: (await subject.boundingBox())!.x };
      await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth, top: 300 }));
      await expect.poll(async () => (await category.boundingBox())!.x).toBeCloseTo(before.category, 0);
      expect((await subject.boundingBox())!.x).toBeCloseTo(before.subject, 0);
      expect((await category.boundingBox())!.y).toBeGreaterThanOrEqual(box.y - 1); // the header row stays at the top
      expect((await page.getByRole('columnheader', { name: /^Comp 6/ }).boundingBox())!.x + 10).toBeLessThan(box.x + box.width);
      await region.evaluate((el) => el.scrollTo({ left: 0, top: 0 }));
    }
    // The subject's "Good" location is not compared with any comparable, and says so; empty rows are offered to hide.
    const locationRow = page.getByRole('checkbox', { name: 'Use the Location adjustment' }).locator('xpath=ancestor::tr');
    await expect(locationRow.getByText('not compared', { exact: true })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /no property has data for/ })).not.toBeChecked();
    await expect(page.getByLabel('Heating/Cooling of comp 1')).not.toHaveValue('');
    // Rates read as money; a pasted '12,000' is taken.
    const garageRate = page.getByLabel('Garage rate for comp 1', { exact: true });
    await expect(garageRate).toHaveValue(/^-?\$\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
    await garageRate.fill('12,000');
    await garageRate.blur();
    await expect(garageRate).toHaveValue('$12,000');
    await page.getByRole('button', { name: 'Reset Garage rate for comp 1 to the default' }).click();
    // Whichever quality and condition is chosen reads in full in the narrow column; the full step name is the select's description.
    await page.getByLabel('Quality of the subject', { exact: true }).selectOption('3');
    const compCondition = page.getByLabel('Condition of comp 1', { exact: true });
    await compCondition.selectOption('4');
    await expect(compCondition).toHaveAccessibleDescription('C4 Normal wear');
    // The same for the additional home facts; an unset one reads "Not set", its full name stays the option's.
    const clipped = [...(await clippedOptions(page.locator('.cma-grid .cma-uad select'))), ...(await clippedOptions(page.locator('.cma-grid .cma-compact-facts select')))];
    await page.getByLabel('Quality of the subject', { exact: true }).scrollIntoViewIfNeeded();
    await region.screenshot({ path: path.join(SHOTS, `${viewport.width}-4-grid-quality.png`) });
    expect(clipped).toEqual([]);
    await shot('4-grid');

    // Review: the range reads as money.
    await page.getByRole('button', { name: 'Review the value →' }).click();
    const start = page.getByLabel('Range start');
    await expect(start).toHaveValue(/^\$\d{1,3}(,\d{3})+$/);
    await start.fill('500000');
    await start.blur();
    await expect(start).toHaveValue('$500,000');
    await shot('5-review');

    // Start a new CMA: the app's dialog, then Undo brings everything back.
    await page.goto('/home');
    await expect(page.getByText(/6 comparables selected, \d+ listings loaded/)).toBeVisible();
    let nativeDialog = false;
    page.on('dialog', () => (nativeDialog = true));
    await page.getByRole('button', { name: 'Start a new CMA' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Start a new CMA?' });
    await expect(dialog).toBeVisible();
    await shot('6-confirm');
    await dialog.getByRole('button', { name: 'Keep the current one' }).click();
    await expect(page.getByText(/6 comparables selected/)).toBeVisible();
    await page.getByRole('button', { name: 'Start a new CMA' }).click();
    await dialog.getByRole('button', { name: 'Start a new CMA' }).click();
    await expect(page.locator('[aria-label="Current CMA"]')).toHaveCount(0);
    await page.getByRole('status').getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText(/6 comparables selected, \d+ listings loaded/)).toBeVisible();
    expect(nativeDialog).toBe(false);
  });
}
