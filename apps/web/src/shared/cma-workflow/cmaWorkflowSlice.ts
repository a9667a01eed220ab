import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { browserDataReleased, sessionEnded } from '../session/sessionActions';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import type { CsvType } from '@cma/listings-import';
import { DEFAULT_PDF_COLOR, DEFAULT_REPORT_NAME, DERIVED_STATE_KEYS, type DerivedStateKey } from '@cma/cma/defaults';

export { DEFAULT_PDF_COLOR, DEFAULT_REPORT_NAME };
/** DESIGN.md §5: the above-grade-area rate is price ÷ area ÷ this divisor. */
export const DEFAULT_FORMULA_DIVISION = 3;

type Row = Record<string, unknown>;

/**
 * The whole CMA workflow in progress (spec §3's report store: import, subject, comparables, adjustments, report
 * settings), shared by the cma, report and accounts features; persisted under 'root' as `cmaWorkflow`.
 * Keys that a History entry restores keep the spec's spelling (comaparables, selectedPropertydata, review_data, …). The spec's five lists map to: comparables → `comaparables`,
 * extra → `extraComparables`, removed → `removedComparables`, newly uploaded → `csvNewData`,
 * CSV comparables → `allCsvData`. The saved state's derived keys (checked, listing_id_arr, count, the address keys, the
 * subject's facts mirror) are not kept here: @cma/cma's derivedKeys computes them when a report is saved.
 */
export interface CmaWorkflowState {
  reportName: string;
  clientName: string;
  range: { start: number | string; end: number | string };
  pdfColor: string;
  csvType: CsvType;
  inputAddressState: boolean;
  isUploadCSV: boolean;
  comaparables: Row[];
  extraComparables: Row[];
  removedComparables: Row[];
  csvNewData: Row[];
  allCsvData: Row[];
  base64Images: string[];
  businessImages: string[];
  changeDefaultValues: Row;
  review_data: Row | null;
  formula_Division_DefaultValue: number;
  report_data: Row | null;
  selectedPropertydata: Row | null;
  selectedPropertydataUUID: string;
  propertyImages: Array<string | Row>;
  selectPropertyList: Row[];
  adjustment_formulas: Row;
  /** The history entry this report was saved as or restored from (not part of a saved state): its links and sends. */
  historyEntryId: number | null;
}

export const initialCmaWorkflowState: CmaWorkflowState = {
  reportName: DEFAULT_REPORT_NAME,
  clientName: '',
  range: { start: '', end: '' },
  pdfColor: DEFAULT_PDF_COLOR,
  csvType: 'ReColorado',
  inputAddressState: false,
  isUploadCSV: true,
  comaparables: [],
  extraComparables: [],
  removedComparables: [],
  csvNewData: [],
  allCsvData: [],
  base64Images: [],
  businessImages: [],
  changeDefaultValues: {},
  review_data: null,
  formula_Division_DefaultValue: DEFAULT_FORMULA_DIVISION,
  report_data: null,
  selectedPropertydata: null,
  selectedPropertydataUUID: '',
  propertyImages: [],
  selectPropertyList: [],
  adjustment_formulas: {},
  historyEntryId: null,
};

type DocumentKey = Exclude<(typeof HISTORY_STATE_KEYS)[number], DerivedStateKey>;
const isDocumentKey = (key: (typeof HISTORY_STATE_KEYS)[number]): key is DocumentKey => !(DERIVED_STATE_KEYS as readonly string[]).includes(key);

/** The keys a saved History entry's state restores (spec §3 minus the derived ones), checked against the store's shape. */
export const HISTORY_RESTORE_KEYS = HISTORY_STATE_KEYS.filter(isDocumentKey) satisfies ReadonlyArray<keyof CmaWorkflowState>;

export type HistoryState = Partial<Pick<CmaWorkflowState, (typeof HISTORY_RESTORE_KEYS)[number]>>;

export const cmaWorkflowSlice = createSlice({
  name: 'cmaWorkflow',
  initialState: initialCmaWorkflowState,
  reducers: {
    /** Merge some report fields (the feature pages' everyday write). */
    updateCmaWorkflow(state, action: PayloadAction<Partial<CmaWorkflowState>>) {
      Object.assign(state, action.payload);
    },
    /** Overwrite every report field from a saved History entry (spec §4); unknown keys are ignored. */
    restoreCmaWorkflow(_state, action: PayloadAction<HistoryState>) {
      const restored: CmaWorkflowState = { ...initialCmaWorkflowState };
      for (const key of HISTORY_RESTORE_KEYS) {
        if (action.payload[key] !== undefined) (restored as unknown as Row)[key] = action.payload[key];
      }
      return restored;
    },
    /** Spec §4: a reset action returns the report store to its defaults. */
    resetCmaWorkflow() {
      return initialCmaWorkflowState;
    },
  },
  extraReducers: (builder) => {
    // Spec §4 clears the images on logout; MLS rules ask for more: nothing of one agent's CMA stays for the next.
    builder.addCase(sessionEnded, () => initialCmaWorkflowState);
    builder.addCase(browserDataReleased, () => initialCmaWorkflowState);
  },
});

export const { updateCmaWorkflow, restoreCmaWorkflow, resetCmaWorkflow } = cmaWorkflowSlice.actions;

/** The workflow in progress, from the root state. */
export const selectCmaWorkflow = (state: { cmaWorkflow: CmaWorkflowState }): CmaWorkflowState => state.cmaWorkflow;
