import { useEffect } from 'react';
import { UAD_STEP_DEFAULTS, validateAdjustmentValues, type UadStepValues } from '@cma/valuation';
import { useGetAdjustmentValueListQuery } from '../api/cmaApi';
import { formulasOf } from '../model/cmaModel';
import { setStepValues } from './workflow';
import { useReport } from './useReport';

/**
 * Loads the agent's default adjustment values (spec §7) and quality/condition steps into a new CMA, once; the engine's
 * defaults apply until then. Returns whether the agent wants the market's rates (issue 27: on unless switched off).
 */
export function useAgentDefaults(): { useMarketRates: boolean; stepValues: UadStepValues } {
  const { report, update, edit } = useReport();
  const needed = Object.keys(report.changeDefaultValues ?? {}).length === 0;
  const { data } = useGetAdjustmentValueListQuery();
  useEffect(() => {
    if (!needed || !data) return;
    // A report that begins now prices quality and condition by the agent's steps (a report saved before keeps its value).
    if (formulasOf(report.adjustment_formulas).stepValues == null) edit(setStepValues, { quality: [...data.stepValues.quality], condition: [...data.stepValues.condition] });
    if (Object.keys(data.values).length === 0) return;
    const checked = validateAdjustmentValues(data.values); // spec §4: used only with at most 17 entries
    if (checked.ok) update({ changeDefaultValues: checked.values as unknown as Record<string, unknown> });
  }, [needed, data, update, edit, report.adjustment_formulas]);
  return { useMarketRates: data?.useMarketRates ?? true, stepValues: data?.stepValues ?? UAD_STEP_DEFAULTS };
}
