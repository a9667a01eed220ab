// Saving the report to history (a new entry, or its own entry again) with its listing pool: what sending and
// sharing do first, since the server prints and shares the saved report.
import { useAppDispatch } from '../../../app/hooks';
import { uploadListingPool } from '../../../shared/listing-pool/listingPoolApi';
import { updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { notify } from '../../../shared/toast';
import { usePostHistoryMutation } from '../api/reportApi';
import { apiMessage } from '../apiMessage';

export function useSaveReport(savedState: Record<string, unknown>, address: string, historyId: number | null) {
  const dispatch = useAppDispatch();
  const [postHistory, saving] = usePostHistoryMutation();

  /** Saves the report and remembers the entry's id; null (with the reason shown) when it could not. */
  async function saveReport(announce = false): Promise<number | null> {
    if (!address) {
      notify('error', 'Choose a subject property before saving.');
      return null;
    }
    try {
      const saved = await postHistory({ address, state: JSON.stringify(savedState) }).unwrap();
      if (saved.id !== historyId) dispatch(updateCmaWorkflow({ historyEntryId: saved.id }));
      // The whole listing pool goes with the entry (when it changed), so a restore anywhere gets every listing.
      const poolProblem = await uploadListingPool(dispatch, saved.id);
      if (poolProblem) notify('error', poolProblem);
      if (announce) notify('success', saved.created ? 'Report saved to history.' : 'Report updated in history.');
      return saved.id;
    } catch (error) {
      notify('error', apiMessage(error));
      return null;
    }
  }

  return { saveReport, saving: saving.isLoading };
}
