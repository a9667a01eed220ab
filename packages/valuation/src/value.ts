// valueSubject: selection → adjustments → reconciliation → warnings, the one call the CLI, the back-test and the app share.
import { adjustComparable, type AdjustmentSettings, type ComparableAdjustment, type ComparableSettings } from './adjustments';
import { formatAmount, formatNumber, formatPercent } from './format';
import { marketFeatureEffects, marketRateOverrides, type Confidence, type TierMarketRates } from './market-rates';
import { deriveTimeTrend } from './time-trend';
import { comparablesReading, comparablesWeightFor, likelyRange, reconcileApproaches, type LikelyRange, type PreparedModel } from './calibration';
import type { MarketModelEstimate } from './market-model';
import { reconcile, type ReconcileOptions, type Reconciliation } from './reconcile';
import { CandidatePool, selectComparables, type ComparablePick, type Selection, type SelectionOptions } from './selection';
import type { SaleFacts } from './types';

export type WarningCode = 'gross-over-25' | 'net-over-15' | 'no-bracketing-size' | 'no-bracketing-age' | 'fewer-than-3';

export interface ValuationWarning {
  code: WarningCode;
  comparableId?: string;
  message: string;
}

export const GROSS_WARNING_PERCENT = 25;
export const NET_WARNING_PERCENT = 15;
export const MINIMUM_COMPARABLES = 3;

/** Warnings an appraiser reviewer would raise on a set of adjusted comparables. */
export function valuationWarnings(subject: SaleFacts, comps: readonly { facts: SaleFacts; adjustment: ComparableAdjustment }[]): ValuationWarning[] {
  const warnings: ValuationWarning[] = [];
  if (comps.length < MINIMUM_COMPARABLES) {
    warnings.push({ code: 'fewer-than-3', message: `Only ${comps.length} comparable${comps.length === 1 ? '' : 's'}; at least ${MINIMUM_COMPARABLES} are expected.` });
  }
  // Named as the agent and the client see them (position and street), never by MLS number.
  for (const [index, { facts, adjustment: a }] of comps.entries()) {
    const name = `Comparable ${index + 1}${facts.streetAddress ? ` (${facts.streetAddress})` : ''}`;
    if (a.grossPercent > GROSS_WARNING_PERCENT) warnings.push({ code: 'gross-over-25', comparableId: a.comparableId, message: `${name}: gross adjustment ${formatPercent(a.grossPercent)} is above ${GROSS_WARNING_PERCENT}%.` });
    if (a.netPercent > NET_WARNING_PERCENT) warnings.push({ code: 'net-over-15', comparableId: a.comparableId, message: `${name}: net adjustment ${formatPercent(a.netPercent)} is above ${NET_WARNING_PERCENT}%.` });
  }
  const bracket = (code: WarningCode, label: string, read: (f: SaleFacts) => number | null, show: (v: number) => string) => {
    const s = read(subject);
    const values = comps.map((c) => read(c.facts)).filter((v): v is number => v != null);
    if (s == null || values.length === 0) return;
    const below = values.some((v) => v <= s);
    const above = values.some((v) => v >= s);
    if (!below || !above) {
      warnings.push({ code, message: `No bracketing on ${label}: every comparable is ${below ? 'below' : 'above'} the subject's ${show(s)}.` });
    }
  };
  bracket('no-bracketing-size', 'size', (f) => f.aboveGradeFinishedArea, (v) => `${formatNumber(v, 0)} sq ft`);
  bracket('no-bracketing-age', 'age', (f) => f.yearBuilt, (v) => `year built ${v}`);
  return warnings;
}

