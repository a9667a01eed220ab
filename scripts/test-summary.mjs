// The counts and names npm test ends with (scripts/test-all.mjs), from the Vitest and Playwright JSON reports and the
// retries reporter's list: one summary line that also says which tests passed only on a retry.

/** passed, failed, skipped, the tests that passed only on a retry, and the failed tests' names. */
export function summarize({ vitest, vitestRetries = [], playwright, cwd = process.cwd() }) {
  let passed = 0, failed = 0, skipped = 0;
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
  }
  if (playwright?.stats) {
    passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
    failed += playwright.stats.unexpected;
    skipped += playwright.stats.skipped;
  }
  const retried = vitestRetries.map((test) => `${test.file} › ${test.name}`);
  const failedNames = [];
  for (const file of vitest?.testResults ?? []) {
    const name = file.name.replace(`${cwd}/`, '');
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedNames.push(`${name} › ${test.fullName} — ${(test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) failedNames.push(`${name} — ${(file.message ?? '').split('\n')[0].slice(0, 300)}`);
  }
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`;
        if (test.status === 'unexpected') failedNames.push(name);
        if (test.status === 'flaky') retried.push(name);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of playwright?.suites ?? []) walk(suite, []);
  return { passed, failed, skipped, retried, failedNames };
}

/** "Tests: N passed, N failed, N skipped; N passed only on a retry[: name; name]". */
export function summaryLine({ passed, failed, skipped, retried }) {
  const retries = `${retried.length} passed only on a retry${retried.length > 0 ? `: ${retried.join('; ')}` : ''}`;
  return `Tests: ${passed} passed, ${failed} failed, ${skipped} skipped; ${retries}`;
}
