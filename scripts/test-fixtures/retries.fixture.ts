// Fixture of scripts/test-summary.test.ts (not part of the suite): FIXTURE_ATTEMPTS_FILE counts the attempts.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testBackends } from '@cma/db/testing';

it('passes only on its retry, as a race would', () => {
  const file = process.env.FIXTURE_ATTEMPTS_FILE!;
  const attempts = existsSync(file) ? Number(readFileSync(file, 'utf8')) + 1 : 1;
  writeFileSync(file, String(attempts));
  expect(attempts).toBe(2);
});

it('passes at once', () => {
  expect(1 + 1).toBe(2);
});

describe.each(testBackends())('a suite on %s', (backend) => {
  it('runs on its backend', () => {
    expect(backend).toBe('pglite'); // the PostgreSQL half never runs here: TEST_DATABASE_URL is unset
  });
});