export interface ValueOptions {
  /** Valuation date; default the subject's close date, else the latest loaded sale. */
  asOfDate?: string;
  /** Back-test rule: only comparables that closed strictly before asOfDate. */
  strictlyBefore?: boolean;
  /** Leave out sales at this street address (the subject's own past sales). */
  excludeStreetAddress?: string | null;
  selection?: Omit<SelectionOptions, 'asOfDate' | 'strictlyBefore' | 'excludeStreetAddress'>;
  adjustments?: AdjustmentSettings;
  /** Per-comparable settings by comparable id (add_adjustment, cell overrides). */
  comparables?: Readonly<Record<string, ComparableSettings>>;
  /** Market-derived rates to use instead of the table where their confidence is accepted. */
  marketRates?: readonly TierMarketRates[] | null;
  acceptConfidence?: readonly Confidence[];
  /**
   * Market-conditions adjustment: off by default; 'derive' measures the monthly $/sq ft trend from the
   * candidates before the valuation date; 'paired' uses the monthly trend of the market rates' paired sales;
   * 'index' uses the market rates' month-by-month paired-sales index (derive them with `timeIndex: true`);
   * a number is a monthly rate (0.005 = +0.5 %).
   */
  timeAdjustment?: 'off' | 'derive' | 'paired' | 'index' | number;
  /** Months of sales behind a derived time trend. Default 12. */
  timeTrendMonths?: number;
  reconcile?: ReconcileOptions;
  /** false skips the explanation texts of adjustment lines (bulk back-tests); default true. */
  explain?: boolean;
  /**
   * The market model fitted on the sales before the valuation date and its calibration (prepareMarketModel): the
   * value becomes the two approaches reconciled by their measured errors, and the range the calibrated 80 % range.
   */
  marketModel?: PreparedModel | null;
}

export interface ValuedComparable {
  pick: ComparablePick;
  adjustment: ComparableAdjustment;
}

export interface ApproachesReconciled {
  comparablesValue: number;
  /** "Market model estimate" and the facts that moved it most. */
  model: MarketModelEstimate | null;
  /** The comparables' share of the value (0–1); the model carries the rest. */
  comparablesWeight: number;
  range: LikelyRange;
  explanation: string;
}

export interface Valuation {
  subjectId: string;
  asOfDate: string;
  /** The reconciled value: the comparables' value, or with a market model both approaches weighed by their measured errors. */
  value: number;
  low: number;
  high: number;
  /** Present when a market model was given: both approaches, their weights and the calibrated range. */
  approaches: ApproachesReconciled | null;
  comparables: ValuedComparable[];
  reconciliation: Reconciliation;
  selection: Omit<Selection, 'picks'>;
  /** Monthly time-adjustment rate used (fraction), or null when off. */
  monthlyTimeRate: number | null;
  warnings: ValuationWarning[];
  explanation: string;
}

/** The subject as the engine may read it: its own sale and list prices are removed so they can never leak into its value. */
export function withoutPrice(subject: SaleFacts): SaleFacts {
  return { ...subject, netSalesPrice: null, listPrice: null };
}

