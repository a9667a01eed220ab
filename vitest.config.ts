import { defineConfig } from 'vitest/config';

// As Playwright does on CI: a test that fails once is run again, so one slow moment on a loaded runner does not fail the
// build; a test that fails twice still does, and npm test names it.
const retry = process.env.CI ? 1 : 0;

// Unit and integration tests live beside the code; browser journeys are Playwright's (e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          retry,
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.{ts,tsx}', 'packages/report/src/**/*.test.tsx', 'apps/server/{src,test}/**/*.test.ts', 'apps/cli/{src,test}/**/*.test.ts', 'scripts/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Without TEST_DATABASE_URL the PostgreSQL half of each integration suite is reported as skipped.
          setupFiles: ['packages/db/src/testing-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          retry,
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
