// The CMA document as saved (spec §3 restored-state keys + version + pdf colour), its schema, and the migration that
// keeps every older saved state restoring.
import { z } from 'zod';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import type { CellOverride, FeatureEffectsTable, TierRates, UadStepValues, WeightingMethod } from '@cma/valuation';
import { DEFAULT_PDF_COLOR, DEFAULT_REPORT_NAME } from './defaults';
import type { MarketMeasurements } from './market-measurements';
import { marketModelReadingSchema, type MarketModelReading } from './market-model';
import { reportDataSchema, type ReportData } from './report-data';

/** A property record as the app stores it (spec §3 keys, e.g. 'Listing Id', properties_address, 'Net Sales Price'). */
export type PropertyRow = Record<string, unknown>;

/** Every key a history entry's state restores, in the spec's order (spec §3): the one list, kept in contracts for the server. */
export const CMA_STATE_KEYS = HISTORY_STATE_KEYS;
export type CmaStateKey = (typeof CMA_STATE_KEYS)[number];

/** Current shape version of a saved state; bump it and add a step to MIGRATIONS when the shape changes. */
export const CMA_STATE_VERSION = 4;

export interface ReportRange {
  start: number | string;
  end: number | string;
}

/** The /review page's snapshot inside review_data (all optional; the PDF recomputes the numbers). */
export interface ReviewData {
  /** Agent's notes to the client, printed on the notes page. */
  agentNotes?: string;
  [key: string]: unknown;
}

/** The agent's per-report choices of /adjustment and /review inside adjustment_formulas (all optional). */
export interface AdjustmentFormulas {
  /** Category styles switched off for every comparable. */
  disabledCategories?: string[];
  /** Accepted market-derived (or typed) per-unit rates by style, one per tier. */
  rateOverrides?: Record<string, TierRates>;
  /** Per-cell overrides: comparable uuid → style → rate or amount. */
  cells?: Record<string, Record<string, CellOverride>>;
  /** Market-conditions adjustment, monthly fraction (0.005 = +0.5 %/month); null = off. */
  monthlyTimeRate?: number | null;
  /** The paired-sales price level by month ('yyyy-mm' → level) the time adjustment follows instead of the straight rate. */
  monthlyTimeIndex?: Record<string, number> | null;
  /** Accepted market-measured effects of the text facts (View, Waterfront …) by tier. */
  featureEffects?: FeatureEffectsTable;
  weighting?: { method: WeightingMethod; manualWeights?: Record<string, number> };
  /** The market's reading for the subject (the model's estimate and the calibration); valueCma reconciles with it (issues 17, 27). */
  marketModel?: MarketModelReading | null;
  /** What the loaded market measured for this report (issue 27): its rates and time index apply by default. */
  market?: MarketMeasurements | null;
  /** Categories ('bedrooms', 'feature:View' …) on which the agent keeps their own default rate instead of the market's. */
  ownRates?: string[];
  /** False when the agent switched the market's time adjustment off. */
  marketTime?: boolean;
  /** Quality and condition per UAD step by tier, from the agent's defaults when the report began (absent before issue 27). */
  stepValues?: UadStepValues | null;
  [key: string]: unknown;
}

export interface CmaState {
  version: number;
  pdfColor: string;
  csvNewData: PropertyRow[];
  /** The agent's adjustment values (map keyed by style slug, or a list of entries). */
  changeDefaultValues: unknown;
  count: number;
  review_data: ReviewData | null;
  formula_Division_DefaultValue: number;
  /** The report builder's choices, every key named and typed (report-data.ts); {} when none. */
  report_data: ReportData;
  selectedPropertydata: PropertyRow | null;
  selectedPropertydataUUID: string;
  address: string;
  selectedPropertyAddress: string;
  checked: Array<string | number>;
  allCsvData: PropertyRow[];
  selectedAdditionalInfo: Record<string, unknown>;
  /** Subject photos (data URLs) or { uuid, images } groups. */
  propertyImages: unknown[];
  comaparables: PropertyRow[];
  selectPropertyList: PropertyRow[];
  adjustment_formulas: AdjustmentFormulas;
  listing_id_arr: Array<string | number>;
  inputAddressState: boolean;
  /** Business logo first (data URL). */
  businessImages: string[];
  isUploadCSV: boolean;
  /** Subject photos as data URLs. */
  base64Images: string[];
  clientName: string;
  reportName: string;
  range: ReportRange;
}

