import type { Page } from '@playwright/test';

/** Sets window.appReady when the app says it is live ('cma:app-ready'); call before the page loads. */
export const markAppReady = (page: Page) => page.addInitScript(() => document.addEventListener('cma:app-ready', () => ((window as unknown as { appReady: boolean }).appReady = true)));

/** Waits until the app is live (after markAppReady). */
export const appReady = (page: Page) => page.waitForFunction(() => (window as unknown as { appReady?: boolean }).appReady === true);

/** Holds the app's entry module back until release() (so what the visitor does surely happens before the app is live). */
export async function holdAppCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
