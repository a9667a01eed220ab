import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JS module of npm test, without types
import { summarize, summaryLine } from './test-summary.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('npm test summary', () => {
  it('names the tests that passed only on a retry, and counts the PostgreSQL half as skipped when there is no PostgreSQL (issue 30)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cma-summary-'));
    const env: NodeJS.ProcessEnv = { ...process.env, FIXTURE_ATTEMPTS_FILE: path.join(dir, 'attempts'), VITEST_RETRIES_FILE: path.join(dir, 'retries.json') };
    delete env.TEST_DATABASE_URL;
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'scripts/test-fixtures/vitest.config.ts', '--reporter=json', `--outputFile.json=${path.join(dir, 'vitest.json')}`, '--reporter=./scripts/vitest-retries-reporter.mjs'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(0);
    const vitest = JSON.parse(readFileSync(path.join(dir, 'vitest.json'), 'utf8'));
    const retries = JSON.parse(readFileSync(path.join(dir, 'retries.json'), 'utf8'));
    expect(retries).toEqual([{ file: 'scripts/test-fixtures/retries.fixture.ts', name: 'passes only on its retry, as a race would', retries: 1 }]);
    const summary = summarize({ vitest, vitestRetries: retries, cwd: ROOT });
    expect(summaryLine(summary)).toBe('Tests: 3 passed, 0 failed, 1 skipped; 1 passed only on a retry: scripts/test-fixtures/retries.fixture.ts › passes only on its retry, as a race would');
  });

  it('counts and names a browser test that passed only on a retry (Playwright: flaky)', () => {
    const playwright = {
      stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
      suites: [{ title: 'a.spec.ts', specs: [{ file: 'a.spec.ts', line: 3, title: 'signs in', tests: [{ status: 'flaky' }] }, { file: 'a.spec.ts', line: 9, title: 'pays', tests: [{ status: 'unexpected' }] }] }],
    };
    const summary = summarize({ playwright });
    expect(summary.failedNames).toEqual(['a.spec.ts:9 › pays']);
    expect(summaryLine(summary)).toBe('Tests: 3 passed, 1 failed, 0 skipped; 1 passed only on a retry: a.spec.ts:3 › signs in');
    expect(summaryLine(summarize({}))).toBe('Tests: 0 passed, 0 failed, 0 skipped; 0 passed only on a retry');
  });
});
