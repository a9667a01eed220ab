// "Market model estimate" on /review: the second approach, fitted on request in a Web Worker with progress and cancel,
// reconciled with the comparables by its measured error, with its 80 % likely range.
import { useEffect, useRef, useState } from 'react';
import { formatAmount, formatPercent, likelyRange, reconcileApproaches, type ComparablesReading, type SaleFacts } from '@cma/valuation';
import { adjustmentsForAnySale, marketModelReadingOf, type CmaAdjustments, type ListingRecord, type MarketModelReading } from '@cma/cma';
import type { MarketModelResult } from '../market-model/marketModelCore';
import { FitCancelled, startMarketModel, type RunningFit } from '../market-model/startMarketModel';

export interface MarketModelPanelProps {
  /** The loaded listing records, read when a fit starts. */
  records: () => ListingRecord[];
  /** The report's adjustments: the calibration values recent sales with them, as the report is valued. */
  adjustments: CmaAdjustments;
  subject: SaleFacts | null;
  asOfDate: string;
  comparables: ComparablesReading | null;
  onUseRange: (start: number, end: number) => void;
  /** The reading the CMA document holds (accepted earlier), or null. */
  accepted?: MarketModelReading | null;
  /** True when the value is reconciled with it: it was fitted for this subject and valuation date. */
  acceptedCurrent?: boolean;
  /** Puts a fit into the document (the value, the range and the report then use it); null takes it out. */
  onAccept?: (reading: MarketModelReading | null) => void;
  onShownToClient?: (shown: boolean) => void;
}

type State = { status: 'idle' } | { status: 'fitting'; progress: number } | { status: 'done'; result: MarketModelResult } | { status: 'failed'; message: string };

