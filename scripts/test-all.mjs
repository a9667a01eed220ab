#!/usr/bin/env node
// `npm test`: system deps check, unit + integration (Vitest), web build, browser tests (Playwright);
// ends with one plain summary line "Tests: N passed, N failed, N skipped; N passed only on a retry[: names]".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { summarize, summaryLine } from './test-summary.mjs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: integration tests run on embedded PGlite only (the PostgreSQL half is counted as skipped).');
}

// Dependency audit where the registry's audit endpoint answers; report-only, so an advisory never hides test results.
const audit = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high'], { encoding: 'utf8' });
const auditText = `${audit.stdout}${audit.stderr}`;
if (/audit endpoint returned an error|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|405/.test(auditText)) {
  console.log('Dependency audit skipped: the registry audit endpoint is not reachable from this machine.');
} else {
  console.log(`Dependency audit (production dependencies): ${auditText.trim().split('\n').slice(-3).join(' ') || 'no output'}`);
}

const steps = [];
steps.push(['system dependencies', run('node', ['scripts/ensure-system-deps.mjs'])]);
steps.push(['unit + integration', run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`, '--reporter=./scripts/vitest-retries-reporter.mjs'], { VITEST_RETRIES_FILE: `${results}/vitest-retries.json` })]);
// Two builds at once, as two `npm start` in one checkout would run them: both must succeed and leave one whole build
// (the second waits for the first, then finds dist/ up to date).
const builds = await Promise.all([0, 1].map(() => runAsync('npm', ['run', 'build', '-w', '@cma/web'])));
const built = builds.every((code) => code === 0) && wholeBuild() ? 0 : 1;
steps.push(['web build (two at once)', built]);
if (built === 0 && steps[0][1] === 0) {
  steps.push(['browser', run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${results}/playwright.json` })]);
} else {
  console.log('Browser tests not run: the web build or the system dependencies failed.');
  steps.push(['browser', 1]);
}

const vitest = readJson(`${results}/vitest.json`);
const playwright = readJson(`${results}/playwright.json`);
const summary = summarize({ vitest, vitestRetries: readJson(`${results}/vitest-retries.json`) ?? [], playwright });
// The names of failed tests, and of those that passed only on a retry, go last, beside the summary, so the tail of a
// CI log says what failed and what may be hiding a race.
for (const name of summary.failedNames) console.log(`FAILED test: ${name}`);
for (const name of summary.retried) console.log(`PASSED ONLY ON A RETRY: ${name}`);
for (const [name, code] of steps) if (code !== 0) console.log(`FAILED step: ${name} (exit ${code})`);
const ok = steps.every(([, code]) => code === 0);
if (!ok && summary.failed === 0) summary.failed = 1; // a step that crashed before reporting still counts as a failure
console.log(summaryLine(summary));
process.exit(ok ? 0 : 1);

function runAsync(cmd, args) {
  return new Promise((resolve) => spawn(cmd, args, { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
}

function wholeBuild() {
  const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return read('apps/web/dist/app.html').includes('<div id="root"></div>') && read('apps/web/dist/index.html').includes('<main') && existsSync('apps/web/dist/ssr/entry.html');
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
