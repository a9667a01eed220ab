#!/usr/bin/env node
// `npm test`: system deps check, unit + integration (Vitest), web build, browser tests (Playwright);
// ends with one plain summary line "Tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = 'test-results';
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: integration tests run on embedded PGlite only (the PostgreSQL half is skipped).');
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
steps.push(['unit + integration', run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}/vitest.json`])]);
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

let passed = 0, failed = 0, skipped = 0;
const vitest = readJson(`${results}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + vitest.numTodoTests;
}
const playwright = readJson(`${results}/playwright.json`);
if (playwright?.stats) {
  passed += playwright.stats.expected;
  passed += playwright.stats.flaky ?? 0; // passed on retry
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
}
// The names of failed tests go last, beside the summary, so the tail of a CI log says what failed.
for (const name of failedTestNames(vitest, playwright)) console.log(`FAILED test: ${name}`);
for (const [name, code] of steps) if (code !== 0) console.log(`FAILED step: ${name} (exit ${code})`);
const ok = steps.every(([, code]) => code === 0);
if (!ok && failed === 0) failed = 1; // a step that crashed before reporting still counts as a failure
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);

function runAsync(cmd, args) {
  return new Promise((resolve) => spawn(cmd, args, { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
}

function wholeBuild() {
  const read = (file) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  return read('apps/web/dist/app.html').includes('<div id="root"></div>') && read('apps/web/dist/index.html').includes('<main') && existsSync('apps/web/dist/ssr/entry.html');
}

function failedTestNames(vitestReport, playwrightReport) {
  const names = [];
  for (const file of vitestReport?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') names.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName} — ${(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) names.push(`${file.name.replace(`${process.cwd()}/`, '')} — ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) if (test.status === 'unexpected') names.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, []);
  return names;
}

function readJson(file) {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}
