// Everything the workflow shows as a number comes from here, and everything here comes from @cma/valuation.
import {
  ABOVE_GRADE_STYLE,
  CandidatePool,
  DEFAULT_ADJUSTMENT_VALUES,
  adjustComparable,
  reconcile,
  selectComparables,
  validateAdjustmentValues,
  valuationWarnings,
  type AdjustmentSettings,
  type AdjustmentValues,
  type CellOverride,
  type ComparableAdjustment,
  type ComparablePick,
  type ReconcileOptions,
  type Reconciliation,
  type SaleFacts,
  type TierRates,
  type ValuationWarning,
  type WeightingMethod,
} from '@cma/valuation';
import { NOT_AVAILABLE } from '@cma/listings-import';
import { addressOf, asRecords, comparableFacts, isRecord, subjectFacts, type CmaRecord } from './records';

/**
 * The report store's `adjustment_formulas` (spec §3 key): the agent's per-report choices on top of the
 * default values. Kept as plain JSON so history restore and the PDF can read it.
 */
export interface AdjustmentFormulas {
  /** Category styles switched off for every comparable. */
  disabledCategories?: string[];
  /** Accepted market-derived (or typed) per-unit rates by style, one per tier. */
  rateOverrides?: Record<string, TierRates>;
  /** Per-cell overrides: comparable uuid → style → rate or amount. */
  cells?: Record<string, Record<string, CellOverride>>;
  /** Market-conditions adjustment, monthly fraction (0.005 = +0.5 %/month); null = off. */
  monthlyTimeRate?: number | null;
  weighting?: { method: WeightingMethod; manualWeights?: Record<string, number> };
}

export interface ReportInputs {
  selectedPropertydata: unknown;
  comaparables: unknown;
  changeDefaultValues: unknown;
  formula_Division_DefaultValue: unknown;
  adjustment_formulas: unknown;
}

export interface AdjustedComparable {
  record: CmaRecord;
  facts: SaleFacts;
  adjustment: ComparableAdjustment | null;
  /** Why this comparable could not be adjusted (no price). */
  problem: string | null;
}

export interface CmaComputation {
  subject: CmaRecord | null;
  subjectFacts: SaleFacts | null;
  values: AdjustmentValues;
  formulas: AdjustmentFormulas;
  comparables: AdjustedComparable[];
  reconciliation: Reconciliation | null;
  warnings: ValuationWarning[];
  asOfDate: string;
}

export function formulasOf(value: unknown): AdjustmentFormulas {
  return value && typeof value === 'object' ? (value as AdjustmentFormulas) : {};
}

