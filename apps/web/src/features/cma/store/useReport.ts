import { useCallback, useMemo } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { RootState } from '../../../app/store';
import { selectCmaWorkflow, updateCmaWorkflow, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { computeCma } from '../model/cmaModel';

type Edit<A extends unknown[]> = (state: CmaWorkflowState, ...args: A) => Partial<CmaWorkflowState>;

/** The report store plus `edit`, which applies a workflow edit to the latest state (never a stale render's copy). */
export function useReport() {
  const report = useAppSelector(selectCmaWorkflow);
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const edit = useCallback(
    <A extends unknown[]>(fn: Edit<A>, ...args: A) => {
      const patch = fn(store.getState().cmaWorkflow, ...args);
      if (Object.keys(patch).length > 0) dispatch(updateCmaWorkflow(patch));
    },
    [dispatch, store],
  );
  const update = useCallback((patch: Partial<CmaWorkflowState>) => dispatch(updateCmaWorkflow(patch)), [dispatch]);
  return { report, edit, update, dispatch };
}

/** valueCma of the current CMA (the PDF's valuation), recomputed when its inputs change. */
export function useCmaComputation() {
  const subject = useAppSelector((s) => s.cmaWorkflow.selectedPropertydata);
  const comps = useAppSelector((s) => s.cmaWorkflow.comaparables);
  const values = useAppSelector((s) => s.cmaWorkflow.changeDefaultValues);
  const divisor = useAppSelector((s) => s.cmaWorkflow.formula_Division_DefaultValue);
  const formulas = useAppSelector((s) => s.cmaWorkflow.adjustment_formulas);
  const range = useAppSelector((s) => s.cmaWorkflow.range);
  const reportData = useAppSelector((s) => s.cmaWorkflow.report_data);
  return useMemo(
    () => computeCma({ selectedPropertydata: subject, comaparables: comps, changeDefaultValues: values, formula_Division_DefaultValue: divisor, adjustment_formulas: formulas, range, report_data: reportData }),
    [subject, comps, values, divisor, formulas, range, reportData],
  );
}