/** Values one subject from candidate sales: picks comparables, adjusts them, reconciles, and explains. */
export function valueSubject(subject: SaleFacts, candidates: readonly SaleFacts[] | CandidatePool, options: ValueOptions = {}): Valuation {
  const pool = candidates instanceof CandidatePool ? candidates : new CandidatePool(candidates);
  const blind = withoutPrice(subject);
  const selection = selectComparables(blind, pool, {
    ...options.selection,
    asOfDate: options.asOfDate,
    strictlyBefore: options.strictlyBefore,
    excludeStreetAddress: options.excludeStreetAddress,
  });
  if (selection.picks.length === 0) throw new Error(`No comparable sales found for subject ${subject.id}.`);

  const time = options.timeAdjustment ?? 'off';
  const timeIndex = time === 'index' ? pairedMonthlyIndex(options.marketRates ?? []) : null;
  let monthlyTimeRate = measuredMonthlyTimeRate(time, options.marketRates ?? null, pool, selection.asOfDate, options.timeTrendMonths);

  const settings: AdjustmentSettings = {
    ...options.adjustments,
    explain: options.explain ?? options.adjustments?.explain,
    rateOverrides: { ...(options.marketRates ? marketTables(options.marketRates, options.acceptConfidence).rateOverrides : {}), ...options.adjustments?.rateOverrides },
    featureEffects: { ...(options.marketRates ? marketTables(options.marketRates, options.acceptConfidence).featureEffects : {}), ...options.adjustments?.featureEffects },
    timeAdjustment: monthlyTimeRate != null ? { monthlyRate: monthlyTimeRate, asOfDate: selection.asOfDate, ...(timeIndex ? { index: timeIndex } : {}) } : options.adjustments?.timeAdjustment ?? null,
  };
  if (settings.timeAdjustment) monthlyTimeRate = settings.timeAdjustment.monthlyRate;

  const comparables = selection.picks.map((pick) => ({ pick, adjustment: adjustComparable(blind, pick.facts, settings, options.comparables?.[pick.facts.id]) }));
  const reconciliation = reconcile(
    comparables.map((c) => ({ comparableId: c.adjustment.comparableId, adjustedPrice: c.adjustment.adjustedPrice, grossPercent: c.adjustment.grossPercent, street: c.pick.facts.streetAddress })),
    options.reconcile,
  );
  const warnings = valuationWarnings(blind, comparables.map((c) => ({ facts: c.pick.facts, adjustment: c.adjustment })));
  const { picks: _picks, ...selectionInfo } = selection;
  const explanation =
    `${comparables.length} comparable${comparables.length === 1 ? '' : 's'} (${selectionInfo.matched} sales matched: ${describe(selection)}). ` +
    reconciliation.explanation +
    (settings.timeAdjustment?.index ? ` Prices brought to ${selection.asOfDate} by the paired-sales monthly price index (trend ${formatPercent((monthlyTimeRate ?? 0) * 100, 2)} a month).` : monthlyTimeRate != null ? ` Prices brought to ${selection.asOfDate} at ${formatPercent(monthlyTimeRate * 100, 2)} a month.` : '') +
    (warnings.length ? ` Warnings: ${warnings.map((w) => w.message).join(' ')}` : '');
  const approaches = options.marketModel ? reconcileWithModel(blind, selection.asOfDate, reconciliation, options.marketModel) : null;
  const fullExplanation = approaches ? `${explanation} ${approaches.explanation} ${approaches.range.explanation}` : explanation;
  return {
    subjectId: subject.id,
    asOfDate: selection.asOfDate,
    value: approaches ? Math.round(reconcileApproaches(reconciliation.value, approaches.model?.value ?? null, approaches.comparablesWeight)) : reconciliation.value,
    low: approaches ? approaches.range.low : reconciliation.range.start,
    high: approaches ? approaches.range.high : reconciliation.range.end,
    approaches,
    comparables,
    reconciliation,
    selection: selectionInfo,
    monthlyTimeRate,
    warnings,
    explanation: fullExplanation,
  };
}

function reconcileWithModel(subject: SaleFacts, asOfDate: string, reconciliation: Reconciliation, prepared: PreparedModel): ApproachesReconciled {
  const { calibration } = prepared;
  let model: MarketModelEstimate | null = null;
  try {
    model = calibration.modelMdape != null && prepared.model ? prepared.model.estimate(subject, asOfDate) : null;
  } catch {
    model = null; // a subject the model cannot read (no valuation date) is valued by its comparables alone
  }
  const reading = comparablesReading(reconciliation.value, reconciliation.weights);
  const weight = model ? comparablesWeightFor(calibration, reading.count) : 1;
  const value = reconcileApproaches(reconciliation.value, model?.value ?? null, weight);
  const range = likelyRange(value, reading, model?.value ?? null, calibration);
  const explanation = model
    ? `Value ${formatAmount(Math.round(value))}: the comparables' ${formatAmount(reconciliation.value)} carries ${formatPercent(weight * 100, 0)} and the market model estimate ${formatAmount(Math.round(model.value))} ${formatPercent((1 - weight) * 100, 0)}, ` +
      `because on ${calibration.sales} recent sales of the loaded data valued before their sale the comparables missed by ${formatPercent(calibration.comparablesMdape, 1)} and the model by ${formatPercent(calibration.modelMdape ?? NaN, 1)} (median), and together by ${formatPercent(calibration.reconciledMdape, 1)}.`
    : `Value ${formatAmount(reconciliation.value)} from the comparables alone.`;
  return { comparablesValue: reconciliation.value, model, comparablesWeight: weight, range, explanation };
}