export class CmaStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CmaStateError';
  }
}

type Raw = Record<string, unknown>;

// Step n turns a version-n state into version n+1. Never edit a step once released; add one.
const MIGRATIONS: Record<number, (state: Raw) => Raw> = {
  // v0 → v1: the first saves had no version, called the colour pdf_color and kept the range as "start - end" text.
  0: (state) => {
    const { pdf_color, ...rest } = state;
    let range = rest.range;
    if (typeof range === 'string') {
      const [start = '', end = ''] = range.split(/\s*[-–]\s*/).map((part) => part.replace(/[$,\s]/g, ''));
      range = { start, end };
    }
    return { ...rest, range, pdfColor: rest.pdfColor ?? pdf_color };
  },
  // v1 → v2: comparables were saved under `comparables` before the spec's `comaparables` spelling was adopted.
  1: (state) => {
    const { comparables, ...rest } = state;
    return { ...rest, comaparables: rest.comaparables ?? comparables };
  },
  // v2 → v3: report_data is typed (issue 29). It was null in a fresh report; /review also wrote the colour into it.
  2: (state) => {
    const reportData = state.report_data && typeof state.report_data === 'object' && !Array.isArray(state.report_data) ? { ...(state.report_data as Raw) } : {};
    delete reportData.pdfColor;
    return { ...state, report_data: reportData };
  },
  // v3 → v4: an unmarked record now counts with its export's suggested facts (issue 27); a saved report's subject and
  // comparables counted with their own facts only, and keep them.
  3: (state) => {
    const keepOwnFacts = (record: unknown) => (record && typeof record === 'object' && !Array.isArray(record) && !('factsSuggested' in record) ? { ...record, factsSuggested: true } : record);
    return {
      ...state,
      selectedPropertydata: keepOwnFacts(state.selectedPropertydata),
      ...(Array.isArray(state.comaparables) ? { comaparables: state.comaparables.map(keepOwnFacts) } : {}),
    };
  },
};

function defaults(): CmaState {
  return {
    version: CMA_STATE_VERSION,
    pdfColor: DEFAULT_PDF_COLOR,
    csvNewData: [],
    changeDefaultValues: {},
    count: 0,
    review_data: null,
    formula_Division_DefaultValue: 3,
    report_data: {},
    selectedPropertydata: null,
    selectedPropertydataUUID: '',
    address: '',
    selectedPropertyAddress: '',
    checked: [],
    allCsvData: [],
    selectedAdditionalInfo: {},
    propertyImages: [],
    comaparables: [],
    selectPropertyList: [],
    adjustment_formulas: {},
    listing_id_arr: [],
    inputAddressState: false,
    businessImages: [],
    isUploadCSV: true,
    base64Images: [],
    clientName: '',
    reportName: DEFAULT_REPORT_NAME,
    range: { start: '', end: '' },
  };
}

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

const list = <T extends z.ZodType>(item: T) => z.array(item, { error: 'must be a list' });
const propertyRecord = z.custom<PropertyRow>((v) => !!v && typeof v === 'object', { error: 'must be a property record' });
const objectOr = <T>(fallback: T) => z.unknown().transform((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as T) : fallback));

