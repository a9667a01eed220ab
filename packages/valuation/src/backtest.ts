// Back-test: value past sales from earlier sales only and compare with what they sold for (DESIGN.md §6–§7).
// Rule: comparables closed strictly before the subject's close date, none at the subject's street address,
// and the subject's own price is read only to score the result, after valuing.
import { deriveMarketRates, type MarketRatesOptions, type TierMarketRates } from './market-rates';
import { median } from './statistics';
import { comparablesReading, prepareMarketModel, type ComparablesReading, type PreparedModel } from './calibration';
import type { MarketModelOptions } from './market-model';
import { CandidatePool, distanceMiles } from './selection';
import type { SaleFacts } from './types';
import { valueSubject, withoutPrice, type ValueOptions, type Valuation } from './value';

export interface BacktestOptions extends Omit<ValueOptions, 'asOfDate' | 'strictlyBefore' | 'excludeStreetAddress' | 'marketRates' | 'marketModel'> {
  /** Subjects are sales that closed in [from, to] (yyyy-mm-dd, inclusive). */
  from?: string;
  to?: string;
  /** Only these subject ids (default: every sale in the period). */
  subjectIds?: readonly string[];
  /**
   * Only subjects whose postal code's last digit is even or odd. Choices are made on one half of the zip codes
   * and reported on the other, so a figure is never measured on the sales it was tuned on.
   */
  zipHalf?: ZipHalf;
  /** Derive market rates from the sales before each subject's month and use them. Default true. */
  useMarketRates?: boolean;
  marketRateOptions?: Omit<MarketRatesOptions, 'before'>;
  /**
   * How each subject is valued from its context (earlier sales, the month's market rates and model). The CLI and the
   * bench pass @cma/cma's valuation of an auto-built CMA document (valueCma, the app's path); default: valueSubject.
   */
  valueSale?: (subject: SaleFacts, context: BacktestContext) => BacktestValue;
  /**
   * Reconcile the comparables with the market model: fitted (and calibrated) once per calendar month on the sales
   * before that month begins, like the market rates. Default false.
   */
  useMarketModel?: boolean;
  /**
   * Measure the comparables on the latest sales before each month even without the model, so their range is the
   * calibrated 80 % range too (what the app shows when the agent takes the model out). Default false.
   */
  calibrate?: boolean;
  marketModelOptions?: Omit<MarketModelOptions, 'before'>;
}

/**
 * The best method measured on the King County back-test (docs/decisions/0601, 2080): market-derived rates, 8 comparables,
 * the market-conditions adjustment from the paired-sales monthly price index, reconciled with the market model. `cma value --backtest` and the
 * bench use it by default.
 */
export const BEST_BACKTEST_OPTIONS: Readonly<Pick<BacktestOptions, 'useMarketRates' | 'useMarketModel' | 'calibrate' | 'timeAdjustment' | 'selection'>> = Object.freeze({
  useMarketRates: true,
  useMarketModel: true,
  calibrate: true,
  timeAdjustment: 'index',
  selection: { count: 8 },
});

/**
 * The market measurements of a valuation (rates, time index, model, calibration) read the sales that closed before its
 * month began: the back-test measures once a month, and the app measures the same way, so both give the same value.
 */
export function measurementCutoff(asOfDate: string): string {
  return `${asOfDate.slice(0, 7)}-01`;
}

export type ZipHalf = 'even' | 'odd';

/** The zip-code half a sale belongs to (last digit of its postal code), null when it has none. */
export function zipHalfOf(sale: SaleFacts): ZipHalf | null {
  const digit = sale.postalCode?.trim().match(/(\d)(?:-\d{4})?$/)?.[1];
  return digit == null ? null : Number(digit) % 2 === 0 ? 'even' : 'odd';
}

export interface BacktestResult {
  subjectId: string;
  closeDate: string;
  actual: number;
  value: number | null;
  low: number | null;
  high: number | null;
  comps: string[];
  /** |value − actual| ÷ actual, percent. */
  absolutePercentError: number | null;
  /** (value − actual) ÷ actual, percent. */
  signedPercentError: number | null;
  baselineValue: number | null;
  baselineAbsolutePercentError: number | null;
  approaches?: ApproachValues;
  error?: string;
}

