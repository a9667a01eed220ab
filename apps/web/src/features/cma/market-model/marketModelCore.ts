// Fits the market model on the loaded closed sales before the valuation date and estimates the subject: plain data
// out, so it crosses a worker boundary. The calibration values each recent sale as the back-test does — its own CMA
// document (auto-picked earlier comparables, the report's adjustments) through valueCma, the report's one valuation.
import { adjustmentsForAnySale, backtestValueOf, readComparable, valueAutoCma, type CmaAdjustments, type ListingRecord } from '@cma/cma';
import { CandidatePool, prepareMarketModel, withoutPrice, type Calibration, type MarketModelEstimate, type SaleFacts } from '@cma/valuation';

export interface MarketModelRequest {
  /** The loaded listing records (the pool as IndexedDB holds it, the agent's copies of chosen comparables in place). */
  records: ListingRecord[];
  /** The subject's facts as valueCma reads them. */
  subject: SaleFacts;
  asOfDate: string;
  /** The report's adjustments, which value every calibration sale (adjustmentsForAnySale drops what is the report's own). */
  adjustments: CmaAdjustments;
}

export interface MarketModelResult {
  estimate: MarketModelEstimate;
  calibration: Calibration;
  /** Sales the model was fitted on. */
  sales: number;
}

export function fitAndEstimate(request: MarketModelRequest, onProgress: (fraction: number) => void): MarketModelResult {
  const sales = request.records.map(readComparable);
  const records = new Map(request.records.map((record, i) => [sales[i]!.id, record]));
  const pool = new CandidatePool(sales);
  const adjustments = adjustmentsForAnySale(request.adjustments);
  const prepared = prepareMarketModel(pool, {
    before: request.asOfDate,
    onProgress,
    valueWithComparables: (blind) => {
      if (!blind.closeDate) return null;
      try {
        const { valuation } = valueAutoCma(pool, { subject: blind, recordOf: (id) => records.get(id), asOfDate: blind.closeDate, backtest: true, adjustments, marketModel: null });
        return backtestValueOf(valuation).comparables;
      } catch {
        return null; // no earlier comparables: the sale is left out of the calibration
      }
    },
  });
  return { estimate: prepared.model.estimate(withoutPrice(request.subject), request.asOfDate), calibration: prepared.calibration, sales: prepared.model.sales };
}
