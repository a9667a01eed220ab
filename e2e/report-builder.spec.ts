import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { DESKTOP_AND_TABLET, sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 19: the brand kit on /edit-profile, and on /report the page picker (mouse drag, keyboard, move buttons), the
// cover letter, seller net sheet and market area editors, with the preview following every change. At 1280 and 768 px.

const SHOTS = screenshotDir('report-builder');
const sample = sampleReportState();
const WIDTHS = DESKTOP_AND_TABLET;

/** The text of the PDF the preview shows right now, downloaded as the agent would (Download PDF), read by pdftotext. */
async function previewText(page: Page, name: string): Promise<string> {
  const file = path.join(SHOTS, `${name}.pdf`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

const order = (picker: Locator) => picker.locator('li[data-page-id]').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-page-id')));

for (const viewport of WIDTHS) {
  test(`brand kit and report builder at ${viewport.width} px: picker by mouse and keyboard, editors, the preview follows`, async ({ page, request }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(viewport);
    const session = await createSubscribedSession(request, 'report-builder');
    const auth = { authorization: `Bearer ${session.token}` };
    const address = sample.selectedPropertyAddress as string;
    expect((await request.post('/api/post-history', { headers: auth, data: { address, state: JSON.stringify(sample) } })).status()).toBe(200);
    await useSessionInBrowser(page, session);

    // The brand kit on the profile.
    await page.goto('/edit-profile');
    const kit = page.locator('#brand-kit');
    await kit.getByLabel('Tagline').fill('Park Hill homes, sold with care');
    await kit.getByLabel('Short bio').fill('Casey has helped 200 Denver families buy and sell since 2012.');
    await kit.getByLabel('Cover letter template').fill('Dear {client},\n\nHere is my analysis of {address}.\n\nWarm regards,\n{agent}');
    await kit.getByRole('button', { name: 'Save brand kit' }).click();
    await expect(page.getByText('Brand kit saved.')).toBeVisible();
    expect((await (await request.get('/api/brand-kit', { headers: auth })).json()).data).toMatchObject({ tagline: 'Park Hill homes, sold with care' });
    await kit.screenshot({ path: path.join(SHOTS, `brand-kit-${viewport.width}.png`) });

    // Open the saved report.
    await page.goto('/home');
    if (viewport.width <= 900) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: /HISTORY/ }).click();
    await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: address }).click();
    await expect(page).toHaveURL(/\/confirm-subject$/);
    await page.goto('/report');
    await expect(page.locator('iframe[title="Report preview"]')).toBeVisible({ timeout: 90_000 });
    const picker = page.getByRole('region', { name: 'Pages', exact: true });
    expect(await order(picker)).toEqual(['cover', 'cover-letter', 'subject', 'comparables', 'reconciliation', 'net-sheet', 'map', 'market-statistics', 'photos', 'bio', 'notes']);
    await expect(picker.getByRole('checkbox', { name: 'Notes and disclosures (always printed)' })).toBeDisabled();

    // Written in the brand kit, the cover letter and the bio start ticked (issue 29): the preview prints the template, filled.
    await expect(picker.getByRole('checkbox', { name: 'Cover letter', exact: true })).toBeChecked();
    await expect(picker.getByRole('checkbox', { name: 'About your agent', exact: true })).toBeChecked();
    await expect(page.locator('iframe[title="Report preview"]')).toHaveAttribute('aria-busy', 'false', { timeout: 90_000 });
    expect(await previewText(page, `cover-letter-${viewport.width}`)).toContain(`Here is my analysis of ${address}`);

    // Keyboard: the bio page picked up by its handle and moved up to just after the cover letter.
    const bioHandle = picker.getByRole('button', { name: /^Move About your agent \(position/ });
    await bioHandle.focus();
    await page.keyboard.press('Space');
    // One step at a time, as a person presses them: each move animates before the next.
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('ArrowUp');
      await page.waitForTimeout(250);
    }
    await page.keyboard.press('Space');
    await expect.poll(() => order(picker)).toEqual(['cover', 'cover-letter', 'bio', 'subject', 'comparables', 'reconciliation', 'net-sheet', 'map', 'market-statistics', 'photos', 'notes']);

    // Mouse: the photos page dragged by its handle onto the subject page's place.
    const from = (await picker.getByRole('button', { name: /^Move Photos \(position/ }).boundingBox())!;
    const to = (await picker.locator('li[data-page-id="subject"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
    await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await expect.poll(() => order(picker)).toEqual(['cover', 'cover-letter', 'bio', 'photos', 'subject', 'comparables', 'reconciliation', 'net-sheet', 'map', 'market-statistics', 'notes']);

    // The move buttons: photos back down one.
    await picker.getByRole('button', { name: 'Move Photos down' }).click();
    await expect.poll(() => order(picker)).toEqual(['cover', 'cover-letter', 'bio', 'subject', 'photos', 'comparables', 'reconciliation', 'net-sheet', 'map', 'market-statistics', 'notes']);
    await picker.screenshot({ path: path.join(SHOTS, `picker-${viewport.width}.png`) });

    // The cover letter edited for this report, then reset to the template.
    const letter = page.locator('details', { hasText: 'Cover letter' }).first();
    await letter.locator('summary').click();
    await letter.getByLabel('Letter for this report').fill('Dear {client},\n\nA letter only for this report about {address}.\n\n{agent}');

    // The net sheet: a bad commission is named, a payoff lowers the net at every price.
    const net = page.locator('details', { hasText: 'Seller net sheet' });
    await net.locator('summary').click();
    await net.getByRole('button', { name: 'Print it' }).click();
    const suggestedBefore = await net.getByTestId('net-suggested').innerText();
    await net.getByLabel('Commission (%)').fill('25');
    await expect(net.getByText('Commission must be at most 20 %.')).toBeVisible();
    await net.getByLabel('Commission (%)').fill('5.5');
    await net.getByLabel('Mortgage payoff').fill('$200,000');
    await expect(net.getByTestId('net-suggested')).not.toHaveText(suggestedBefore);

    // Market statistics: the area chosen, every figure with its count of listings.
    const market = page.locator('details', { hasText: 'Market statistics' });
    await market.locator('summary').click();
    await market.getByRole('button', { name: 'Print it' }).click();
    await market.getByLabel("The home's zip code").check();
    await expect(market.getByText(/Zip code|zip code/).first()).toBeVisible();

    // An uploaded PDF page: it joins the page list at the end, is moved above the disclosures and prints there.
    const plan = await PDFDocument.create();
    plan.addPage([612, 792]).drawText('Our marketing plan for your home', { x: 72, y: 700, size: 22, font: await plan.embedFont(StandardFonts.Helvetica) });
    const own = page.getByRole('region', { name: 'Your own pages' });
    await own.getByLabel('Upload a PDF page').setInputFiles({ name: 'Marketing plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await plan.save()) });
    await expect(picker.getByRole('checkbox', { name: 'Marketing plan', exact: true })).toBeChecked();
    await own.getByLabel('Upload a PDF page').setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, not a PDF') });
    await expect(own.getByRole('alert')).toHaveText('The file is not a PDF.');
    await picker.getByRole('button', { name: 'Move Marketing plan up' }).click();
    await expect.poll(async () => (await order(picker)).slice(-2)).toEqual([expect.stringMatching(/^custom:/), 'notes']);

    // The preview says it is busy from the last edit until its render is shown (earlier renders may finish first).
    await expect(page.locator('iframe[title="Report preview"]')).toHaveAttribute('aria-busy', 'false', { timeout: 120_000 });
    const text = await previewText(page, `report-${viewport.width}`);
    expect(text).toContain('A letter only for this report about');
    expect(text).toContain('Casey has helped 200 Denver families');
    expect(text.indexOf('A letter only for this report')).toBeLessThan(text.indexOf('Casey has helped'));
    expect(text).toMatch(/Net sheet|net proceeds/i);
    expect(text.indexOf('Our marketing plan for your home')).toBeGreaterThan(text.indexOf('Market Statistics'));
    expect(text.indexOf('Our marketing plan for your home')).toBeLessThan(text.indexOf('Important Disclosures'));
    await page.screenshot({ path: path.join(SHOTS, `report-${viewport.width}.png`), fullPage: true });

    await letter.getByRole('button', { name: 'Reset to my template' }).click();
    await expect(letter.getByLabel('Letter for this report')).toHaveValue(/Here is my analysis of \{address\}/);

    // Save as my default: new reports start from this page list.
    await picker.getByRole('button', { name: 'Save as my default' }).click();
    await expect(page.getByText('These pages are now your default for new reports.')).toBeVisible();
    const saved = (await (await request.get('/api/brand-kit', { headers: auth })).json()).data.default_pages as { id: string; on: boolean }[];
    expect(saved.filter((p) => p.on).map((p) => p.id)).toEqual(['cover', 'cover-letter', 'bio', 'subject', 'photos', 'comparables', 'reconciliation', 'net-sheet', 'map', 'market-statistics', expect.stringMatching(/^custom:/), 'notes']);
  });
}