/** What a back-test valuation sees: the subject's close date, and the market rates and model of its month. */
export interface BacktestContext {
  pool: CandidatePool;
  asOfDate: string;
  /** The sales the month's measurements read: those before `measuredBefore` (measurementCutoff), `measuredSales` of them. */
  measuredBefore: string;
  measuredSales: number;
  marketRates: TierMarketRates[] | null;
  marketModel: PreparedModel | null;
  /** The selection, time-adjustment and reconciliation options of the run. */
  valueOptions: Omit<ValueOptions, 'asOfDate' | 'strictlyBefore' | 'excludeStreetAddress' | 'marketRates' | 'marketModel'>;
}

/** A back-test valuation: the value, its stated range, the comparables' ids and their reading before any model. */
export interface BacktestValue {
  value: number;
  low: number;
  high: number;
  comps: string[];
  /** The comparables' reconciled value and spread, which the market model's calibration measures. */
  comparables: ComparablesReading;
  /** Each approach's part, where the valuation reports it (`cma value --json`). */
  approaches?: ApproachValues;
}

/** The comparables' value with their own range, the model's estimate, and the share each carries in the value. */
export interface ApproachValues {
  comparablesValue: number;
  comparablesLow: number;
  comparablesHigh: number;
  modelValue: number | null;
  /** 0–1; the model carries the rest (1 when it is out or there is none). */
  comparablesWeight: number;
}

export interface AccuracySummary {
  valued: number;
  /** Median absolute percentage error, percent. */
  mdape: number;
  /** Share within 5 %, 10 % and 20 %, percent. */
  within5: number;
  within10: number;
  within20: number;
  /** Mean of (value − price) ÷ price, percent: positive when the engine values too high on average. */
  meanSignedError: number;
}

export interface BacktestSummary {
  subjects: number;
  engine: AccuracySummary;
  baseline: AccuracySummary;
  /** Share of subjects whose sale price lies in the suggested range, percent. */
  insideRange: number;
  /** Median half-width of the range as a share of the value, percent (±). */
  medianRangeHalfWidth: number;
  /** The comparables alone with their own range, when the valuations reported their approaches. */
  comparablesAlone?: { engine: AccuracySummary; insideRange: number; medianRangeHalfWidth: number };
}

/** Naive baseline: median $/sq ft (finished) of the 5 nearest similar-size (±20 %) earlier sales × the subject's size. */
export function naiveBaselineValue(subject: SaleFacts, pool: CandidatePool, options: { beforeDate: string; excludeStreetAddress?: string | null; nearest?: number }): number | null {
  const size = finishedArea(subject);
  if (size == null || subject.latitude == null || subject.longitude == null) return null;
  const before = Date.parse(options.beforeDate);
  const nearest = options.nearest ?? 5;
  const excluded = options.excludeStreetAddress?.trim().toLowerCase().replace(/\s+/g, ' ') ?? null;
  for (const miles of [1, 2, 5, 20, 100]) {
    const found: { d: number; ppsf: number }[] = [];
    for (const i of pool.near(subject.latitude, subject.longitude, miles)) {
      if (pool.time[i] >= before || Number.isNaN(pool.lat[i])) continue;
      if (excluded != null && pool.address[i] === excluded) continue;
      const sale = pool.sales[i];
      const area = finishedArea(sale);
      if (area == null || Math.abs(area - size) > 0.2 * size) continue;
      const d = distanceMiles(subject.latitude, subject.longitude, pool.lat[i], pool.lng[i]);
      if (d <= miles) found.push({ d, ppsf: (sale.netSalesPrice as number) / area });
    }
    if (found.length >= nearest) {
      found.sort((a, b) => a.d - b.d);
      return median(found.slice(0, nearest).map((f) => f.ppsf)) * size;
    }
  }
  return null;
}

function finishedArea(f: SaleFacts): number | null {
  if (f.aboveGradeFinishedArea == null || !(f.aboveGradeFinishedArea > 0)) return null;
  return f.aboveGradeFinishedArea + (f.belowGradeFinishedArea ?? 0);
}

