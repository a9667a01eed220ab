// valueCma: the one valuation of a CMA document. The screens (/adjustment, /review), the PDF (browser and server),
// the live page, the history summary and the CLI all print the numbers it returns.
import {
  ABOVE_GRADE_STYLE,
  DEFAULT_ADJUSTMENT_VALUES,
  adjustComparable,
  comparablesReading,
  likelyRange,
  reconcile,
  uadStepValuesOf,
  validateAdjustmentValues,
  valuationWarnings,
  withoutPrice,
  type AdjustmentSettings,
  type AdjustmentValues,
  type CellOverride,
  type ComparableAdjustment,
  type FeatureEffectsTable,
  type LikelyRange,
  type ReconcileOptions,
  type Reconciliation,
  type SaleFacts,
  type TierRates,
  type UadStepValues,
  type WarningCode,
  type WeightingMethod,
} from '@cma/valuation';
import { addressOfRecord } from './derived';
import { marketRatesInUse, parseMarketMeasurements, type MarketMeasurements } from './market-measurements';
import { calibrationOf, parseMarketModelReading, reconcileWithMarketModel, type MarketModelReading, type ReconciledWithModel } from './market-model';
import { numberOf, readListingRecord, textOf, type ListingRecord } from './read-listing';
import { readReportData, type ValuationPurpose } from './report-data';
import { migrateCmaState, type CmaState } from './state';

/** The agent's per-report choices (adjustment_formulas, spec §3 key) as the engine reads them. */
export interface CmaFormulas {
  disabledCategories: string[];
  rateOverrides: Record<string, TierRates>;
  cells: Record<string, Record<string, CellOverride>>;
  monthlyTimeRate: number | null;
  monthlyTimeIndex: Record<string, number> | null;
  featureEffects: FeatureEffectsTable;
  weighting: { method: WeightingMethod; manualWeights?: Record<string, number> };
  marketModel: MarketModelReading | null;
  /** What the loaded market measured (issue 27): its rates and time index apply unless the agent chose otherwise. */
  market: MarketMeasurements | null;
  /** Styles (categories, 'feature:View' …) on which the agent keeps their own default rate instead of the market's. */
  ownRates: string[];
  /** False when the agent switched the market's time adjustment off (a typed monthlyTimeRate always wins). */
  marketTime: boolean;
  /** Quality and condition per step by tier when no market rate applies; null in reports saved before issue 27. */
  stepValues: UadStepValues | null;
}

export interface CmaComparable {
  record: ListingRecord;
  /** 1-based number on the grid, the map and in the sentences. */
  number: number;
  /** How the client knows it: its street line, else its address. */
  street: string;
  facts: SaleFacts;
  adjustment: ComparableAdjustment | null;
  /** Why it could not be adjusted (no subject, no sale price…); it is then left out of the value everywhere. */
  problem: string | null;
}

export interface CmaWarning {
  code: WarningCode | 'manual-weights' | 'market-model-stale' | 'thin';
  comparableId?: string;
  message: string;
}

export interface CmaValuation {
  subject: ListingRecord | null;
  /** The subject as read, with its own earlier sale (printed as such); null without a subject. */
  subjectFacts: SaleFacts | null;
  /** The subject as valued: its own price never feeds its value. */
  blindSubject: SaleFacts | null;
  values: AdjustmentValues;
  formulas: CmaFormulas;
  settings: AdjustmentSettings;
  comparables: CmaComparable[];
  /** The comparables' reconciliation (the sales comparison approach); null when none could be adjusted. */
  reconciliation: Reconciliation | null;
  /** The accepted market model reconciled with the comparables, when the document has a current reading. */
  marketModel: ReconciledWithModel | null;
  /** The value printed everywhere: reconciled with the market model when accepted, else the comparables'. */
  value: number | null;
  /** The engine's range: the calibrated 80 % likely range when the report has a measurement, else the comparables' spread. */
  engineRange: { start: number; end: number } | null;
  /** The calibrated 80 % range behind engineRange (with the model, or the comparables' own when it is out); null without one. */
  likelyRange: LikelyRange | null;
  /** The range printed: the agent's edited range when set, else the engine's. */
  range: { start: number; end: number; source: 'agent' | 'engine' } | null;
  warnings: CmaWarning[];
  /** Valuation date (yyyy-mm-dd). */
  asOfDate: string;
}

