// Landing-page quality (issue 9): Lighthouse performance, accessibility, best practices and SEO (target ≥ 95 each)
// and the JavaScript the landing page loads, gzipped (target ≤ 150 KB). Runs the real server on the built SPA
// (`npm run build -w @cma/web` first) and the system Chromium. Run: npx tsx scripts/bench/lighthouse.bench.ts [PATH]
// LIGHTHOUSE_RUNS=n sets the number of runs (median reported); LIGHTHOUSE_JSON=file keeps the median run's full report.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const pagePath = process.argv[2] ?? '/';
const log = (line: string) => process.stdout.write(`${line}\n`);
const webDist = path.resolve('apps/web/dist');
if (!existsSync(path.join(webDist, 'index.html'))) {
  log('The web app is not built: run `npm run build -w @cma/web` first.');
  process.exit(1);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
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
  // One warm-up request: the first PGlite query of a fresh folder is not what a visitor would wait for.
  await fetch(`${base}/api/faq-list`);

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  // Lighthouse's own advice: scores vary run to run (more so on a shared machine), so the median run is reported.
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
  const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = [];
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(`${base}${pagePath}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    results.push(result);
  }
  const performanceOf = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
  log(`performance per run: ${results.map((r) => Math.round(performanceOf(r) * 100)).join(', ')}; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores; Lighthouse CPU benchmark index ${results.map((r) => Math.round(r.lhr.environment.benchmarkIndex)).join(', ')}`);
  const result = [...results].sort((a, b) => performanceOf(a) - performanceOf(b))[Math.floor((results.length - 1) / 2)]!;
  const { categories, audits } = result.lhr;
  log(`Lighthouse ${result.lhr.lighthouseVersion} on ${pagePath} (mobile emulation, simulated throttling), median of ${runs} run(s):`);
  const failing: string[] = [];
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo'] as const) {
    const score = Math.round((categories[id]?.score ?? 0) * 100);
    log(`  ${id.padEnd(15)} ${score}${score >= 95 ? '' : '   (target ≥ 95)'}`);
    if (score < 95) failing.push(id);
  }
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
    log(`  ${id.padEnd(26)} ${audits[id]?.displayValue ?? '-'}`);
  }
  // Audits that cost points, so the figures above come with their reasons.
  for (const audit of Object.values(audits)) {
    if (audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode === 'binary') log(`  ! ${audit.id}: ${audit.title}`);
    const savings = (audit.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs;
    if (savings && savings > 50) log(`  ~ ${audit.id}: ${audit.title} (saves about ${Math.round(savings)} ms)`);
  }
  if (process.env.LIGHTHOUSE_JSON) (await import('node:fs')).writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(result.lhr));

  // The scripts the page loaded, each gzipped here (level 9, as a static host would serve them).
  type NetworkItem = { url: string; resourceType?: string };
  const requests = (audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scriptItems = requests.filter((r) => r.resourceType === 'Script' && r.url.startsWith(base));
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  let gzipTotal = 0;
  let rawTotal = 0;
  const seen = new Set<string>();
  for (const item of scriptItems) {
    if (seen.has(item.url)) continue;
    seen.add(item.url);
    const body = Buffer.from(await (await fetch(item.url)).arrayBuffer());
    const gzipped = gzipSync(body, { level: 9 }).length;
    rawTotal += body.length;
    gzipTotal += gzipped;
    log(`    ${item.url.slice(base.length).padEnd(44)} ${kb(gzipped).padStart(6)} KB gzipped`);
  }
  log(`  landing JavaScript: ${seen.size} files, ${kb(rawTotal)} KB raw, ${kb(gzipTotal)} KB gzipped${gzipTotal <= 150 * 1024 ? '' : '   (target ≤ 150 KB)'}`);
  if (failing.length || gzipTotal > 150 * 1024) process.exitCode = 1;
} finally {
  await chrome?.kill();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
