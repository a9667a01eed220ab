import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The axe-core rule tags of WCAG 2.0 and 2.1, levels A and AA. */
export const WCAG2_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const BLOCKING = new Set(['serious', 'critical']);

/**
 * axe-core cannot blend `mix-blend-mode: plus-lighter` (Leaflet sets it on map tiles against seams while they fade in)
 * and then skips the whole color-contrast rule for the page (Leaflet/Leaflet#9699). Over loaded, opaque tiles it looks
 * as `normal` does, so the check runs with `normal` and puts it back afterwards.
 */
async function withoutPlusLighter<T>(page: Page, check: () => Promise<T>): Promise<T> {
  const count = await page.evaluate(() => {
    const blended = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => getComputedStyle(el).mixBlendMode === 'plus-lighter');
    for (const el of blended) el.style.setProperty('mix-blend-mode', 'normal', 'important');
    for (const el of blended) el.dataset.axePlusLighter = '';
    return blended.length;
  });
  try {
    return await check();
  } finally {
    if (count > 0) {
      await page.evaluate(() => {
        for (const el of document.querySelectorAll<HTMLElement>('[data-axe-plus-lighter]')) {
          el.style.removeProperty('mix-blend-mode');
          delete el.dataset.axePlusLighter;
        }
      });
    }
  }
}

/**
 * One line per element that breaks a serious or critical WCAG 2 A/AA rule on the page as it is now (rule, target, why),
 * and one per rule axe could not run at all (a rule that errored has not passed).
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Legacy mode: one axe.run in the page (same-origin frames included; the app has no cross-origin ones), 2–3× faster
  // than partial runs finished in a blank page; passes are not collected.
  const axe = new AxeBuilder({ page }).withTags(WCAG2_A_AA).setLegacyMode().options({ resultTypes: ['violations', 'incomplete'] });
  const { violations, incomplete } = await withoutPlusLighter(page, () => axe.analyze());
  const broken = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        // failureSummary: "Fix any of the following:" headings, each followed by the measured reasons (contrast figures…).
        const why = (node.failureSummary ?? '').split('\n').map((line) => line.trim()).filter((line) => line && !/^Fix (any|all) of the following:$/.test(line)).join('; ');
        return `${violation.id} (${violation.impact}) ${node.target.join(' >> ')}: ${why || violation.help}`;
      }),
    );
  const errored = incomplete.filter((result) => result.error).map((result) => `${result.id} could not run: ${result.error?.message ?? 'axe error'}`);
  return [...broken, ...errored];
}

/**
 * Runs axe-core's WCAG 2 A/AA rules on the whole page and fails listing each serious or critical violation. The failure
 * is soft (expect.soft): a walk goes on to its next page, so one run lists every page's violations; the test still fails.
 */
export async function expectNoSeriousAxeViolations(page: Page, where: string): Promise<void> {
  const found = await seriousAxeViolations(page);
  expect.soft(found.length, `${where}: ${found.length} serious WCAG 2 A/AA violation(s) or rule(s) that could not run\n${found.join('\n')}`).toBe(0);
}
