import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own lint setup (eslint.config.js), run on fixture sources placed at paths inside the web app.
const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: repoRoot });
const RULE = 'cma-web/no-cross-feature-imports';

async function crossFeatureErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, 'apps/web/src', file) });
  return result!.messages.filter((m) => m.ruleId === RULE).map((m) => ({ severity: m.severity, message: m.message }));
}

describe('web features never import each other (issue 16 item 2, decision 2121)', () => {
  it.each([
    ['a relative import', 'features/cma/pages/Fixture.tsx', "import { reportApi } from '../../report/api/reportApi';\nexport { reportApi };", 'report'],
    ['a relative import from the feature root', 'features/billing/Fixture.ts', "import { logout } from '../accounts/logout';\nexport { logout };", 'accounts'],
    ['a re-export', 'features/cma/Fixture.ts', "export * from '../billing/order';", 'billing'],
    ['a dynamic import', 'features/cma/pages/Fixture.tsx', "export const page = () => import('../../history/pages/HistoryPage');", 'history'],
    ['a type-only import', 'features/accounts/Fixture.ts', "import type { CmaRecord } from '../cma/model/records';\nexport type R = CmaRecord;", 'cma'],
    ['an inline type import', 'features/accounts/Fixture.ts', "export type Api = typeof import('../report/api/reportApi');", 'report'],
    ['a path through src', 'features/cma/pages/Fixture.tsx', "import { forms } from '../../../features/accounts/forms';\nexport { forms };", 'accounts'],
    ['an aliased path', 'features/history/Fixture.ts', "import { reportApi } from '@/features/report/api/reportApi';\nexport { reportApi };", 'report'],
  ])('%s is an error', async (_kind, file, code, imported) => {
    const errors = await crossFeatureErrors(file, code);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.severity).toBe(2);
    expect(errors[0]!.message).toContain(`imports feature '${imported}'`);
  });

  it('an eslint-disable comment does not silence it (no exceptions)', async () => {
    const code = "// eslint-disable-next-line cma-web/no-cross-feature-imports\nimport { reportApi } from '../../report/api/reportApi';\nexport { reportApi };";
    expect(await crossFeatureErrors('features/cma/pages/Fixture.tsx', code)).toHaveLength(1);
  });

  it.each([
    ['its own folders', 'features/cma/pages/Fixture.tsx', "import { asRecords } from '../model/records';\nexport { asRecords };"],
    ['shared', 'features/cma/pages/Fixture.tsx', "import { selectCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';\nexport { selectCmaWorkflow };"],
    ['the app hooks', 'features/billing/pages/Fixture.tsx', "import { useAppDispatch } from '../../../app/hooks';\nexport { useAppDispatch };"],
    ['a package', 'features/cma/Fixture.ts', "import { formatAmount } from '@cma/valuation';\nexport { formatAmount };"],
  ])('a feature may import %s', async (_kind, file, code) => {
    expect(await crossFeatureErrors(file, code)).toEqual([]);
  });

  it('src/app composes features freely', async () => {
    const code = "import HomePage from '../../features/cma/pages/HomePage';\nimport { RecentReports } from '../../features/report/components/RecentReports';\nexport { HomePage, RecentReports };";
    expect(await crossFeatureErrors('app/composed/Fixture.tsx', code)).toEqual([]);
  });
});
