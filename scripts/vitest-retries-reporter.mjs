// A Vitest reporter that writes down the tests that passed only on a retry: Vitest's JSON report has no retry counts,
// and a test that fails once and then passes may be hiding a race (issue 30). npm test names them on its last line.
// Writes [{ file, name, retries }] to VITEST_RETRIES_FILE (default test-results/vitest-retries.json).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class RetriesReporter {
  retried = [];

  onTestCaseResult(testCase) {
    const retries = testCase.diagnostic()?.retryCount ?? 0;
    if (retries > 0 && testCase.result().state === 'passed') {
      this.retried.push({ file: path.relative(process.cwd(), testCase.module.moduleId), name: testCase.fullName, retries });
    }
  }

  onTestRunEnd() {
    const file = process.env.VITEST_RETRIES_FILE ?? 'test-results/vitest-retries.json';
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(this.retried, null, 2)}\n`);
  }
}