/** The migrated document: the types every reader (valueCma, the PDF, the restore) relies on; other keys pass through. */
export const cmaStateSchema = z.looseObject({
  version: z.literal(CMA_STATE_VERSION),
  pdfColor: z.string().regex(HEX_COLOUR),
  csvNewData: list(z.unknown()),
  changeDefaultValues: z.unknown(),
  count: z.unknown().transform((v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0)),
  review_data: objectOr<ReviewData | null>(null),
  formula_Division_DefaultValue: z.number().positive(),
  report_data: reportDataSchema,
  selectedPropertydata: propertyRecord.nullable(),
  selectedPropertydataUUID: z.string(),
  address: z.string(),
  selectedPropertyAddress: z.string(),
  checked: list(z.unknown()),
  allCsvData: list(z.unknown()),
  selectedAdditionalInfo: objectOr<Record<string, unknown>>({}),
  propertyImages: list(z.unknown()),
  comaparables: list(propertyRecord),
  selectPropertyList: list(z.unknown()),
  adjustment_formulas: z.looseObject({ marketModel: marketModelReadingSchema.nullish() }),
  listing_id_arr: list(z.unknown()),
  inputAddressState: z.unknown().transform((v) => v === true),
  businessImages: list(z.unknown()),
  isUploadCSV: z.unknown().transform((v) => v !== false),
  base64Images: list(z.unknown()),
  clientName: z.string(),
  reportName: z.string(),
  range: z.looseObject({}).transform((r) => r as unknown as ReportRange),
});

/**
 * Brings a saved state (object or JSON string, any version) to the current shape: runs the migration steps,
 * fills missing keys with the report store's defaults and checks the types a renderer relies on.
 */
export function migrateCmaState(input: unknown): CmaState {
  let raw: unknown = input;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw);
    } catch {
      throw new CmaStateError('The report state is not valid JSON.');
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new CmaStateError('The report state must be a JSON object.');
  let state = raw as Raw;
  let version = typeof state.version === 'number' && Number.isInteger(state.version) ? state.version : 0;
  if (version > CMA_STATE_VERSION) {
    throw new CmaStateError(`The report state has version ${version}, newer than this app understands (${CMA_STATE_VERSION}).`);
  }
  while (version < CMA_STATE_VERSION) {
    state = MIGRATIONS[version]!(state);
    version++;
  }
  const base = defaults();
  const merged: Raw = { ...base };
  for (const [key, value] of Object.entries(state)) if (value !== undefined && value !== null) merged[key] = value;
  // review_data/selectedPropertydata may legitimately be null.
  for (const key of ['review_data', 'selectedPropertydata'] as const) if (state[key] === null) merged[key] = null;
  merged.version = CMA_STATE_VERSION;

  for (const key of ['reportName', 'clientName', 'address', 'selectedPropertyAddress', 'selectedPropertydataUUID'] as const) {
    if (typeof merged[key] !== 'string') merged[key] = String(merged[key]);
  }
  if (typeof merged.pdfColor !== 'string' || !HEX_COLOUR.test(merged.pdfColor)) merged.pdfColor = DEFAULT_PDF_COLOR;
  if (!String(merged.reportName).trim()) merged.reportName = DEFAULT_REPORT_NAME;
  const range = merged.range as Raw | null;
  if (!range || typeof range !== 'object') merged.range = { start: '', end: '' };
  const divisor = Number(merged.formula_Division_DefaultValue);
  merged.formula_Division_DefaultValue = Number.isFinite(divisor) && divisor > 0 ? divisor : 3;
  const formulas = merged.adjustment_formulas;
  merged.adjustment_formulas = formulas && typeof formulas === 'object' && !Array.isArray(formulas) ? { ...(formulas as Raw) } : {};
  // An unreadable market model reading is dropped: the comparables still value the home.
  const model = (merged.adjustment_formulas as Raw).marketModel;
  if (model != null && !marketModelReadingSchema.safeParse(model).success) delete (merged.adjustment_formulas as Raw).marketModel;

  const parsed = cmaStateSchema.safeParse(merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
    throw new CmaStateError(`${where} ${issue.message}.`);
  }
  return parsed.data as CmaState;
}

/** The state as saved to history: every spec §3 key plus version and colour, nothing else. */
export function toSavedState(state: CmaState): Record<string, unknown> {
  const saved: Record<string, unknown> = { version: CMA_STATE_VERSION, pdfColor: state.pdfColor };
  for (const key of CMA_STATE_KEYS) saved[key] = state[key];
  return saved;
}