export function MarketModelPanel({ records, adjustments, subject, asOfDate, comparables, onUseRange, accepted = null, acceptedCurrent = false, onAccept, onShownToClient }: MarketModelPanelProps) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const running = useRef<RunningFit | null>(null);
  // When the fit shown here was accepted, so its button says so instead of offering it again.
  const acceptedAt = useRef<string | null>(null);
  useEffect(() => () => running.current?.cancel(), []);
  // What the calibration values with: a change (say the weighting method) makes its measured errors stale.
  const forCalibration = adjustmentsForAnySale(adjustments);
  const calibrationAdjustments = JSON.stringify(forCalibration);
  // A different subject, date, the subject's quality or condition, or other adjustments make an earlier estimate stale.
  useEffect(() => setState({ status: 'idle' }), [subject?.id, asOfDate, subject?.quality, subject?.condition, calibrationAdjustments]);

  function fit() {
    if (!subject) return;
    setState({ status: 'fitting', progress: 0 });
    const run = startMarketModel({ records: records(), subject, asOfDate, adjustments: forCalibration }, (progress) => setState({ status: 'fitting', progress }));
    running.current = run;
    run.promise.then(
      (result) => setState({ status: 'done', result }),
      (error: Error) => setState(error instanceof FitCancelled ? { status: 'idle' } : { status: 'failed', message: error.message }),
    );
  }

  const result = state.status === 'done' ? state.result : null;
  const weight = result ? result.calibration.comparablesWeight : 1;
  const reconciled = result && comparables ? reconcileApproaches(comparables.value, result.estimate.value, weight) : null;
  const range = result && comparables && reconciled != null ? likelyRange(reconciled, comparables, result.estimate.value, result.calibration) : null;

  const inValue = result != null && accepted != null && acceptedCurrent && accepted.fittedAt === acceptedAt.current;
  function accept() {
    if (!result || !subject || !onAccept) return;
    acceptedAt.current = new Date().toISOString();
    onAccept(marketModelReadingOf(result, { subjectId: subject.id, asOfDate, fittedAt: acceptedAt.current, shownToClient: accepted?.shownToClient ?? true }));
  }

  return (
    <section className="card cma-model" aria-labelledby="market-model-title">
      <h2 id="market-model-title">Market model estimate</h2>
      {accepted && acceptedCurrent && (
        <div className="cma-model__accepted" role="status">
          <p>
            <strong>In the value and the report:</strong> the value above is reconciled with the market model's {formatAmount(Math.round(accepted.estimate))} (fitted on {accepted.sales.toLocaleString('en-US')} sales for {accepted.asOfDate}); the suggested range is its 80 % likely range unless you set your own.
          </p>
          {onShownToClient && (
            <label className="cma-check">
              <input type="checkbox" checked={accepted.shownToClient} onChange={(e) => onShownToClient(e.target.checked)} />
              Show the market model to the client (PDF, live page and e-mail)
            </label>
          )}
          {!accepted.shownToClient && <p className="cma-hint">Hidden from the client: the value stays reconciled with it, but the report does not print the model's estimate or its sentences.</p>}
          {onAccept && <button type="button" className="cma-link" onClick={() => onAccept(null)}>Take the market model out of the value</button>}
        </div>
      )}
      {accepted && !acceptedCurrent && (
        <div className="cma-model__accepted cma-model__accepted--stale" role="status">
          <p>The market model you accepted was fitted for another subject or valuation date ({accepted.asOfDate}), so it is left out of the value. Fit it again to use it.</p>
          {onAccept && <button type="button" className="cma-link" onClick={() => onAccept(null)}>Remove the old estimate</button>}
        </div>
      )}
      {state.status === 'idle' && (
        <>
          <p className="cma-hint">A second approach beside the comparables: a model of every loaded sale before {asOfDate}, weighed against them by how well each did on recent sales.</p>
          <button type="button" className="button button--secondary" onClick={fit} disabled={!subject}>Fit the market model</button>
        </>
      )}
      {state.status === 'fitting' && (
        <div className="cma-progress">
          <label htmlFor="market-model-progress">Fitting the market model…</label>
          <progress id="market-model-progress" max={1} value={state.progress} aria-valuetext={`${Math.round(state.progress * 100)}%`} />
          <button type="button" className="button button--ghost cma-small" onClick={() => running.current?.cancel()}>Cancel</button>
        </div>
      )}
      {state.status === 'failed' && (
        <p role="alert">
          {state.message} <button type="button" className="cma-link" onClick={fit}>Try again</button>
        </p>
      )}
      {result && (
        <>
          <p className="cma-value__figure" data-testid="market-model-estimate">{formatAmount(Math.round(result.estimate.value))}</p>
          <p className="cma-hint">From {result.sales.toLocaleString('en-US')} sales. What moved it most:</p>
          <ul className="cma-model__drivers">
            {result.estimate.drivers.slice(0, 4).map((d) => (
              <li key={d.label}>{d.label} {d.effect >= 0 ? '+' : '−'}{formatAmount(Math.round(Math.abs(d.effect)))}</li>
            ))}
          </ul>
          {reconciled != null && range && comparables && (
            <>
              <p data-testid="market-model-reconciled">
                With the comparables' {formatAmount(comparables.value)}: <strong>{formatAmount(Math.round(reconciled))}</strong>. The comparables carry {formatPercent(weight * 100, 0)} and the model {formatPercent((1 - weight) * 100, 0)}, because on {result.calibration.sales} recent sales valued before their sale the comparables missed by {formatPercent(result.calibration.comparablesMdape, 1)} and the model by {formatPercent(result.calibration.modelMdape ?? NaN, 1)} (median).
              </p>
              <p className="cma-hint">{range.explanation}</p>
              <button type="button" className="cma-link" onClick={() => onUseRange(range.low, range.high)}>Use the 80 % likely range {formatAmount(range.low)} – {formatAmount(range.high)}</button>
              {onAccept && (inValue
                ? <p className="cma-hint" data-testid="market-model-in-value">This estimate is in the value and the report.</p>
                : <button type="button" className="button button--primary cma-small" onClick={accept}>Use the market model in the value and the report</button>)}
            </>
          )}
        </>
      )}
    </section>
  );
}