export interface ValueCmaOptions {
  /** Today when the document has no dates (default: the clock). */
  now?: Date;
}

/** The agent's values table: their saved values when valid, else the spec's defaults with the above-grade divisor. */
export function adjustmentValuesOf(changeDefaultValues: unknown, divisor: unknown): AdjustmentValues {
  const hasValues = !!changeDefaultValues && typeof changeDefaultValues === 'object' && Object.keys(changeDefaultValues).length > 0;
  const checked = hasValues ? validateAdjustmentValues(changeDefaultValues) : null;
  if (checked?.ok) return { ...checked.values };
  const values: AdjustmentValues = { ...DEFAULT_ADJUSTMENT_VALUES };
  const d = Number(divisor);
  const above = values[ABOVE_GRADE_STYLE];
  if (above && Number.isFinite(d) && d > 0) values[ABOVE_GRADE_STYLE] = { ...above, amount_range_one: d, amount_range_two: d, amount_range_three: d };
  return values;
}

const WEIGHTING_METHODS: readonly WeightingMethod[] = ['inverse-gross', 'equal', 'manual'];

export function formulasOf(raw: unknown): CmaFormulas {
  const f = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const weighting = f.weighting && typeof f.weighting === 'object' ? (f.weighting as { method?: unknown; manualWeights?: Record<string, number> }) : {};
  return {
    disabledCategories: Array.isArray(f.disabledCategories) ? f.disabledCategories.filter((c): c is string => typeof c === 'string') : [],
    rateOverrides: f.rateOverrides && typeof f.rateOverrides === 'object' ? (f.rateOverrides as Record<string, TierRates>) : {},
    cells: f.cells && typeof f.cells === 'object' ? (f.cells as Record<string, Record<string, CellOverride>>) : {},
    monthlyTimeRate: typeof f.monthlyTimeRate === 'number' && Number.isFinite(f.monthlyTimeRate) ? f.monthlyTimeRate : null,
    monthlyTimeIndex: monthlyIndexOf(f.monthlyTimeIndex),
    featureEffects: f.featureEffects && typeof f.featureEffects === 'object' ? (f.featureEffects as FeatureEffectsTable) : {},
    weighting: { method: WEIGHTING_METHODS.find((m) => m === weighting.method) ?? 'inverse-gross', manualWeights: weighting.manualWeights },
    marketModel: parseMarketModelReading(f.marketModel),
    market: parseMarketMeasurements(f.market),
    ownRates: Array.isArray(f.ownRates) ? f.ownRates.filter((c): c is string => typeof c === 'string') : [],
    marketTime: f.marketTime !== false,
    stepValues: uadStepValuesOf(f.stepValues),
  };
}

/** A saved month → level index, or null when absent or not all finite levels. */
function monthlyIndexOf(raw: unknown): Record<string, number> | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
  const entries = Object.entries(raw as Record<string, unknown>);
  return entries.length && entries.every(([, v]) => typeof v === 'number' && Number.isFinite(v)) ? (raw as Record<string, number>) : null;
}

/**
 * What the report values: what the agent said on /confirm-subject, else (a report saved before the question) a past sale
 * when the subject has a close date, as such reports were valued.
 */
export function purposeOf(reportData: unknown, subject: Pick<SaleFacts, 'closeDate'> | null): ValuationPurpose {
  return readReportData(reportData).purpose ?? (subject?.closeDate ? 'past-sale' : 'listing');
}

