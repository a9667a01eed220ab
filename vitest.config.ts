import { defineConfig } from 'vitest/config';

// Unit and integration tests live beside the code; browser journeys are Playwright's (e2e/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.{ts,tsx}', 'packages/report/src/**/*.test.tsx', 'apps/server/{src,test}/**/*.test.ts', 'apps/cli/{src,test}/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
