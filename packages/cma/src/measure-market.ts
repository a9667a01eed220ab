// Measuring the loaded market for a valuation (issue 27): market-derived rates with the paired-sales time index, then
// the comparables measured on the latest sales and the market model fitted — all on the sales that closed before the
// valuation month began. /review's background worker, `cma value` and the back-test measure the same way, so the value
// an agent gets by default is the one the back-test reports.
import {
  BEST_BACKTEST_OPTIONS,
  CandidatePool,
  deriveMarketRates,
  measuredMonthlyTimeRate,
  measurementCutoff,
  pairedMonthlyIndex,
  prepareMarketModel,
  type Calibration,
  type PreparedModel,
  type SaleFacts,
  type ValueOptions,
} from '@cma/valuation';
import { autoAdjustments, backtestValueOf, valueAutoCma, type CmaAdjustments } from './auto-cma';
import type { MeasuredMarket } from './market-measurements';
import type { ListingRecord } from './read-listing';

/** How many comparables each calibration sale is valued from: the back-test's count. */
export const MEASURED_COMPARABLE_COUNT = BEST_BACKTEST_OPTIONS.selection?.count ?? 8;

export type MeasureStage = 'rates' | 'comparables' | 'model';

export interface MeasureMarketOptions {
  /** The valuation date; the measurements read the sales before its month began (measurementCutoff). */
  asOfDate: string;
  recordOf: (id: string) => ListingRecord | undefined;
  /**
   * The adjustments recent sales are valued with to measure the comparables: a new report's (autoAdjustments) unless
   * the report's own are given (adjustmentsForAnySale of the agent's report, with this measurement in it).
   */
  adjustmentsFor?: (measured: MeasuredMarket) => CmaAdjustments;
  /** False: the comparables alone are measured, no model is fitted. Default true. */
  fitModel?: boolean;
  /** Market-derived rates (default) or the agent's table only; the time adjustment (default: the paired-sales index). */
  marketRates?: boolean;
  time?: ValueOptions['timeAdjustment'];
  /** Comparables each calibration sale is valued from (default MEASURED_COMPARABLE_COUNT). */
  comparableCount?: number;
  onProgress?: (stage: MeasureStage, fraction: number) => void;
  /** The comparables' own calibration, as soon as it is known (before the model is fitted). */
  onComparablesCalibrated?: (measured: MeasuredMarket, calibration: Calibration) => void;
}

export interface MarketContext {
  measured: MeasuredMarket;
  prepared: PreparedModel;
}

/** Measures the market before a valuation: rates and time index, then the comparables and the model on recent sales. */
export function measureMarket(pool: CandidatePool, options: MeasureMarketOptions): MarketContext {
  const before = measurementCutoff(options.asOfDate);
  const cutoff = Date.parse(before);
  let sales = 0;
  for (let i = 0; i < pool.size; i++) if (pool.time[i] < cutoff) sales++;
  options.onProgress?.('rates', 0);
  const time = options.time ?? BEST_BACKTEST_OPTIONS.timeAdjustment ?? 'off';
  const marketRates = options.marketRates === false ? null : deriveMarketRates(pool, { before, timeIndex: time === 'index' });
  const measured: MeasuredMarket = {
    before,
    sales,
    marketRates,
    monthlyTimeRate: measuredMonthlyTimeRate(time, marketRates, pool, before),
    monthlyTimeIndex: time === 'index' ? pairedMonthlyIndex(marketRates ?? []) : null,
  };
  const adjustments = options.adjustmentsFor?.(measured) ?? autoAdjustments(measured);
  const valueWithComparables = (blind: SaleFacts) => {
    if (!blind.closeDate) return null;
    try {
      const { valuation } = valueAutoCma(pool, { subject: blind, recordOf: options.recordOf, asOfDate: blind.closeDate, backtest: true, selection: { count: options.comparableCount ?? MEASURED_COMPARABLE_COUNT }, adjustments, marketModel: null });
      return backtestValueOf(valuation).comparables;
    } catch {
      return null; // no earlier comparables: the sale is left out of the calibration
    }
  };
  const prepared = prepareMarketModel(pool, {
    before,
    valueWithComparables,
    fitModel: options.fitModel !== false,
    onProgress: (p) => options.onProgress?.(p < 0.3 ? 'comparables' : 'model', p),
    onComparablesCalibrated: (calibration) => options.onComparablesCalibrated?.(measured, calibration),
  });
  return { measured, prepared };
}
