/** @jsxRuntime automatic */
// The live page skin of each page id: the same content the PDF prints, as sections of one phone-first page.
import type { ReactNode } from 'react';
import type { ReportFrame, Skin } from '../content';
import { monthlyDrawing, pricePerSqftDrawing } from '../drawings/charts';
import { locationDrawing } from '../drawings/maps';
import { REPORT_MAP_SIZE } from '../report-map';
import { AdjustedPriceBars, ComparableCards } from './comparables';
import { FactList, LiveSection, Photo, SvgDrawing, type LivePictures } from './parts';
import { AgentCard } from './agent';

export interface LiveContext {
  frame: ReportFrame;
  pictures: LivePictures;
  /** Where "Download PDF" points (the same report as a PDF). */
  pdfUrl: string;
}

/**
 * Map label sizes in map units: the map is drawn once per screen class (CSS shows one), so labels stay about 12 px tall
 * on a phone, where the 540-unit map is ~330 px wide, and on a wide screen alike.
 */
const LIVE_MAP_SIZES = [
  { className: 'chart--map-wide', font: 13 },
  { className: 'chart--map-narrow', font: 19 },
] as const;
/** The live page's charts: drawn narrow with large text, so a phone shows them at a readable size. */
const LIVE_CHART = { width: 360, height: 240, font: 12 };

const paragraphs = (items: string[]) => items.map((p, i) => <p key={i}>{p}</p>);

export const LIVE_SECTIONS: Skin<ReactNode, LiveContext> = {
  cover: (content, { frame, pictures }) => <Photo src={content.photo} alt={`The subject property, ${frame.street}`} pictures={pictures} className="hero" width={1280} height={800} eager />,

  'cover-letter': (content, { frame }) => (
    <LiveSection id="letter" title={`A letter from ${frame.agent.name}`}>
      {paragraphs(content.paragraphs)}
    </LiveSection>
  ),

  subject: (content) => (
    <LiveSection id="subject" title="The home">
      <p className="strong">{content.address}</p>
      <ul className="stats">
        {content.keyFacts.map((fact) => (
          <li key={fact.label}>
            <strong>{fact.value}</strong>
            <span className="small muted">{fact.label}</span>
          </li>
        ))}
      </ul>
      <FactList facts={content.additionalFacts} />
      <details>
        <summary>All property facts</summary>
        <FactList facts={[...content.facts, ...content.features]} />
      </details>
    </LiveSection>
  ),

  comparables: (content, { pictures }) => (
    <LiveSection id="comps" title="Comparable sales">
      <p className="small muted">Each recent sale is adjusted to the home feature by feature; the adjusted prices lead to the value.</p>
      <ComparableCards content={content} pictures={pictures} />
    </LiveSection>
  ),

  reconciliation: (content, { frame }) => (
    <LiveSection id="recon" title="How the value was reached">
      <AdjustedPriceBars series={content.chart} />
      <table className="weights">
        <thead>
          <tr>
            <th scope="col">Comparable</th>
            <th scope="col">Adjusted</th>
            <th scope="col">Weight</th>
          </tr>
        </thead>
        <tbody>
          {content.rows.map((row) => (
            <tr key={row.number}>
              <td>
                #{row.number} {row.street}
              </td>
              <td>{row.adjustedPrice}</td>
              <td>{row.weight}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="small">{content.weighting}</p>
      {content.explanation ? <p className="small muted">{content.explanation}</p> : null}
      {content.marketModel ? (
        <>
          <h3>Market model</h3>
          <p>{content.marketModel.sentence}</p>
          <p className="small muted">{content.marketModel.rangeExplanation}</p>
        </>
      ) : null}
      {frame.headline.rangeNote ? <p className="small muted">{frame.headline.rangeNote}</p> : null}
    </LiveSection>
  ),

  'net-sheet': (content) => (
    <LiveSection id="net-sheet" title="Estimated seller net proceeds">
      <p className="small muted">{content.intro}</p>
      <table className="sheet">
        <thead>
          <tr>
            <td />
            {content.columns.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {content.rows.map((row) => (
            <tr key={row.label} className={row.strong ? 'strong' : undefined}>
              <th scope="row">{row.label}</th>
              {row.values.map((v, i) => (
                <td key={i}>{v}</td>
              ))}
            </tr>
          ))}
          <tr className="net">
            <th scope="row">Estimated net proceeds</th>
            {content.net.map((n, i) => (
              <td key={i} className={n.negative ? 'minus' : undefined}>
                {n.text}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      <p className="small muted">{content.footnote}</p>
    </LiveSection>
  ),

  map: (content, { frame, pictures }) => (
    <LiveSection id="map" title="Where the comparables are">
      {LIVE_MAP_SIZES.map((size) => (
        <SvgDrawing key={size.className} className={`chart--map ${size.className}`} drawing={locationDrawing(content.location, { ...REPORT_MAP_SIZE, font: size.font }, frame.palette)} pictures={pictures} />
      ))}
      <ol className="legend">
        {content.legend.map((c) => (
          <li key={c.number}>
            {c.street} – {c.distance}
          </li>
        ))}
      </ol>
      <h3>Price per square foot vs size</h3>
      <SvgDrawing drawing={pricePerSqftDrawing(content.pricePerSqft, LIVE_CHART, frame.palette)} pictures={pictures} />
    </LiveSection>
  ),

  'market-statistics': (content, { frame, pictures }) => (
    <LiveSection id="market" title="The market around the home">
      <p className="small muted">{content.summary}</p>
      <ul className="figures">
        {content.figures.map((figure) => (
          <li key={figure.label}>
            <span className="small muted">{figure.label}</span>
            <strong className={figure.value ? undefined : 'muted'}>{figure.value ?? 'Not Available'}</strong>
            <span className="small muted">{figure.basis}</span>
          </li>
        ))}
      </ul>
      {content.charts.map((series) => (
        <div key={series.title}>
          <h3>{series.title}</h3>
          <SvgDrawing drawing={monthlyDrawing(series, { width: 360, height: 160, font: 11 }, frame.palette)} pictures={pictures} />
        </div>
      ))}
      <p className="small muted">{content.footnote}</p>
    </LiveSection>
  ),

  // The hero and the cards show the first photos; the gallery adds the subject's others.
  photos: (content, { pictures }) => {
    const more = content.cells.filter((cell, i) => i > 0 && cell.caption.startsWith('Subject'));
    if (more.length === 0) return null;
    return (
      <LiveSection id="photos" title="Photos">
        <div className="gallery">
          {more.map((cell) => (
            <figure key={cell.src}>
              <Photo src={cell.src} alt={cell.caption} pictures={pictures} className="gallery__photo" width={640} height={480} />
              <figcaption>{cell.caption}</figcaption>
            </figure>
          ))}
        </div>
      </LiveSection>
    );
  },

  // Every live page has the agent's card: here when the report prints the bio page, else before the disclosures.
  bio: (_content, ctx) => <AgentCard ctx={ctx} />,

  notes: (content, { frame }) => (
    <>
      {content.notes.length ? (
        <LiveSection id="notes" title={`Notes from ${frame.agent.name}`}>
          {paragraphs(content.notes)}
        </LiveSection>
      ) : null}
      {content.reviewNotes.length ? (
        <LiveSection id="review-notes" title="Review notes">
          <ul>
            {content.reviewNotes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </LiveSection>
      ) : null}
      <LiveSection id="legal" className="legal" title="Important disclosures">
        {paragraphs([...content.legal])}
      </LiveSection>
    </>
  ),
};
