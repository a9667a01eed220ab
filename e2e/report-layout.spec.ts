import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createSubscribedSession, useSessionInBrowser } from './support/sessions';
import { DESKTOP_AND_TABLET, sampleReportState, screenshotDir } from './support/spec-setup';

// Issue 21, Report page: at 768 px Download and Send come before the 8-page preview, the preview opens at the frame's
// width without the thumbnail pane, rendering the PDF logs no "Buffer is not defined", and the current step's pill keeps
// white text on blue when pointed at or focused. At 1280×900 and 768×1024.

const SHOTS = screenshotDir('report-layout');
const sample = sampleReportState();
const WIDTHS = DESKTOP_AND_TABLET;

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = css.match(/\d+(\.\d+)?/g)!.slice(0, 3).map((v) => Number(v) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

async function colours(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const style = getComputedStyle(element);
    return { color: style.color, background: style.backgroundColor };
  });
}

for (const viewport of WIDTHS) {
  test(`/report puts Download and Send where a ${viewport.width} px screen shows them, with the preview at full width and no Buffer warnings`, async ({ page, request }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(viewport);
    const session = await createSubscribedSession(request, 'report-layout');
    const address = sample.selectedPropertyAddress as string;
    const saved = await request.post('/api/post-history', { headers: { authorization: `Bearer ${session.token}` }, data: { address, state: JSON.stringify(sample) } });
    expect(saved.status()).toBe(200);
    await useSessionInBrowser(page, session);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });

    await page.goto('/home');
    if (viewport.width <= 900) await page.getByRole('button', { name: 'Open menu' }).click(); // the tablet's collapsed nav
    await page.getByRole('button', { name: /HISTORY/ }).click();
    await page.getByRole('region', { name: 'Saved reports' }).getByRole('button', { name: address }).click();
    await expect(page).toHaveURL(/\/confirm-subject$/);

    // The current step's pill: white on blue when pointed at and when focused from the keyboard (WCAG AA, 4.5:1).
    const current = '.cma-steps__link--active';
    await page.locator(current).hover();
    const hovered = await colours(page, current);
    expect(contrast(hovered.color, hovered.background), `hovered ${JSON.stringify(hovered)}`).toBeGreaterThanOrEqual(4.5);
    await page.mouse.move(0, viewport.height - 1);
    await page.locator(current).focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator(current)).toBeFocused();
    const focused = await colours(page, current);
    expect(contrast(focused.color, focused.background), `focused ${JSON.stringify(focused)}`).toBeGreaterThanOrEqual(4.5);
    await page.locator('.cma-steps').screenshot({ path: path.join(SHOTS, `steps-focused-${viewport.width}.png`) });

    await page.goto('/report');
    const preview = page.locator('iframe[title="Report preview"]');
    await expect(preview).toBeVisible({ timeout: 90_000 });
    const download = page.getByRole('link', { name: 'Download PDF' });
    const sendTo = page.getByLabel('Client e-mail');
    // Download and the send form in the first screen, without scrolling past the preview.
    for (const control of [download, sendTo]) {
      const box = (await control.boundingBox())!;
      expect(box.y + box.height, 'in the first screen').toBeLessThanOrEqual(viewport.height);
    }
    const previewBox = (await preview.boundingBox())!;
    const downloadBox = (await download.boundingBox())!;
    if (viewport.width < 900) {
      expect(downloadBox.y, 'Download above the preview on a tablet').toBeLessThan(previewBox.y);
      expect((await page.getByRole('button', { name: 'Send to client' }).boundingBox())!.y, 'Send above the preview on a tablet').toBeLessThan(previewBox.y);
    }
    else expect(downloadBox.x, 'Download beside the preview on a desktop').toBeGreaterThan(previewBox.x + previewBox.width);
    // The preview takes its column's width and opens fitted to it, without the thumbnail pane.
    const column = (await page.locator('.report-page__layout').boundingBox())!;
    expect(previewBox.width).toBeGreaterThan((viewport.width < 900 ? 0.95 : 0.6) * column.width);
    await expect(preview).toHaveAttribute('src', /^blob:.*#view=FitH&navpanes=0$/);
    await page.waitForTimeout(2_000); // the viewer paints its first page
    await page.screenshot({ path: path.join(SHOTS, `report-${viewport.width}.png`) });

    expect(warnings.filter((text) => /Buffer is not defined/.test(text))).toEqual([]);
  });
}
