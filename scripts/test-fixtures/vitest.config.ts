// Runs only the fixtures of scripts/test-summary.test.ts: a test that passes only on its retry, and a suite on both
// database backends (its PostgreSQL half counted as skipped without TEST_DATABASE_URL).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['scripts/test-fixtures/*.fixture.ts'], setupFiles: ['packages/db/src/testing-setup.ts'], retry: 1 },
});
