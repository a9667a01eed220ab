// Measures the loaded market for a report (issue 27) off the main thread: market-derived rates and the time index, the
// comparables measured on recent sales with the report's own adjustments, the market model fitted, and the subject's
// reading — exactly as the back-test measures (measureMarket). Plain data in and out, so it crosses a worker boundary.
import {
  adjustmentsForAnySale,
  marketMeasurementsOf,
  marketModelReadingFor,
  measureMarket,
  readComparable,
  withMarket,
  type CmaAdjustments,
  type ListingRecord,
  type MarketContext,
  type MarketMeasurements,
  type MarketModelReading,
  type MeasureStage,
} from '@cma/cma';
import { CandidatePool, measurementCutoff, withoutPrice, type SaleFacts, type TierMarketRates } from '@cma/valuation';

export interface MeasureRequest {
  /** The loaded listing records (the pool as IndexedDB holds it, the agent's copies of chosen comparables in place); omitted when the worker already holds `poolKey`'s. */
  records?: ListingRecord[];
  /** Which pool the records are: the measurement is reused while the pool, the month and the adjustments stay the same. */
  poolKey: string;
  /** The subject's facts as valueCma reads them. */
  subject: SaleFacts;
  asOfDate: string;
  /** The report's adjustments: they value the recent sales that measure the comparables (adjustmentsForAnySale). */
  adjustments: CmaAdjustments;
  /** The agent's preference: the market's rates where the sales measure them (else their own table only). */
  marketRates: boolean;
}

export interface MeasureResult {
  market: MarketMeasurements;
  /** The rates by tier with their confidence and explanations, for the /adjustment panel (not saved). */
  tiers: TierMarketRates[] | null;
  /** The subject's reading: the model's estimate and the calibration; null when too few recent sales could be measured. */
  reading: MarketModelReading | null;
  /** Closed sales the model was fitted on (0 without a model), and why there is none. */
  modelSales: number;
  modelProblem: string | null;
}

export type MeasureProgress = (stage: MeasureStage, fraction: number) => void;

/** Overall progress of a measurement: rates first (a sixth), then the comparables and the model. */
export function overallProgress(stage: MeasureStage, fraction: number): number {
  return stage === 'rates' ? 0 : 0.15 + 0.85 * fraction;
}

/**
 * A measurer keeps the last pool and the last market it measured, so a new subject or valuation date in the same month
 * only needs the model's estimate, not a new fit.
 */
export function createMeasurer() {
  let pool: { key: string; pool: CandidatePool; recordOf: (id: string) => ListingRecord | undefined } | null = null;
  let last: { key: string; context: MarketContext } | null = null;

  return function measure(request: MeasureRequest, onProgress: MeasureProgress): MeasureResult {
    if (request.records && pool?.key !== request.poolKey) {
      const records = request.records;
      const sales = records.map(readComparable);
      const byId = new Map(records.map((record, i) => [sales[i]!.id, record]));
      pool = { key: request.poolKey, pool: new CandidatePool(sales), recordOf: (id) => byId.get(id) };
      last = null;
    }
    if (!pool || pool.key !== request.poolKey) throw new Error('The listings to measure were not sent.');
    const { adjustment_formulas: formulas, ...tables } = adjustmentsForAnySale(request.adjustments);
    const { market: _market, ...choices } = (formulas ?? {}) as Record<string, unknown>;
    const key = JSON.stringify([measurementCutoff(request.asOfDate), request.marketRates, tables, choices]);
    if (last?.key !== key) {
      const context = measureMarket(pool.pool, {
        asOfDate: request.asOfDate,
        recordOf: pool.recordOf,
        marketRates: request.marketRates,
        adjustmentsFor: (measured) => withMarket(request.adjustments, measured),
        onProgress,
      });
      last = { key, context };
    }
    const { measured, prepared } = last.context;
    onProgress('model', 1);
    const blind = withoutPrice(request.subject);
    return {
      market: marketMeasurementsOf(measured),
      tiers: measured.marketRates ? [...measured.marketRates] : null,
      reading: marketModelReadingFor(prepared, blind, request.asOfDate, new Date().toISOString()),
      modelSales: prepared.model?.sales ?? 0,
      modelProblem: prepared.model ? null : (prepared.modelProblem ?? null),
    };
  };
}
