import { useEffect } from 'react';
import { validateAdjustmentValues } from '@cma/valuation';
import { useGetAdjustmentValueListQuery } from '../api/cmaApi';
import { useReport } from './useReport';

/** Loads the agent's default adjustment values (spec §7) into changeDefaultValues once per CMA; the engine's defaults apply until then. */
export function useAgentDefaults(): void {
  const { report, update } = useReport();
  const needed = Object.keys(report.changeDefaultValues ?? {}).length === 0;
  const { data } = useGetAdjustmentValueListQuery(undefined, { skip: !needed });
  useEffect(() => {
    if (!needed || !data || Object.keys(data).length === 0) return;
    const checked = validateAdjustmentValues(data); // spec §4: used only with at most 17 entries
    if (checked.ok) update({ changeDefaultValues: checked.values as unknown as Record<string, unknown> });
  }, [needed, data, update]);
}