// One set of market rates serves many valuations (a back-test month, a report's comps), so its tables are built once.
const marketTableCache = new WeakMap<readonly TierMarketRates[], Map<string, { rateOverrides: ReturnType<typeof marketRateOverrides>; featureEffects: ReturnType<typeof marketFeatureEffects> }>>();

function marketTables(tiers: readonly TierMarketRates[], accept: readonly Confidence[] | undefined) {
  let byAccept = marketTableCache.get(tiers);
  if (!byAccept) marketTableCache.set(tiers, (byAccept = new Map()));
  const key = accept ? accept.join(',') : '';
  let tables = byAccept.get(key);
  if (!tables) byAccept.set(key, (tables = { rateOverrides: marketRateOverrides(tiers, accept), featureEffects: marketFeatureEffects(tiers) }));
  return tables;
}

/**
 * The market-conditions rate per month a time option gives (null: none): a number as given, 'paired' and 'index' the
 * paired sales' straight-line trend (0 when only the index was measured), 'derive' the $/sq ft trend before asOfDate.
 */
export function measuredMonthlyTimeRate(
  time: ValueOptions['timeAdjustment'],
  marketRates: readonly TierMarketRates[] | null,
  pool: CandidatePool,
  asOfDate: string,
  months?: number,
): number | null {
  if (typeof time === 'number') return time;
  if (time === 'paired') return pairedMonthlyTrend(marketRates ?? []);
  if (time === 'index') return pairedMonthlyIndex(marketRates ?? []) ? pairedMonthlyTrend(marketRates ?? []) ?? 0 : pairedMonthlyTrend(marketRates ?? []);
  if (time === 'derive') return deriveTimeTrend(pool, { asOfDate, strictlyBefore: true, months }).monthlyRate;
  return null;
}

/** Pairs-weighted monthly trend across the tiers of market rates; null when none measured one. */
export function pairedMonthlyTrend(tiers: readonly TierMarketRates[]): number | null {
  let weighted = 0;
  let pairs = 0;
  for (const t of tiers) {
    if (t.monthlyTrend == null || !Number.isFinite(t.monthlyTrend)) continue;
    weighted += t.monthlyTrend * t.pairs;
    pairs += t.pairs;
  }
  return pairs > 0 ? weighted / pairs : null;
}

// One pooled index per set of market rates (a back-test month reuses it for every subject).
const pooledIndexCache = new WeakMap<readonly TierMarketRates[], Record<string, number> | null>();

/** Pairs-weighted month-by-month index across the tiers (each tier's levels relative to its own first month); null when none measured. */
export function pairedMonthlyIndex(tiers: readonly TierMarketRates[]): Record<string, number> | null {
  if (pooledIndexCache.has(tiers)) return pooledIndexCache.get(tiers) ?? null;
  const sums = new Map<string, { weighted: number; pairs: number }>();
  for (const t of tiers) {
    if (!t.monthlyIndex || !(t.pairs > 0)) continue;
    for (const [month, level] of Object.entries(t.monthlyIndex)) {
      if (!Number.isFinite(level)) continue;
      const s = sums.get(month) ?? { weighted: 0, pairs: 0 };
      s.weighted += level * t.pairs;
      s.pairs += t.pairs;
      sums.set(month, s);
    }
  }
  const index = sums.size ? Object.fromEntries([...sums.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([m, s]) => [m, s.weighted / s.pairs])) : null;
  pooledIndexCache.set(tiers, index);
  return index;
}

function describe(selection: Selection): string {
  const s = selection.step;
  return `closed within ${s.months >= 1200 ? 'any time' : `${s.months} months`} of ${selection.asOfDate}, ${s.miles == null ? 'any distance' : `${s.miles} mi`}, ${s.sizeTolerance == null ? 'any size' : `±${Math.round(s.sizeTolerance * 100)}% size`}`;
}

