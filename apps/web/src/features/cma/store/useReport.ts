import { useCallback, useMemo } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { updateReport, type ReportState } from '../../report/store/reportSlice';
import { computeCma } from '../model/cmaModel';

type Edit<A extends unknown[]> = (state: ReportState, ...args: A) => Partial<ReportState>;

/** The report store plus `edit`, which applies a workflow edit to the latest state (never a stale render's copy). */
export function useReport() {
  const report = useAppSelector((state) => state.report);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const edit = useCallback(
    <A extends unknown[]>(fn: Edit<A>, ...args: A) => {
      const patch = fn(store.getState().report, ...args);
      if (Object.keys(patch).length > 0) dispatch(updateReport(patch));
    },
    [dispatch, store],
  );
  const update = useCallback((patch: Partial<ReportState>) => dispatch(updateReport(patch)), [dispatch]);
  return { report, edit, update, dispatch };
}

/** The engine's adjustments and reconciliation for the current report, recomputed when its inputs change. */
export function useCmaComputation() {
  const subject = useAppSelector((s) => s.report.selectedPropertydata);
  const comps = useAppSelector((s) => s.report.comaparables);
  const values = useAppSelector((s) => s.report.changeDefaultValues);
  const divisor = useAppSelector((s) => s.report.formula_Division_DefaultValue);
  const formulas = useAppSelector((s) => s.report.adjustment_formulas);
  return useMemo(
    () => computeCma({ selectedPropertydata: subject, comaparables: comps, changeDefaultValues: values, formula_Division_DefaultValue: divisor, adjustment_formulas: formulas }),
    [subject, comps, values, divisor, formulas],
  );
}
