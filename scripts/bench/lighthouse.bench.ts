// Entry-page quality (issues 9, 21): Lighthouse performance, accessibility, best practices and SEO (target ≥ 95 each) of
// every public entry page (ENTRY_PAGES), printed as one table, and the JavaScript the landing page loads, gzipped (target
// ≤ 150 KB), before the visitor acts and once the app is live. Then the client's live report /r/<token> (issue 18):
// performance, accessibility and best practices ≥ 95 on the same phone profile (SEO is left out: the page is noindex on
// purpose). Runs the real server on the built SPA (`npm run build -w @cma/web` first) and the system Chromium.
// Run: npx tsx scripts/bench/lighthouse.bench.ts [PATH,PATH… | live] (no argument: every entry page and the live page)
// LIGHTHOUSE_RUNS=n sets the number of runs per page (median reported); LIGHTHOUSE_JSON=file keeps the last median run.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort, subscribedBenchAgent } from './support';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { ENTRY_PAGES } from '@cma/contracts';

const only = process.argv[2];
const pagePaths = only === 'live' ? [] : (only?.split(',') ?? Object.keys(ENTRY_PAGES));
const landingPath = '/';
const log = (line: string) => process.stdout.write(`${line}\n`);
const webDist = path.resolve('apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  log('The web app is not built: run `npm run build -w @cma/web` first.');
  process.exit(1);
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'cma-lighthouse-'));
// A private copy of the built SPA, so a rebuild of apps/web/dist during the run cannot pull files from under it.
const servedDist = path.join(dataDir, 'web');
cpSync(webDist, servedDist, { recursive: true, filter: (source) => !source.endsWith('.map') });
const server = spawn(process.execPath, ['apps/server/bin/server.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: servedDist, LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > 120_000) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  // Warm-up: the first PGlite query of a fresh folder, and the first server-side render of each entry page (the first loads
  // the renderer), are not what a visitor waits for on a server that has been up.
  await fetch(`${base}/api/faq-list`);
  for (const pagePath of pagePaths) await fetch(`${base}${pagePath}`);

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const launched = chrome;
  const failing: string[] = [];

  // Lighthouse's own advice: scores vary run to run (more so on a shared machine), so the median run is reported.
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;
  const rows: string[][] = [];
  const reasons: string[] = [];
  const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100);

  /** Lighthouse's mobile profile on one page, `runs` times; a table row of the median run and what cost points. */
  const audit = async (label: string, url: string, categories: readonly string[]): Promise<Result> => {
    const results: Result[] = [];
    for (let run = 0; run < runs; run++) {
      // A run Lighthouse could not finish (NO_NAVSTART and the like: its trace failed on a busy host) scores 0 and says
      // nothing of the page: it is named and run again, at most twice.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, { port: launched.port, output: 'json', logLevel: 'error', onlyCategories: [...categories] });
        if (!result) throw new Error('Lighthouse returned no result');
        const error = result.lhr.runtimeError;
        if (error) reasons.push(`  ${label} run ${run + 1} failed (attempt ${attempt}): ${error.code} ${error.message}`);
        if (!error || attempt === 3) {
          results.push(result);
          break;
        }
      }
    }
    const performanceOf = (r: Result) => r.lhr.categories.performance?.score ?? 0;
    const result = [...results].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor((results.length - 1) / 2)]!;
    const { audits } = result.lhr;
    const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map((id) => (categories.includes(id) ? percent(result.lhr.categories[id]?.score) : undefined));
    for (const [i, id] of ['performance', 'accessibility', 'best-practices', 'seo'].entries()) if (scores[i] !== undefined && scores[i]! < 95) failing.push(`${label} ${id}`);
    rows.push([
      label,
      results.map((r) => percent(performanceOf(r))).join(' '),
      ...scores.map((score) => (score === undefined ? '-' : String(score))),
      ...['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map((id) => audits[id]?.displayValue ?? '-'),
      results.map((r) => Math.round(r.lhr.environment.benchmarkIndex)).join(' '),
    ]);
    // Audits that cost points, so the figures come with their reasons.
    for (const item of Object.values(audits)) {
      if (item.score !== null && item.score < 0.9 && item.scoreDisplayMode === 'binary') reasons.push(`  ${label} ! ${item.id}: ${item.title}`);
      const savings = (item.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
      if (savings && savings > 50) reasons.push(`  ${label} ~ ${item.id}: ${item.title} (saves about ${Math.round(savings)} ms)`);
    }
    if (process.env.LIGHTHOUSE_JSON) (await import('node:fs')).writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(result.lhr));
    return result;
  };

  if (only === 'live' || !only) {
    // The sample report (6 comparables with photos) saved by a subscribed agent and shared; the client opens the link.
    const token = await subscribedBenchAgent(base);
    const post = async (url: string, body: unknown) => {
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return ((await res.json()) as { data: { id: number; url: string } }).data;
    };
    const state = readFileSync('samples/report-state.json', 'utf8');
    const saved = await post('/api/post-history', { address: '1234 Elm Street, Denver, CO 80220', state });
    const link = await post('/api/report-links', { history_id: saved.id });
    const livePath = new URL(link.url).pathname;
    await fetch(`${base}${livePath}`); // the first build of the page is cached, as for a link opened before
    await audit('/r/<token>', `${base}${livePath}`, ['performance', 'accessibility', 'best-practices']);
  }
  let landing: Result | undefined;
  for (const pagePath of pagePaths) {
    const result = await audit(pagePath, `${base}${pagePath}`, ['performance', 'accessibility', 'best-practices', 'seo']);
    if (pagePath === landingPath) landing = result;
  }
  log(`Lighthouse (mobile emulation, simulated throttling), median of ${runs} run(s) per page; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores:`);
  const header = ['page', 'perf per run', 'perf', 'a11y', 'best pr.', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'CPU index'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  for (const row of [header, ...rows]) log(`  ${row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')}`);
  for (const line of reasons) log(line);
  if (failing.length) log(`  below the target of 95: ${failing.join(', ')}`);

  if (landing) {
    const pagePath = landingPath;
    const { audits } = landing.lhr;

    // The JavaScript of the landing page, each file gzipped here (level 9, as a static host would serve it): what loads
    // before the visitor acts (Lighthouse's run), and what has loaded once the app is live after a first pointer movement.
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const sizes = new Map<string, number>();
    const gzipped = async (urls: string[]) => {
      let total = 0;
      for (const url of urls) {
        const size = gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length;
        sizes.set(url, size);
        total += size;
      }
      return total;
    };
    type NetworkItem = { url: string; resourceType?: string };
    const requests = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
    const beforeActing = [...new Set(requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base)).map((r) => r.url))];
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
    const afterActing = new Set<string>();
    try {
      const page = await browser.newPage();
      page.on('request', (request) => request.resourceType() === 'script' && afterActing.add(request.url()));
      await page.addInitScript(() => document.addEventListener('cma:app-ready', () => ((window as unknown as { appReady: boolean }).appReady = true)));
      await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
      await page.mouse.move(50, 50);
      await page.waitForFunction(() => (window as unknown as { appReady?: boolean }).appReady === true);
      await page.waitForLoadState('networkidle');
    } finally {
      await browser.close();
    }
    const gzipBefore = await gzipped(beforeActing);
    const gzipAfter = await gzipped([...afterActing]);
    log(`  landing JavaScript before the visitor acts: ${beforeActing.length} file(s), ${kb(gzipBefore)} KB gzipped (${beforeActing.map((url) => url.slice(base.length)).join(', ')})`);
    log(`  landing JavaScript once the app is live: ${afterActing.size} files, ${kb(gzipAfter)} KB gzipped${gzipAfter <= 150 * 1024 ? '' : '   (target ≤ 150 KB)'}`);
    // The largest files, so a budget overrun says where to look.
    const largest = [...afterActing].sort((a, b) => sizes.get(b)! - sizes.get(a)!).slice(0, Number(process.env.LIGHTHOUSE_LARGEST ?? 8));
    log(`    largest: ${largest.map((url) => `${url.slice(base.length)} ${kb(sizes.get(url)!)} KB`).join(', ')}`);
    if (gzipAfter > 150 * 1024) process.exitCode = 1;
  }
  if (failing.length) process.exitCode = 1;
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