/** The valuation date: a past sale's close date; for a home listed now the latest comparable close, else today. */
export function valuationDate(subject: SaleFacts | null, comparables: readonly SaleFacts[], now: Date, purpose?: ValuationPurpose): string {
  // A home being listed now is valued at the market's latest sale: an earlier sale of it is its history, not the date.
  if (subject?.closeDate && (purpose ?? purposeOf(undefined, subject)) === 'past-sale') return subject.closeDate;
  return comparables.map((c) => c.closeDate).filter((d): d is string => !!d).sort().at(-1) ?? now.toISOString().slice(0, 10);
}

/**
 * The engine's settings for a document: the agent's values and step values, the market's rates (except where the agent
 * keeps their own) under the rates the agent set, and the time adjustment the agent typed, else the market's.
 */
export function settingsFor(values: AdjustmentValues, formulas: CmaFormulas, asOfDate: string): AdjustmentSettings {
  const market = formulas.market ? marketRatesInUse(formulas.market, formulas.ownRates) : null;
  const time =
    formulas.monthlyTimeRate != null ? { monthlyRate: formulas.monthlyTimeRate, index: formulas.monthlyTimeIndex }
    : formulas.marketTime && formulas.market?.monthlyTimeRate != null ? { monthlyRate: formulas.market.monthlyTimeRate, index: formulas.market.monthlyTimeIndex }
    : null;
  return {
    values,
    disabledCategories: formulas.disabledCategories,
    rateOverrides: { ...market?.rates, ...formulas.rateOverrides },
    featureEffects: { ...market?.featureEffects, ...formulas.featureEffects },
    timeAdjustment: time ? { monthlyRate: time.monthlyRate, asOfDate, ...(time.index ? { index: time.index } : {}) } : null,
    stepValues: formulas.stepValues,
  };
}

function positive(value: unknown): number | null {
  const n = numberOf(value);
  return n != null && n > 0 ? n : null;
}

/** What valueCma reads of a document; a whole saved state (any version) is migrated first. */
export type CmaDocument = Pick<CmaState, 'selectedPropertydata' | 'comaparables' | 'changeDefaultValues' | 'formula_Division_DefaultValue' | 'adjustment_formulas'> & {
  range?: CmaState['range'];
  /** Only its purpose is read: a home being listed now or a past sale (decides the valuation date). */
  report_data?: unknown;
};

/**
 * Adjusts every selected comparable to the subject, reconciles them (and the accepted market model), and states the
 * value, the range and the warnings. Pure: the same document and `now` give the same result.
 */
