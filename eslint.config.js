// One lint setup for the monorepo; the no-restricted-imports blocks enforce the import directions of DESIGN.md §2.
import { existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const vendorSdks = ['stripe', 'nodemailer', '@aws-sdk/*', 'smtp-server'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }],
});

const webFeatures = path.join(import.meta.dirname, 'apps/web/src/features');

/** The feature folder (apps/web/src/features/<name>) that holds an absolute path, or null. */
function featureHolding(file) {
  const [name, ...rest] = path.relative(webFeatures, file).split(path.sep);
  return name && name !== '..' && !path.isAbsolute(name) && rest.length > 0 ? name : null;
}

/**
 * Web features never import each other; they compose in apps/web/src/app (DESIGN.md §2, decision 2121). The import is
 * resolved against the importing file, so every relative spelling counts; a non-relative one naming `features/<name>/`
 * (an alias) counts when that feature exists.
 */
const noCrossFeatureImports = {
  meta: { type: 'problem', schema: [], messages: { cross: "Feature '{{from}}' imports feature '{{to}}': features never import each other — compose them in apps/web/src/app, or move the shared piece to apps/web/src/shared." } },
  create(context) {
    const from = featureHolding(context.filename);
    if (!from) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      const aliased = /(?:^|\/)features\/([^/]+)\//.exec(source)?.[1];
      const to = source.startsWith('.') ? featureHolding(path.resolve(path.dirname(context.filename), source)) : aliased && existsSync(path.join(webFeatures, aliased)) ? aliased : null;
      if (to && to !== from) context.report({ node, messageId: 'cross', data: { from, to } });
    };
    const fromSource = (node) => check(node, node.source?.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: fromSource,
      TSImportType: (node) => check(node, node.argument?.literal?.value ?? node.argument?.value),
      TSExternalModuleReference: (node) => check(node, node.expression?.value),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]?.value);
      },
    };
  },
};

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
    rules: restrict(['@cma/db', '@cma/report', '@cma/server', '@cma/web', '@cma/cli', '**/apps/**', ...vendorSdks, 'pg', '@electric-sql/*', 'node:*', 'fs', 'path', 'papaparse'], 'cma (the CMA document) is pure: it imports valuation and contracts of ours, and no I/O (DESIGN.md §2).'),
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
  {
    // No exceptions: inline eslint-disable comments have no effect in the web features (the rule's test checks it).
    files: ['apps/web/src/features/**/*.{ts,tsx,js,jsx}'],
    linterOptions: { noInlineConfig: true },
    plugins: { 'cma-web': { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'cma-web/no-cross-feature-imports': 'error' },
  },
);
