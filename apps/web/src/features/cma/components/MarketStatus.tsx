// The market measurement's state on /compare, /adjustment and /review: what it is doing and how far (cancelable), what
// it measured, or why there is none.
import { formatCount } from '@cma/valuation';
import type { MeasureStage } from '@cma/cma';
import { cancelMeasurement, measureAgain } from '../market-model/measurement';
import type { MarketMeasurementView } from '../market-model/useMarketMeasurement';

const STAGE_TEXT: Record<MeasureStage, string> = {
  rates: 'Measuring rates from the loaded sales',
  comparables: 'Valuing recent sales to measure the comparables',
  model: 'Fitting the market model',
};

export function MarketStatus({ view, onBringUpToDate }: { view: MarketMeasurementView; onBringUpToDate(): void }) {
  const { status, notMeasured, olderReport } = view;
  if (olderReport) {
    return (
      <div className="cma-market-status" role="status">
        <p>This report was made before quality and condition were priced and the market was measured by default; its value stays as saved.</p>
        <button type="button" className="button button--secondary cma-small" onClick={onBringUpToDate}>Price quality and condition and measure the market</button>
      </div>
    );
  }
  if (status.state === 'measuring') {
    const percent = Math.round(status.progress * 100);
    return (
      <div className="cma-market-status cma-progress" role="status" aria-live="polite">
        <label htmlFor="market-measure-progress">{STAGE_TEXT[status.stage]}… {percent}%</label>
        <progress id="market-measure-progress" max={1} value={status.progress} aria-valuetext={`${percent}%`} />
        <button type="button" className="button button--ghost cma-small" onClick={cancelMeasurement}>Cancel</button>
      </div>
    );
  }
  if (status.state === 'cancelled' || status.state === 'failed') {
    return (
      <div className="cma-market-status" role={status.state === 'failed' ? 'alert' : 'status'}>
        <p>{status.state === 'failed' ? `The market could not be measured: ${status.message}` : 'Market measurement stopped: the value is the comparables’ alone.'}</p>
        <button type="button" className="button button--secondary cma-small" onClick={measureAgain}>Measure again</button>
      </div>
    );
  }
  if (status.state === 'done') {
    const { result } = status;
    return (
      <p className="cma-hint cma-market-status" role="status">
        Market measured on {formatCount(result.market.sales, 'closed sale')} before {result.market.before}
        {result.modelSales > 0 ? `; market model fitted on ${formatCount(result.modelSales, 'sale')}` : result.modelProblem ? `; no market model (${result.modelProblem})` : ''}.
      </p>
    );
  }
  return notMeasured ? <p className="cma-hint cma-market-status">{notMeasured}</p> : null;
}
