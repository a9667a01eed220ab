// Fits the market model on the loaded closed sales before the valuation date and estimates the subject: plain data
// out, so it crosses a worker boundary. The comparables' out-of-sample values for the calibration use the engine's
// own selection, as the back-test does.
import {
  CandidatePool,
  comparablesReading,
  prepareMarketModel,
  valueSubject,
  withoutPrice,
  type Calibration,
  type MarketModelEstimate,
  type SaleFacts,
} from '@cma/valuation';

export interface MarketModelRequest {
  sales: SaleFacts[];
  subject: SaleFacts;
  asOfDate: string;
}

export interface MarketModelResult {
  estimate: MarketModelEstimate;
  calibration: Calibration;
  /** Sales the model was fitted on. */
  sales: number;
}

export function fitAndEstimate(request: MarketModelRequest, onProgress: (fraction: number) => void): MarketModelResult {
  const pool = new CandidatePool(request.sales);
  const prepared = prepareMarketModel(pool, {
    before: request.asOfDate,
    onProgress,
    valueWithComparables: (blind) => {
      try {
        const v = valueSubject(blind, pool, { explain: false, asOfDate: blind.closeDate ?? undefined, strictlyBefore: true, excludeStreetAddress: blind.streetAddress });
        return comparablesReading(v.reconciliation.value, v.reconciliation.weights);
      } catch {
        return null;
      }
    },
  });
  return { estimate: prepared.model.estimate(withoutPrice(request.subject), request.asOfDate), calibration: prepared.calibration, sales: prepared.model.sales };
}