/** Values one sale as the back-test does: earlier comparables only, own address left out, own price never read. */
export function backtestValue(subject: SaleFacts, pool: CandidatePool, options: Omit<ValueOptions, 'asOfDate' | 'strictlyBefore' | 'excludeStreetAddress'> = {}): Valuation {
  if (!subject.closeDate) throw new Error(`Subject ${subject.id} has no close date, so it cannot be back-tested.`);
  return valueSubject(withoutPrice(subject), pool, { ...options, asOfDate: subject.closeDate, strictlyBefore: true, excludeStreetAddress: subject.streetAddress });
}

/**
 * Back-tests every sale closed in [from, to]. Market rates (when used) are derived once per calendar month
 * from the sales before that month begins, so no subject's rates see its own or any later sale.
 */
export function runBacktest(sales: readonly SaleFacts[] | CandidatePool, options: BacktestOptions = {}): { results: BacktestResult[]; summary: BacktestSummary } {
  const pool = sales instanceof CandidatePool ? sales : new CandidatePool(sales);
  const from = options.from ?? '0000-01-01';
  const to = options.to ?? '9999-12-31';
  const wanted = options.subjectIds ? new Set(options.subjectIds) : null;
  const inPeriod = (s: SaleFacts) => (wanted ? wanted.has(s.id) : (s.closeDate as string) >= from && (s.closeDate as string) <= to);
  const subjects = pool.sales.filter((s) => inPeriod(s) && (options.zipHalf == null || zipHalfOf(s) === options.zipHalf));
  const useMarketRates = options.useMarketRates ?? true;
  const ratesByMonth = new Map<string, TierMarketRates[]>();
  const modelByMonth = new Map<string, PreparedModel | null>();
  const { from: _from, to: _to, subjectIds: _ids, zipHalf: _half, useMarketRates: _use, marketRateOptions: _mro, useMarketModel: _umm, calibrate: _cal, marketModelOptions: _mmo, valueSale: _vs, ...valueOptions } = options;
  const salesBefore = new Map<string, number>();
  const countBefore = (cutoff: string) => {
    if (!salesBefore.has(cutoff)) {
      const t = Date.parse(cutoff);
      let n = 0;
      for (let i = 0; i < pool.size; i++) if (pool.time[i] < t) n++;
      salesBefore.set(cutoff, n);
    }
    return salesBefore.get(cutoff) as number;
  };
  const valueSale =
    options.valueSale ??
    ((subject: SaleFacts, context: BacktestContext): BacktestValue => {
      const v = backtestValue(subject, context.pool, { explain: false, ...context.valueOptions, marketRates: context.marketRates, marketModel: context.marketModel });
      return { value: v.value, low: v.low, high: v.high, comps: v.comparables.map((c) => c.adjustment.comparableId), comparables: comparablesReading(v.reconciliation.value, v.reconciliation.weights) };
    });
  const results: BacktestResult[] = [];
  for (const subject of subjects) {
    const closeDate = subject.closeDate as string;
    const actual = subject.netSalesPrice as number;
    const month = measurementCutoff(closeDate);
    const measured = { measuredBefore: month, measuredSales: countBefore(month) };
    let marketRates: TierMarketRates[] | null = null;
    if (useMarketRates) {
      // The month-by-month time index needs the rates measured with month columns.
      const timeIndex = options.timeAdjustment === 'index' || options.marketRateOptions?.timeIndex === true;
      marketRates = ratesByMonth.get(month) ?? deriveMarketRates(pool, { ...options.marketRateOptions, timeIndex, before: month });
      ratesByMonth.set(month, marketRates);
    }
    let marketModel: PreparedModel | null = null;
    if (options.useMarketModel || options.calibrate) {
      if (!modelByMonth.has(month)) {
        const rates = marketRates;
        // The calibration values recent sales the way the back-test values its subjects (the same valuer), without a model.
        const valueWithComparables = (blind: SaleFacts) => {
          try {
            if (!blind.closeDate) return null;
            return valueSale(blind, { pool, asOfDate: blind.closeDate, ...measured, marketRates: rates, marketModel: null, valueOptions }).comparables;
          } catch {
            return null;
          }
        };
        try {
          modelByMonth.set(month, prepareMarketModel(pool, { ...options.marketModelOptions, before: month, valueWithComparables, fitModel: options.useMarketModel === true }));
        } catch {
          modelByMonth.set(month, null); // too few earlier sales: the comparables alone
        }
      }
      marketModel = modelByMonth.get(month) ?? null;
    }
    let valuation: BacktestValue | null = null;
    let error: string | undefined;
    try {
      valuation = valueSale(subject, { pool, asOfDate: closeDate, ...measured, marketRates, marketModel, valueOptions });
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    const baselineValue = naiveBaselineValue(withoutPrice(subject), pool, { beforeDate: closeDate, excludeStreetAddress: subject.streetAddress });
    results.push({
      subjectId: subject.id,
      closeDate,
      actual,
      value: valuation?.value ?? null,
      low: valuation?.low ?? null,
      high: valuation?.high ?? null,
      comps: valuation?.comps ?? [],
      absolutePercentError: valuation ? (Math.abs(valuation.value - actual) / actual) * 100 : null,
      signedPercentError: valuation ? ((valuation.value - actual) / actual) * 100 : null,
      baselineValue,
      baselineAbsolutePercentError: baselineValue != null ? (Math.abs(baselineValue - actual) / actual) * 100 : null,
      ...(valuation?.approaches ? { approaches: valuation.approaches } : {}),
      ...(error ? { error } : {}),
    });
  }
  return { results, summary: summarizeBacktest(results) };
}

/** Accuracy of signed percentage errors ((value − price) ÷ price × 100). */
export function accuracy(signedErrors: readonly number[]): AccuracySummary {
  const n = signedErrors.length;
  if (n === 0) return { valued: 0, mdape: NaN, within5: NaN, within10: NaN, within20: NaN, meanSignedError: NaN };
  const absolute = signedErrors.map(Math.abs);
  const within = (limit: number) => (absolute.filter((e) => e <= limit).length / n) * 100;
  return {
    valued: n,
    mdape: median(absolute),
    within5: within(5),
    within10: within(10),
    within20: within(20),
    meanSignedError: signedErrors.reduce((sum, e) => sum + e, 0) / n,
  };
}

/** How often a stated range holds the sale price, and its median half-width as a share of the value (percent). */
function rangeHonesty(ranged: readonly { actual: number; value: number; low: number; high: number }[]): { insideRange: number; medianRangeHalfWidth: number } {
  if (!ranged.length) return { insideRange: NaN, medianRangeHalfWidth: NaN };
  const inside = ranged.filter((r) => r.actual >= r.low && r.actual <= r.high).length;
  return { insideRange: (inside / ranged.length) * 100, medianRangeHalfWidth: median(ranged.map((r) => ((r.high - r.low) / 2 / r.value) * 100)) };
}

export function summarizeBacktest(results: readonly BacktestResult[]): BacktestSummary {
  const engine = results.map((r) => r.signedPercentError).filter((e): e is number => e != null);
  const baseline = results.filter((r) => r.baselineValue != null).map((r) => (((r.baselineValue as number) - r.actual) / r.actual) * 100);
  const ranged = results.flatMap((r) => (r.low != null && r.high != null && r.value != null && r.value > 0 ? [{ actual: r.actual, value: r.value, low: r.low, high: r.high }] : []));
  const alone = results.flatMap((r) => (r.approaches ? [{ actual: r.actual, value: r.approaches.comparablesValue, low: r.approaches.comparablesLow, high: r.approaches.comparablesHigh }] : []));
  return {
    subjects: results.length,
    engine: accuracy(engine),
    baseline: accuracy(baseline),
    ...rangeHonesty(ranged),
    ...(alone.length ? { comparablesAlone: { engine: accuracy(alone.map((a) => ((a.value - a.actual) / a.actual) * 100)), ...rangeHonesty(alone) } } : {}),
  };
}
