// One lint setup for the monorepo; the no-restricted-imports blocks enforce the import directions of DESIGN.md §2.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const vendorSdks = ['stripe', 'nodemailer', '@aws-sdk/*', 'smtp-server'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      ...restrict(['@cma/db', '@cma/server', '**/apps/server/**', ...vendorSdks, 'pg', '@electric-sql/*'], 'The web app never imports db, server code or server SDKs (DESIGN.md §2).'),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: restrict(['@cma/db', '@cma/server', '**/apps/server/**', ...vendorSdks, 'pg', '@electric-sql/*', 'react-toastify'], 'Toasts go through notify() in shared/toast.ts, which loads react-toastify lazily; the web app never imports db or server code.'),
  },
  {
    files: ['packages/valuation/**/*.ts'],
    rules: restrict(['@cma/*', '**/apps/**', '**/packages/**'], 'valuation is pure and imports nothing of ours (DESIGN.md §2).'),
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict(['@cma/*', '**/apps/**', '**/packages/**'], 'contracts imports only zod and types (DESIGN.md §2).'),
  },
  {
    files: ['packages/listings-import/**/*.ts'],
    rules: restrict(['@cma/contracts', '@cma/cma', '@cma/db', '@cma/listings-import', '@cma/report', '@cma/server', '@cma/web', '@cma/cli', '**/apps/**', ...vendorSdks, 'pg', '@electric-sql/*'], 'listings-import may import only @cma/valuation of ours, and no I/O SDKs (DESIGN.md §2).'),
  },
  {
    files: ['packages/report/**/*.{ts,tsx}'],
    rules: restrict(['@cma/contracts', '@cma/db', '@cma/listings-import', '@cma/report', '@cma/server', '@cma/web', '@cma/cli', '**/apps/**', ...vendorSdks, 'pg', '@electric-sql/*'], 'report may import only @cma/valuation and @cma/cma (the CMA document) of ours, and no I/O SDKs (DESIGN.md §2).'),
  },
  {
    files: ['packages/cma/src/**/*.ts'],
    rules: restrict(['@cma/db', '@cma/report', '@cma/server', '@cma/web', '@cma/cli', '**/apps/**', ...vendorSdks, 'pg', '@electric-sql/*', 'node:*', 'fs', 'path', 'papaparse'], 'cma (the CMA document) is pure: it imports valuation, listings-import and contracts of ours, and no I/O (DESIGN.md §2).'),
  },
  {
    files: ['packages/db/**/*.ts'],
    rules: restrict(['@cma/server', '@cma/web', '@cma/cli', '**/apps/**', ...vendorSdks], 'db holds schema and migrations only.'),
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/adapters/**'],
    rules: restrict([...vendorSdks, '@cma/web', '**/apps/web/**'], 'Only apps/server/src/adapters/* import vendor SDKs (DESIGN.md §2).'),
  },
);
