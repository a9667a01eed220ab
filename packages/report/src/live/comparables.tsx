/** @jsxRuntime automatic */
// The live page's comparables (a card each, adjustments feature by feature under a disclosure) and the adjusted-price
// bars, drawn horizontally so they read on a phone.
import { NOT_AVAILABLE } from '@cma/valuation';
import type { AdjustedPriceSeries, ComparableCard, ComparablesContent } from '../content';
import { priceScale } from '../content/reconciliation';
import { money, shortMoney } from '../theme';
import { Photo, RiskBadge, type LivePictures } from './parts';

function Card({ comp, content, pictures }: { comp: ComparableCard; content: ComparablesContent; pictures: LivePictures }) {
  return (
    <article className="comp" aria-labelledby={`comp-${comp.number}`}>
      <Photo src={comp.photo} alt={`Comparable ${comp.number}: ${comp.street}`} pictures={pictures} className="comp__photo" width={640} height={400} />
      <div className="comp__body">
        <h3 id={`comp-${comp.number}`}>
          <span className="pin" aria-hidden="true">
            {comp.number}
          </span>{' '}
          {comp.street}
        </h3>
        <p className="muted small">
          {comp.distance} away · {comp.statusLine}
        </p>
        <dl className="comp__figures">
          <div>
            <dt>Net sales price</dt>
            <dd>{comp.salePrice}</dd>
          </div>
          <div>
            <dt>Adjusted price</dt>
            <dd className="strong">{comp.adjustedPrice}</dd>
          </div>
          <div>
            <dt>Total adjustment</dt>
            <dd>{comp.totalAdjustment}</dd>
          </div>
          <div>
            <dt>Gross adjustment</dt>
            <dd>
              <RiskBadge figure={comp.gross} label="Gross" />
            </dd>
          </div>
        </dl>
        {comp.adjusted ? (
          <details>
            <summary>Adjustments, feature by feature</summary>
            <table className="adjustments">
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  <th scope="col">Subject</th>
                  <th scope="col">This home</th>
                  <th scope="col">Adjustment</th>
                </tr>
              </thead>
              <tbody>
                {content.adjustmentRows.map((row) => {
                  const cell = comp.adjustments[row.style];
                  return (
                    <tr key={row.style}>
                      <th scope="row">{row.label}</th>
                      <td>{row.subject}</td>
                      <td>{cell?.value ?? NOT_AVAILABLE}</td>
                      <td className={cell?.sign === 1 ? 'plus' : cell?.sign === -1 ? 'minus' : 'muted'}>{cell?.amount ?? '–'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
            <p className="small muted">A positive amount means the subject has more of that feature than this home.</p>
          </details>
        ) : (
          <p className="small minus">Not adjusted: {comp.problem ?? NOT_AVAILABLE}</p>
        )}
        {comp.agentNotes ? <p className="small">Agent notes: {comp.agentNotes}</p> : null}
      </div>
    </article>
  );
}

export function ComparableCards({ content, pictures }: { content: ComparablesContent; pictures: LivePictures }) {
  return (
    <div className="comps">
      {content.comparables.map((comp) => (
        <Card key={comp.number} comp={comp} content={content} pictures={pictures} />
      ))}
    </div>
  );
}

/** Sale and adjusted price per comparable as horizontal bars, the market model's estimate as its own bar, the range as a band. */
export function AdjustedPriceBars({ series }: { series: AdjustedPriceSeries }) {
  if (series.bars.length === 0) return <p className="muted">{NOT_AVAILABLE}</p>;
  const scale = priceScale(series);
  const pct = (v: number) => `${(((v - scale.min) / (scale.max - scale.min)) * 100).toFixed(2)}%`;
  const band = series.range ? { left: pct(series.range.start), width: `${(((series.range.end - series.range.start) / (scale.max - scale.min)) * 100).toFixed(2)}%` } : null;
  const bandSpan = band ? <span className="bars__band" style={{ left: band.left, width: band.width }} /> : null;
  return (
    <div className="bars">
      <ul className="bars__list">
        {series.bars.map((b) => (
          <li key={b.number} className="bars__row">
            <span className="bars__label">
              #{b.number} {b.street}
            </span>
            <span className="bars__track">
              {bandSpan}
              <span className="bars__bar bars__bar--sale" style={{ width: pct(b.sale) }} />
              <span className="bars__bar bars__bar--adjusted" style={{ width: pct(b.adjusted) }} />
            </span>
            <span className="bars__values">
              Sold {money(b.sale)} · adjusted <strong>{money(b.adjusted)}</strong>
            </span>
          </li>
        ))}
        {series.model != null ? (
          <li className="bars__row">
            <span className="bars__label">Market model</span>
            <span className="bars__track">
              {bandSpan}
              <span className="bars__bar bars__bar--model" style={{ width: pct(series.model) }} />
            </span>
            <span className="bars__values">
              Estimate <strong>{money(series.model)}</strong>
            </span>
          </li>
        ) : null}
      </ul>
      <p className="bars__legend">
        <span className="key key--sale" /> Net sales price <span className="key key--adjusted" /> Adjusted price
        {series.model != null ? (
          <>
            {' '}
            <span className="key key--model" /> Market model estimate
          </>
        ) : null}
        {band ? (
          <>
            {' '}
            <span className="key key--band" /> Suggested range
          </>
        ) : null}
        <span className="bars__scale">
          {shortMoney(scale.min)} – {shortMoney(scale.max)}
        </span>
      </p>
    </div>
  );
}