/** The agent's adjustment values (from GET /api/property-adjustment-valu-list), else the spec's defaults; the divisor applied. */
export function effectiveValues(changeDefaultValues: unknown, divisor: unknown): AdjustmentValues {
  const hasValues = changeDefaultValues && typeof changeDefaultValues === 'object' && Object.keys(changeDefaultValues).length > 0;
  const checked = hasValues ? validateAdjustmentValues(changeDefaultValues) : null;
  const values: AdjustmentValues = checked?.ok ? { ...checked.values } : { ...DEFAULT_ADJUSTMENT_VALUES };
  const d = Number(divisor);
  const above = values[ABOVE_GRADE_STYLE];
  if (above && Number.isFinite(d) && d > 0 && !checked?.ok) {
    values[ABOVE_GRADE_STYLE] = { ...above, amount_range_one: d, amount_range_two: d, amount_range_three: d };
  }
  return values;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The valuation date: the subject's close date when it sold, else the latest comparable close, else today. */
export function valuationDate(subject: SaleFacts | null, comparables: readonly SaleFacts[]): string {
  if (subject?.closeDate) return subject.closeDate;
  const latest = comparables.map((c) => c.closeDate).filter((d): d is string => !!d).sort().at(-1);
  return latest ?? today();
}

export function settingsFor(values: AdjustmentValues, formulas: AdjustmentFormulas, asOfDate: string): AdjustmentSettings {
  return {
    values,
    disabledCategories: formulas.disabledCategories ?? [],
    rateOverrides: formulas.rateOverrides ?? {},
    timeAdjustment: formulas.monthlyTimeRate != null && Number.isFinite(formulas.monthlyTimeRate) ? { monthlyRate: formulas.monthlyTimeRate, asOfDate } : null,
  };
}

/** Adjusts every selected comparable to the subject and reconciles them: the numbers of /adjustment and /review. */
export function computeCma(report: ReportInputs): CmaComputation {
  const subject = isRecord(report.selectedPropertydata) ? report.selectedPropertydata : null;
  const values = effectiveValues(report.changeDefaultValues, report.formula_Division_DefaultValue);
  const formulas = formulasOf(report.adjustment_formulas);
  const records = asRecords(report.comaparables);
  const facts = records.map(comparableFacts);
  const sFacts = subject ? subjectWithoutPrice(subjectFacts(subject)) : null;
  const asOfDate = valuationDate(subject ? subjectFacts(subject) : null, facts);
  const settings = settingsFor(values, formulas, asOfDate);

  const comparables: AdjustedComparable[] = records.map((record, index) => {
    const f = facts[index]!;
    if (!sFacts) return { record, facts: f, adjustment: null, problem: 'Choose a subject first.' };
    try {
      const adjustment = adjustComparable(sFacts, f, settings, {
        add_adjustment: record.add_adjustment !== false,
        overrides: formulas.cells?.[record.uuid],
      });
      return { record, facts: f, adjustment, problem: null };
    } catch (error) {
      return { record, facts: f, adjustment: null, problem: error instanceof Error ? error.message : String(error) };
    }
  });

  const adjusted = comparables.filter((c): c is AdjustedComparable & { adjustment: ComparableAdjustment } => c.adjustment !== null);
  let reconciliation: Reconciliation | null = null;
  if (adjusted.length > 0) {
    const options: ReconcileOptions = { method: formulas.weighting?.method ?? 'inverse-gross', manualWeights: formulas.weighting?.manualWeights };
    // The explanation names comparables by their number in the grid and their street, as the client sees them.
    const inputs = adjusted.map((c) => ({
      comparableId: c.adjustment.comparableId,
      adjustedPrice: c.adjustment.adjustedPrice,
      grossPercent: c.adjustment.grossPercent,
      number: comparables.indexOf(c) + 1,
      street: typeof c.record.pdf_address === 'string' && c.record.pdf_address ? c.record.pdf_address : addressOf(c.record),
    }));
    try {
      reconciliation = reconcile(inputs, options);
    } catch {
      // Incomplete manual weights fall back to the default weighting rather than losing the value.
      reconciliation = reconcile(inputs);
    }
  }
  const warnings = sFacts ? valuationWarnings(sFacts, adjusted.map((c) => ({ facts: c.facts, adjustment: c.adjustment }))) : [];
  return { subject, subjectFacts: sFacts, values, formulas, comparables, reconciliation, warnings, asOfDate };
}

/** The subject's own price never feeds its value. */
function subjectWithoutPrice(facts: SaleFacts): SaleFacts {
  return { ...facts, netSalesPrice: null, listPrice: null };
}

// ---- /compare: ranking candidates --------------------------------------------------------------

export interface CandidateFilters {
  /** Miles from the subject; null = any distance. */
  miles: number | null;
  /** Closed within this many months of the valuation date. */
  months: number;
  /** ± percent of the subject's above-grade area; null = any size. */
  sizePercent: number | null;
  /** MLS statuses to include; empty = all. */
  statuses: string[];
}

export const DEFAULT_CANDIDATE_FILTERS: CandidateFilters = { miles: 2, months: 12, sizePercent: 30, statuses: [] };

export interface RankedCandidate {
  record: CmaRecord;
  pick: ComparablePick;
  rank: number;
}

export interface CandidateRanking {
  ranked: RankedCandidate[];
  /** Loaded records that were not ranked because they have no close (sold) price or date. */
  unsold: CmaRecord[];
  /** Sales that pass the filters but are not open-market sales (short sale, REO …), nearest first, with the engine's reason. */
  leftOut: { record: CmaRecord; facts: SaleFacts; reason: string }[];
  statuses: string[];
  asOfDate: string;
  notes: string[];
}

export function statusOf(record: CmaRecord): string {
  const status = typeof record.MLS === 'string' && record.MLS !== NOT_AVAILABLE ? record.MLS : 'Unknown';
  return status;
}

/** Ranks the loaded records (minus the subject) with the engine's similarity score under the agent's filters. */
export function rankCandidates(subject: CmaRecord | null, records: readonly CmaRecord[], filters: CandidateFilters, limit = 60): CandidateRanking {
  const statuses = [...new Set(records.map(statusOf))].sort();
  const pool = records.filter((r) => r.uuid !== subject?.uuid && (filters.statuses.length === 0 || filters.statuses.includes(statusOf(r))));
  if (!subject) return { ranked: [], unsold: [], leftOut: [], statuses, asOfDate: today(), notes: ['Choose a subject first.'] };
  const byFacts = new Map<SaleFacts, CmaRecord>();
  const facts = pool.map((record) => {
    const f = comparableFacts(record);
    byFacts.set(f, record);
    return f;
  });
  const sFacts = subjectFacts(subject);
  const candidatePool = new CandidatePool(facts);
  const sold = new Set(candidatePool.sales);
  const unsold = pool.filter((_r, i) => !sold.has(facts[i]!));
  const asOfDate = sFacts.closeDate ?? candidatePool.latestCloseDate() ?? today();
  const selection = selectComparables(subjectWithoutPrice(sFacts), candidatePool, {
    asOfDate,
    count: limit,
    minimum: 1,
    steps: [{ months: filters.months, miles: filters.miles, sizeTolerance: filters.sizePercent == null ? null : filters.sizePercent / 100 }],
    excludeIds: new Set([sFacts.id]),
  });
  const ranked = selection.picks.map((pick, index) => ({ record: byFacts.get(pick.facts)!, pick, rank: index + 1 })).filter((c) => c.record);
  const leftOut = selection.leftOut.map((sale) => ({ record: byFacts.get(sale.facts)!, facts: sale.facts, reason: sale.reason })).filter((c) => c.record);
  return { ranked, unsold, leftOut, statuses, asOfDate, notes: selection.notes };
}
