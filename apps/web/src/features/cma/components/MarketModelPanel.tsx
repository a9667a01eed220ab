// "Market model" on /review: the second approach the value is reconciled with by default (issue 27): its estimate, the
// facts that moved it, whether it is in the value and whether the client sees it.
import { formatAmount, formatCount } from '@cma/valuation';
import type { MarketModelReading } from '@cma/cma';

export interface MarketModelPanelProps {
  /** The report's current reading (measured for this subject and valuation date). */
  reading: MarketModelReading & { estimate: number };
  onInValue(inValue: boolean): void;
  onShownToClient(shown: boolean): void;
}

export function MarketModelPanel({ reading, onInValue, onShownToClient }: MarketModelPanelProps) {
  const inValue = reading.inValue !== false;
  return (
    <section className="card cma-model" aria-labelledby="market-model-title">
      <h2 id="market-model-title">Market model</h2>
      <p className="cma-value__figure cma-value__figure--small" data-testid="market-model-estimate">{formatAmount(Math.round(reading.estimate))}</p>
      <p className="cma-hint">
        A model of {formatCount(reading.sales, 'closed sale')} of the loaded market, estimating this home on {reading.asOfDate}. What moved it most:
      </p>
      <ul className="cma-model__drivers">
        {reading.drivers.slice(0, 4).map((d) => (
          <li key={d.label}>{d.label} {d.effect >= 0 ? '+' : '−'}{formatAmount(Math.round(Math.abs(d.effect)))}</li>
        ))}
      </ul>
      <div className="cma-model__choices">
        <button type="button" className="button button--ghost cma-small" onClick={() => onInValue(!inValue)} data-testid="model-in-value">
          {inValue ? 'Take the market model out of the value' : 'Put the market model back in the value'}
        </button>
        {inValue && (
          <label className="cma-check">
            <input type="checkbox" checked={reading.shownToClient} onChange={(e) => onShownToClient(e.target.checked)} />
            Show the market model to the client (PDF, live page and e-mail)
          </label>
        )}
      </div>
      {inValue && !reading.shownToClient && <p className="cma-hint">Hidden from the client: the value stays reconciled with it, but the report does not print the model's estimate or its sentences.</p>}
      {!inValue && <p className="cma-hint">Out of the value: the comparables value the report alone, with the range they measured alone on the same recent sales.</p>}
    </section>
  );
}