export function valueCma(document: CmaDocument | CmaState, options: ValueCmaOptions = {}): CmaValuation {
  const now = options.now ?? new Date();
  const subject = document.selectedPropertydata && typeof document.selectedPropertydata === 'object' ? document.selectedPropertydata : null;
  const values = adjustmentValuesOf(document.changeDefaultValues, document.formula_Division_DefaultValue);
  const formulas = formulasOf(document.adjustment_formulas);
  const records = (Array.isArray(document.comaparables) ? document.comaparables : []).filter((r): r is ListingRecord => !!r && typeof r === 'object');
  const facts = records.map((record, index) => readListingRecord(record, 'comparable', `comparable-${index + 1}`));
  const subjectFacts = subject ? readListingRecord(subject, 'subject') : null;
  const blindSubject = subjectFacts ? withoutPrice(subjectFacts) : null;
  const asOfDate = valuationDate(subjectFacts, facts, now, purposeOf(document.report_data, subjectFacts));
  const settings = settingsFor(values, formulas, asOfDate);

  const comparables: CmaComparable[] = records.map((record, index) => {
    const f = facts[index]!;
    const base = { record, number: index + 1, street: textOf(record.pdf_address) ?? addressOfRecord(record), facts: f };
    if (!blindSubject) return { ...base, adjustment: null, problem: 'Choose a subject first.' };
    try {
      const uuid = typeof record.uuid === 'string' ? record.uuid : undefined;
      const adjustment = adjustComparable(blindSubject, f, settings, { add_adjustment: record.add_adjustment !== false, overrides: uuid ? formulas.cells[uuid] : undefined });
      return { ...base, adjustment, problem: null };
    } catch (error) {
      return { ...base, adjustment: null, problem: error instanceof Error ? error.message : String(error) };
    }
  });

  const adjusted = comparables.filter((c): c is CmaComparable & { adjustment: ComparableAdjustment } => c.adjustment !== null);
  const warnings: CmaWarning[] = [];
  let reconciliation: Reconciliation | null = null;
  if (adjusted.length > 0) {
    const reconcileOptions: ReconcileOptions = { method: formulas.weighting.method, manualWeights: formulas.weighting.manualWeights };
    // Sentences name each comparable by its number in the grid and its street, never by MLS number.
    const inputs = adjusted.map((c) => ({ comparableId: c.adjustment.comparableId, adjustedPrice: c.adjustment.adjustedPrice, grossPercent: c.adjustment.grossPercent, number: c.number, street: c.street }));
    try {
      reconciliation = reconcile(inputs, reconcileOptions);
    } catch (error) {
      // Incomplete manual weights fall back to the default weighting rather than losing the value, and say so.
      warnings.push({ code: 'manual-weights', message: `${error instanceof Error ? error.message : String(error)} Default weights used instead.` });
      reconciliation = reconcile(inputs);
    }
    warnings.push(...valuationWarnings(blindSubject!, adjusted.map((c) => ({ facts: c.facts, adjustment: c.adjustment }))));
  }

  let marketModel: ReconciledWithModel | null = null;
  let likely: LikelyRange | null = null;
  const reading = formulas.marketModel;
  if (reading && reconciliation && blindSubject) {
    if (reading.subjectId === blindSubject.id && reading.asOfDate === asOfDate) {
      if (reading.estimate != null && reading.inValue !== false) marketModel = reconcileWithMarketModel(reconciliation, { ...reading, estimate: reading.estimate });
      // The model out (or none): the comparables' value with the range they measured alone.
      likely = marketModel?.likelyRange ?? likelyRange(reconciliation.value, comparablesReading(reconciliation.value, reconciliation.weights), null, calibrationOf(reading));
      if (likely.thin) warnings.push({ code: 'thin', message: `The value rests on ${adjusted.length === 1 ? 'one comparable' : `${adjusted.length} comparables`}, fewer than the recent sales it was measured on had; the range is as wide as valuations from so few measured.` });
    } else warnings.push({ code: 'market-model-stale', message: 'The market measurement was made for another subject or valuation date and is left out; it is measured again for this one.' });
  }

  const value = marketModel?.value ?? reconciliation?.value ?? null;
  const engineRange = likely ? { start: likely.low, end: likely.high } : (reconciliation?.range ?? null);
  const agentStart = positive(document.range?.start);
  const agentEnd = positive(document.range?.end);
  let range: CmaValuation['range'] = engineRange ? { ...engineRange, source: 'engine' } : null;
  if (agentStart != null && agentEnd != null) {
    const start = Math.min(agentStart, agentEnd);
    const end = Math.max(agentStart, agentEnd);
    // Review copies the engine's range into the document; it is the agent's only when it differs.
    range = { start, end, source: engineRange && engineRange.start === start && engineRange.end === end ? 'engine' : 'agent' };
  }
  return { subject, subjectFacts, blindSubject, values, formulas, settings, comparables, reconciliation, marketModel, value, engineRange, likelyRange: likely, range, warnings, asOfDate };
}

/** valueCma of a saved state of any version (migrated first). */
export function valueSavedCma(saved: unknown, options: ValueCmaOptions = {}): CmaValuation {
  return valueCma(migrateCmaState(saved), options);
}
