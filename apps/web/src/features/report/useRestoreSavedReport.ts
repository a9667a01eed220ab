import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { notify } from '../../shared/toast';
import { listingRecordsOf } from '../../shared/listing-pool/listingPool';
import { restoreListingPool } from '../../shared/listing-pool/listingPoolApi';
import { reportApi } from './api/reportApi';
import { restoreCmaWorkflow, updateCmaWorkflow } from '../../shared/cma-workflow/cmaWorkflowSlice';
import { newReportId, restoredFieldsOf } from './store/savedState';

/** data.error of a failed call, when the server sent one (spec §8: adjustment values failure shows it). */
function errorOf(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' && data.error ? data.error : undefined;
}

/** The server's message of a failed call (e.g. 'This saved report no longer exists.'). */
function messageOf(error: unknown): string | undefined {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : undefined;
}

/**
 * Opens a saved report the way spec §4 says, from the HISTORY menu or the home page: the user's adjustment values are
 * reloaded first (the saved report is fetched whole meanwhile), then every report field is overwritten, then the agent
 * goes to /confirm-subject (the history page opens the report step instead). `restore` resolves to whether the report was opened.
 * As a copy (duplicate), the report gets a new id and no history entry: nothing is written until the agent saves it,
 * and saving adds a new entry rather than updating the original.
 */
export function useRestoreSavedReport(destination = '/confirm-subject', as: 'original' | 'copy' = 'original'): { restore(id: number): Promise<boolean>; restoring: boolean } {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [restoring, setRestoring] = useState(false);
  const restore = useCallback(
    async (id: number) => {
      setRestoring(true);
      try {
        const [values, saved] = await Promise.all([
          dispatch(reportApi.endpoints.reloadAdjustmentValues.initiate(undefined, { forceRefetch: true })),
          dispatch(reportApi.endpoints.getHistoryEntry.initiate(id, { forceRefetch: true, subscribe: false })),
        ]);
        let restored;
        try {
          if (!saved.data) throw new Error(messageOf(saved.error) ?? 'This saved report could not be loaded. Please try again.');
          restored = restoredFieldsOf(saved.data.state);
        } catch (error) {
          notify('error', error instanceof Error ? error.message : 'This saved report cannot be opened.');
          return false;
        }
        const valuesMessage = values.error ? errorOf(values.error) : undefined;
        if (valuesMessage) notify('error', valuesMessage);
        dispatch(reportApi.util.invalidateTags(['AdjustmentValues']));
        // The whole pool saved with the entry (else the state's own listings) before any screen shows the report.
        const poolProblem = await restoreListingPool(dispatch, id, listingRecordsOf(restored.fields.allCsvData));
        if (poolProblem) notify('error', poolProblem);
        const copy = as === 'copy';
        const fields = copy ? { ...restored.fields, report_data: { ...(restored.fields.report_data ?? {}), reportId: newReportId() } } : restored.fields;
        dispatch(restoreCmaWorkflow(fields));
        // The entry's id rides along, so /report lists this entry's links and saving updates this entry.
        dispatch(updateCmaWorkflow({ pdfColor: restored.pdfColor, historyEntryId: copy ? null : id }));
        navigate(destination);
        return true;
      } finally {
        setRestoring(false);
      }
    },
    [dispatch, navigate, destination, as],
  );
  return { restore, restoring };
}
