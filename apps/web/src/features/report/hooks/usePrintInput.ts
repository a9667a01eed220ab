// What the browser prints: the saved state with the agent's logo and stored photos, the agent's print branding
// (printOptionsOf, the server's own rule), the uploaded pages and the street map → the report's view model.
import { useMemo } from 'react';
import { buildReportInput, printOptionsOf, withLogoOnFile, type CustomPageFile, type ReportBranding, type ReportDocumentInput } from '@cma/report';
import { useStateListings } from '../../../shared/listing-pool/stateListings';
import type { CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { savedStateOf } from '../store/savedState';
import { withStoredPhotos, type StoredPhoto } from '../store/storedPhotos';
import { useStreetMap } from '../useStreetMap';

export interface PrintInput {
  /** The state as saved to history (no photos: they are kept on the server). */
  savedState: Record<string, unknown>;
  /** The view model, or why the report cannot be drawn yet. */
  input: { value: ReportDocumentInput | null; error: string | null };
  /** The view model with its street map, once the map is known; null before. */
  printed: ReportDocumentInput | null;
  mapReady: boolean;
}

export function usePrintInput(report: CmaWorkflowState, branding: ReportBranding | undefined, photos: Record<string, StoredPhoto[]> | null, customPages: CustomPageFile[]): PrintInput {
  // localStorage keeps no listing rows (decision 2131): the state's listings are the pool's nearest ones.
  const stateListings = useStateListings(report.allCsvData, report.selectedPropertydata);
  const savedState = useMemo(() => savedStateOf({ ...report, allCsvData: stateListings }), [report, stateListings]);
  const options = useMemo(() => (branding ? printOptionsOf(branding) : null), [branding]);
  const input = useMemo(() => {
    const withLogo = withLogoOnFile(savedState, options?.logo);
    const state = photos ? { ...withLogo, ...withStoredPhotos(report, photos) } : withLogo;
    try {
      return { value: buildReportInput(state, { ...options, customPages }), error: null };
    } catch (error) {
      return { value: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [savedState, options, photos, report, customPages]);
  const streetMap = useStreetMap(input.value);
  const printed = useMemo(() => (input.value && streetMap.ready ? { ...input.value, mapImage: streetMap.map } : null), [input.value, streetMap.ready, streetMap.map]);
  return { savedState, input, printed, mapReady: streetMap.ready };
}
