#!/usr/bin/env node
// Retakes docs/screenshot-landing.png (the README's screenshot) from a running app:
//   node scripts/screenshot-landing.mjs [http://localhost:3000]
import { chromium } from 'playwright-core';

const baseUrl = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  for (const [width, height, file] of [[1280, 800, 'docs/screenshot-landing.png'], [1024, 768, 'test-results/screenshot-landing-1024.png']]) {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${baseUrl}/`);
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: file });
    console.log(`wrote ${file} (${width}×${height})`);
    await page.close();
  }
} finally {
  await browser.close();
}
