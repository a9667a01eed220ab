// Everything the workflow shows as a number comes from valueCma (@cma/cma), the valuation the PDF prints too.
import { CandidatePool, selectComparables, withoutPrice, type ComparablePick, type SaleFacts } from '@cma/valuation';
import { readComparable, readSubject, valueCma, type AdjustmentFormulas, type CmaComparable, type CmaValuation } from '@cma/cma';
import { NOT_AVAILABLE } from '@cma/listings-import';
import { asRecords, isRecord, type CmaRecord } from './records';

export type { AdjustmentFormulas };

/** The workflow keys valueCma reads (spec §3 names). */
export interface ReportInputs {
  selectedPropertydata: unknown;
  comaparables: unknown;
  changeDefaultValues: unknown;
  formula_Division_DefaultValue: unknown;
  adjustment_formulas: unknown;
  range?: { start: number | string; end: number | string };
  /** Its purpose (listed now or a past sale) sets the valuation date. */
  report_data?: unknown;
}

export type AdjustedComparable = CmaComparable & { record: CmaRecord };

/** valueCma's result with the workflow's records (uuid-keyed) in it. */
export interface CmaComputation extends CmaValuation {
  subject: CmaRecord | null;
  comparables: AdjustedComparable[];
}

/** The agent's saved choices as the workflow edits them (plain JSON under adjustment_formulas). */
export function formulasOf(value: unknown): AdjustmentFormulas {
  return value && typeof value === 'object' ? (value as AdjustmentFormulas) : {};
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** The numbers of /adjustment and /review: valueCma of the workflow's document, the same call the PDF makes. */
export function computeCma(report: ReportInputs): CmaComputation {
  const subject = isRecord(report.selectedPropertydata) ? report.selectedPropertydata : null;
  const comparables = asRecords(report.comaparables);
  const valued = valueCma({
    selectedPropertydata: subject,
    comaparables: comparables,
    changeDefaultValues: report.changeDefaultValues,
    formula_Division_DefaultValue: Number(report.formula_Division_DefaultValue),
    adjustment_formulas: formulasOf(report.adjustment_formulas),
    range: report.range,
    report_data: report.report_data,
  });
  return { ...valued, subject, comparables: valued.comparables.map((c, i) => ({ ...c, record: comparables[i]! })) };
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
    const f = readComparable(record);
    byFacts.set(f, record);
    return f;
  });
  const sFacts = readSubject(subject);
  const candidatePool = new CandidatePool(facts);
  const sold = new Set(candidatePool.sales);
  const unsold = pool.filter((_r, i) => !sold.has(facts[i]!));
  const asOfDate = sFacts.closeDate ?? candidatePool.latestCloseDate() ?? today();
  const selection = selectComparables(withoutPrice(sFacts), candidatePool, {
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
