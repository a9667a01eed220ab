/** @jsxRuntime automatic */
// The live web presentation of a report (/r/<token>): the same view model the PDF prints, as one phone-first HTML page
// that works without JavaScript and asks no other host for anything (photos are served by the page's own origin).
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { ComparableView, PropertyView, ReportDocumentInput } from './build-input';
import { plotScales, relativeMapLayout, ticksFor } from './chart-scale';
import { layoutPins, tileView, type GeoPoint, type PlacedPin } from './map-layout';
import { REPORT_MAP_SIZE, reportMapPins } from './report-map';
import { hiddenModelSentence, marketModelSentence } from './value-sentences';
import { LEGAL_PARAGRAPHS } from './document';
import { NOT_AVAILABLE } from '@cma/valuation';
import type { ReportPageId } from './pages';
import { INK, MUTED, RISK_COLOURS, RULE, miles, money, percent, shortMoney, tint } from './theme';

export interface LivePageOptions {
  /** The agent's headshot as a data URL, or null. */
  headshot: string | null;
  /** Where "Download PDF" points (the same report as a PDF). */
  pdfUrl: string;
  /** The URL the page loads photo number `index` of livePagePhotos() from. */
  photoUrl: (index: number) => string;
}

/**
 * Every image the page shows, in a fixed order (logo, headshot, subject photos, each comparable's first photo, street map): the page
 * refers to them by their index here, and the server serves index n from the same list.
 */
export function livePagePhotos(input: ReportDocumentInput, headshot: string | null): string[] {
  const photos: string[] = [];
  const add = (src: string | null | undefined) => {
    if (src && !photos.includes(src)) photos.push(src);
  };
  add(input.branding.logo);
  add(headshot);
  for (const src of input.subject.photos) add(src);
  for (const comp of input.comparables) add(comp.photos[0]);
  // The street map composed by the server, when there is one and the page shows the map.
  if (input.pages.includes('map')) add(input.mapImage?.src);
  return photos;
}

// WCAG relative luminance and contrast: the agent's colour is used for text only where it stays readable.
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
/** The colour darkened (mixed with black) just enough for 4.5:1 on white. */
function darkenForWhite(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  for (let k = 0; k <= 1; k += 0.05) {
    const mix = (c: number) => Math.round(c * (1 - k));
    const candidate = `#${((1 << 24) | (mix((n >> 16) & 255) << 16) | (mix((n >> 8) & 255) << 8) | mix(n & 255)).toString(16).slice(1)}`;
    if (contrastRatio(candidate, '#ffffff') >= 4.5) return candidate;
  }
  return INK;
}

const WHITE = '#ffffff';

/** The brand colours the page uses: the band, the text on it, and the colour for headings and figures on white. */
export function livePalette(colour: string) {
  const onBrand = contrastRatio(colour, WHITE) >= contrastRatio(colour, INK) ? WHITE : INK;
  return { brand: colour, onBrand, brandText: contrastRatio(colour, WHITE) >= 4.5 ? colour : darkenForWhite(colour), tint: tint(colour, 0.9), faint: tint(colour, 0.95) };
}

/** A safe http(s) link for the agent's website, or null (never a javascript: or data: URL from a profile). */
function websiteHref(website: string): string | null {
  const value = website.trim();
  if (!value) return null;
  const withScheme = /^https?:\/\//i.test(value) ? value : /^[a-z0-9.-]+\.[a-z]{2,}(\/.*)?$/i.test(value) ? `https://${value}` : null;
  if (!withScheme) return null;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
const telHref = (phone: string) => {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.length >= 7 ? `tel:${digits}` : null;
};
const mailHref = (email: string) => (/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(email.trim()) ? `mailto:${email.trim()}` : null);

const factOf = (view: PropertyView, label: string) => view.facts.find((f) => f.label === label)?.value ?? NOT_AVAILABLE;
const signedMoney = (amount: number) => (amount === 0 ? '$ 0' : `${amount > 0 ? '+' : '−'}${money(Math.abs(amount))}`);

function Photo({ src, alt, photos, photoUrl, className, eager, width, height }: { src: string | undefined; alt: string; photos: string[]; photoUrl: (i: number) => string; className: string; eager?: boolean; width: number; height: number }) {
  const index = src ? photos.indexOf(src) : -1;
  if (index < 0) return <div className={`${className} photo--none`}>Photo Not Available</div>;
  return (
    <img
      className={className}
      src={photoUrl(index)}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}

function RiskBadge({ value, risk, label }: { value: number | null; risk: ComparableView['grossRisk']; label: string }) {
  if (value == null || !risk) return <span className="muted">{NOT_AVAILABLE}</span>;
  const colours = RISK_COLOURS[risk];
  return (
    <span className="badge" style={{ background: colours.fill, color: colours.text }} title={`${label}: ${colours.label} adjustment`}>
      {percent(value)}
    </span>
  );
}

/** The live page's map pins: the PDF's numbered price labels, a little larger for a phone screen. */
function LivePins({ pins, palette, fontSize }: { pins: PlacedPin[]; palette: ReturnType<typeof livePalette>; fontSize: number }) {
  const drawn = [...pins].reverse();
  return (
    <g>
      {drawn.map((p) => (p.moved ? <line key={`l${p.id}`} x1={p.x} y1={p.y} x2={p.labelX} y2={p.labelY} stroke={p.subject ? palette.brand : INK} strokeWidth={1} /> : null))}
      {drawn.map((p) => (
        <circle key={`d${p.id}`} cx={p.x} cy={p.y} r={3.5} fill={p.subject ? palette.brand : INK} stroke={WHITE} strokeWidth={1} />
      ))}
      {drawn.map((p) => (
        <g key={`p${p.id}`}>
          <rect x={p.labelX - p.labelWidth / 2} y={p.labelY - p.labelHeight / 2} width={p.labelWidth} height={p.labelHeight} rx={p.labelHeight / 2} fill={p.subject ? palette.brand : WHITE} stroke={palette.brandText} strokeWidth={1.5} />
          <text x={p.labelX} y={p.labelY + fontSize * 0.36} fill={p.subject ? palette.onBrand : INK} fontSize={fontSize} fontWeight={700} textAnchor="middle">
            {p.text}
          </text>
        </g>
      ))}
    </g>
  );
}

/**
 * Pin label sizes in map units: the map is drawn once per screen class (CSS shows one), so labels stay about 12 px
 * tall on a phone, where the 540-unit map is ~330 px wide, and on a wide screen alike.
 */
const LIVE_MAP_SIZES = [
  { className: 'chart--map-wide', font: 13 },
  { className: 'chart--map-narrow', font: 19 },
] as const;

/**
 * The street map composed by the server (served from the page's own origin, like the photos) under the numbered price
 * pins, with its attribution; without one, the offline drawing of relative positions with the same pins.
 */
function LiveMap(props: { input: ReportDocumentInput; palette: ReturnType<typeof livePalette>; photos: string[]; photoUrl: (i: number) => string }) {
  const { subject, comparables } = props.input;
  if (subject.latitude == null || subject.longitude == null || !comparables.some((c) => c.latitude != null && c.longitude != null)) return <p className="muted">Location Not Available</p>;
  return (
    <>
      {LIVE_MAP_SIZES.map((size) => (
        <LiveMapDrawing key={size.className} {...props} className={size.className} fontSize={size.font} />
      ))}
    </>
  );
}

function LiveMapDrawing({ input, palette, photos, photoUrl, className, fontSize }: { input: ReportDocumentInput; palette: ReturnType<typeof livePalette>; photos: string[]; photoUrl: (i: number) => string; className: string; fontSize: number }) {
  const { subject, comparables } = input;
  const located = comparables.filter((c) => c.latitude != null && c.longitude != null);
  if (subject.latitude == null || subject.longitude == null || located.length === 0) return <p className="muted">Location Not Available</p>;
  const pins = reportMapPins({ subject, comparables: located });
  const label = `Map of the subject (S) and ${located.length} comparables with their sale prices, north up`;
  const view = tileView(pins, REPORT_MAP_SIZE.width, REPORT_MAP_SIZE.height);
  const imageIndex = input.mapImage ? photos.indexOf(input.mapImage.src) : -1;
  if (input.mapImage && view && imageIndex >= 0) {
    const { width, height } = REPORT_MAP_SIZE;
    const attribution = input.mapImage.attribution;
    // The attribution grows with the labels: readable on a phone too.
    const creditFont = Math.round(fontSize * 0.8);
    const attributionWidth = attribution.length * creditFont * 0.56 + 10;
    return (
      <svg className={`chart chart--map ${className}`} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
        <image href={photoUrl(imageIndex)} x={0} y={0} width={width} height={height} preserveAspectRatio="none" />
        <LivePins pins={layoutPins(pins, view.project, fontSize, REPORT_MAP_SIZE)} palette={palette} fontSize={fontSize} />
        <rect x={width - attributionWidth} y={height - creditFont * 1.45} width={attributionWidth} height={creditFont * 1.45} fill={WHITE} fillOpacity={0.85} />
        <text x={width - 5} y={height - creditFont * 0.4} fill={INK} fontSize={creditFont} textAnchor="end">
          {attribution}
        </text>
      </svg>
    );
  }
  const width = REPORT_MAP_SIZE.width;
  const height = REPORT_MAP_SIZE.height;
  const { reach, ringStep, rings } = relativeMapLayout(subject, located);
  const pad = 34;
  const cx = width / 2;
  const cy = height / 2;
  const scale = Math.min((width / 2 - pad) / reach, (height / 2 - pad) / reach);
  const milesPerLon = 69.17 * Math.cos((subject.latitude * Math.PI) / 180);
  const project = (p: GeoPoint) => ({ x: cx + (p.lon - subject.longitude!) * milesPerLon * scale, y: cy - (p.lat - subject.latitude!) * 69.0 * scale });
  return (
    <svg className={`chart chart--map ${className}`} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label}>
      <rect x={0} y={0} width={width} height={height} fill={palette.faint} />
      {rings.map((r) => (
        <g key={r}>
          <circle cx={cx} cy={cy} r={r * scale} stroke={tint(input.colour, 0.55)} strokeWidth={1} strokeDasharray="3,3" fill="none" />
          <text x={cx + r * scale * 0.707 + 3} y={cy - r * scale * 0.707 - 3} fill={MUTED} fontSize={12}>
            {miles(r)}
          </text>
        </g>
      ))}
      <LivePins pins={layoutPins(pins, project, fontSize, REPORT_MAP_SIZE)} palette={palette} fontSize={fontSize} />
      <path d={`M ${width - 24} 30 L ${width - 18} 14 L ${width - 12} 30 Z`} fill={INK} />
      <text x={width - 18} y={44} fill={INK} fontSize={11} fontWeight={700} textAnchor="middle">
        N
      </text>
      <line x1={12} y1={height - 14} x2={12 + ringStep * scale} y2={height - 14} stroke={INK} strokeWidth={2} />
      <text x={12} y={height - 20} fill={INK} fontSize={12}>
        {miles(ringStep)}
      </text>
    </svg>
  );
}

function PricePerSqftChart({ input, palette }: { input: ReportDocumentInput; palette: ReturnType<typeof livePalette> }) {
  const dots = input.comparables.filter((c) => c.pricePerSqft != null && c.aboveGradeArea != null);
  if (dots.length === 0) return <p className="muted">{NOT_AVAILABLE}</p>;
  const width = 360;
  const height = 240;
  const axis = { left: 46, right: 24, top: 12, bottom: 38 };
  const sizes = dots.map((d) => d.aboveGradeArea!);
  if (input.subject.aboveGradeArea != null) sizes.push(input.subject.aboveGradeArea);
  const xs = ticksFor(Math.min(...sizes), Math.max(...sizes), 4);
  const ys = ticksFor(Math.min(...dots.map((d) => d.pricePerSqft!)), Math.max(...dots.map((d) => d.pricePerSqft!)), 4);
  const { plotW, plotH, px, py } = plotScales(width, height, axis, { x: xs, y: ys });
  const subjectX = input.subject.aboveGradeArea != null ? px(input.subject.aboveGradeArea) : null;
  return (
    <svg className="chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label="Price per square foot against above grade finished area for each comparable">
      {ys.ticks.map((t) => (
        <g key={`y${t}`}>
          <line x1={axis.left} y1={py(t)} x2={width - axis.right} y2={py(t)} stroke={RULE} strokeWidth={1} />
          <text x={axis.left - 4} y={py(t) + 4} fill={MUTED} fontSize={12} textAnchor="end">{`$${Math.round(t)}`}</text>
        </g>
      ))}
      {xs.ticks.map((t) => (
        <text key={`x${t}`} x={px(t)} y={height - axis.bottom + 14} fill={MUTED} fontSize={12} textAnchor="middle">
          {t.toLocaleString('en-US')}
        </text>
      ))}
      <text x={axis.left + plotW / 2} y={height - 6} fill={INK} fontSize={11} textAnchor="middle">
        Above grade finished area (sq ft)
      </text>
      {subjectX != null && (
        <g>
          <line x1={subjectX} y1={axis.top} x2={subjectX} y2={axis.top + plotH} stroke={palette.brandText} strokeWidth={1.5} strokeDasharray="4,3" />
          <text x={subjectX > axis.left + plotW * 0.8 ? subjectX - 4 : subjectX + 4} y={axis.top + 10} fill={palette.brandText} fontSize={12} fontWeight={700} textAnchor={subjectX > axis.left + plotW * 0.8 ? 'end' : 'start'}>
            Subject
          </text>
        </g>
      )}
      {dots.map((d) => (
        <g key={d.number}>
          <circle cx={px(d.aboveGradeArea!)} cy={py(d.pricePerSqft!)} r={10} fill={palette.brand} />
          <text x={px(d.aboveGradeArea!)} y={py(d.pricePerSqft!) + 4} fill={palette.onBrand} fontSize={12} fontWeight={700} textAnchor="middle">
            {d.number}
          </text>
        </g>
      ))}
    </svg>
  );
}

/** Sale and adjusted price per comparable as horizontal bars (readable on a phone), the suggested range as a band. */
function AdjustedPriceBars({ input }: { input: ReportDocumentInput }) {
  const bars = input.comparables.filter((c) => c.adjustedPrice != null && c.netSalesPrice != null);
  if (bars.length === 0) return <p className="muted">{NOT_AVAILABLE}</p>;
  const values = bars.flatMap((b) => [b.adjustedPrice!, b.netSalesPrice!]);
  if (input.range) values.push(input.range.start, input.range.end);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const scale = ticksFor(Math.max(0, low - (high - low) * 0.3), high, 4);
  const pct = (v: number) => `${(((v - scale.min) / (scale.max - scale.min)) * 100).toFixed(2)}%`;
  const band = input.range ? { left: pct(input.range.start), width: `${(((input.range.end - input.range.start) / (scale.max - scale.min)) * 100).toFixed(2)}%` } : null;
  return (
    <div className="bars">
      <ul className="bars__list">
        {bars.map((b) => (
          <li key={b.number} className="bars__row">
            <span className="bars__label">
              #{b.number} {b.street}
            </span>
            <span className="bars__track">
              {band && <span className="bars__band" style={{ left: band.left, width: band.width }} />}
              <span className="bars__bar bars__bar--sale" style={{ width: pct(b.netSalesPrice!) }} />
              <span className="bars__bar bars__bar--adjusted" style={{ width: pct(b.adjustedPrice!) }} />
            </span>
            <span className="bars__values">
              Sold {money(b.netSalesPrice)} · adjusted <strong>{money(b.adjustedPrice)}</strong>
            </span>
          </li>
        ))}
      </ul>
      <p className="bars__legend">
        <span className="key key--sale" /> Net sales price <span className="key key--adjusted" /> Adjusted price {band && <><span className="key key--band" /> Suggested range</>}
        <span className="bars__scale">
          {shortMoney(scale.min)} – {shortMoney(scale.max)}
        </span>
      </p>
    </div>
  );
}

/** A section of the live page, named by its heading (aria-labelledby). */
function LiveSection({ id, className, title, children }: { id: string; className?: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

function FactList({ facts }: { facts: { label: string; value: string }[] }) {
  return (
    <dl className="facts">
      {facts.map((f) => (
        <div key={f.label} className="facts__row">
          <dt>{f.label}</dt>
          <dd className={f.value === NOT_AVAILABLE ? 'muted' : undefined}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ComparableCard({ comp, photos, photoUrl }: { comp: ComparableView; photos: string[]; photoUrl: (i: number) => string }) {
  return (
    <article className="comp" aria-labelledby={`comp-${comp.number}`}>
      <Photo src={comp.photos[0]} alt={`Comparable ${comp.number}: ${comp.street}`} photos={photos} photoUrl={photoUrl} className="comp__photo" width={640} height={400} />
      <div className="comp__body">
        <h3 id={`comp-${comp.number}`}>
          <span className="pin" aria-hidden="true">
            {comp.number}
          </span>{' '}
          {comp.street}
        </h3>
        <p className="muted small">
          {miles(comp.distanceMiles)} away · {comp.status}{comp.closeDate !== NOT_AVAILABLE ? ` ${comp.closeDate}` : ''}
        </p>
        <dl className="comp__figures">
          <div>
            <dt>Net sales price</dt>
            <dd>{money(comp.netSalesPrice)}</dd>
          </div>
          <div>
            <dt>Adjusted price</dt>
            <dd className="strong">{money(comp.adjustedPrice)}</dd>
          </div>
          <div>
            <dt>Total adjustment</dt>
            <dd>{comp.totalAdjustment == null ? NOT_AVAILABLE : signedMoney(comp.totalAdjustment)}</dd>
          </div>
          <div>
            <dt>Gross adjustment</dt>
            <dd>
              <RiskBadge value={comp.grossPercent} risk={comp.grossRisk} label="Gross" />
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
                {comp.adjustments.map((line) => {
                  const counted = line.status === 'applied' || line.status === 'overridden';
                  const text = line.status === 'unknown' ? '–' : line.status === 'disabled' ? 'off' : signedMoney(counted ? line.amount : 0);
                  return (
                    <tr key={line.style}>
                      <th scope="row">{line.label}</th>
                      <td>{line.subjectValue}</td>
                      <td>{line.comparableValue}</td>
                      <td className={counted && line.amount > 0 ? 'plus' : counted && line.amount < 0 ? 'minus' : 'muted'}>{text}</td>
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

const css = (p: ReturnType<typeof livePalette>) => `
:root{--brand:${p.brand};--on-brand:${p.onBrand};--brand-text:${p.brandText};--tint:${p.tint};--faint:${p.faint};--ink:${INK};--muted:#4b5563;--rule:${RULE}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:var(--ink);background:#f6f7f9}
img{max-width:100%;display:block}a{color:var(--brand-text)}
.wrap{max-width:760px;margin:0 auto;padding:0 16px}
.band{background:var(--brand);color:var(--on-brand);padding:20px 0 24px}
.band a{color:var(--on-brand)}
.band__top{display:flex;align-items:center;gap:12px;margin-bottom:16px;min-height:44px}
.band__logo{height:44px;width:auto;max-width:140px;object-fit:contain;background:#fff;border-radius:6px;padding:4px}
.band__business{font-weight:600}
.band h1{font-size:1.6rem;line-height:1.2;margin:0 0 6px}
.band p{margin:0;opacity:.95}
.eyebrow{font-size:.75rem;letter-spacing:.12em;text-transform:uppercase}
main{padding-bottom:24px}
section,.card{background:#fff;border-radius:12px;margin:16px 0;padding:16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h2{font-size:1.25rem;margin:0 0 12px;color:var(--brand-text)}
h3{font-size:1.05rem;margin:0 0 4px}
.hero{width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:12px;margin-top:-8px;background:var(--tint)}
.photo--none{display:flex;align-items:center;justify-content:center;background:var(--tint);color:var(--muted);aspect-ratio:16/10;border-radius:12px}
.value{border-top:6px solid var(--brand)}
.value__range{font-size:2rem;font-weight:800;line-height:1.15;color:var(--brand-text);margin:4px 0 8px;overflow-wrap:anywhere}
.value__row{display:flex;flex-wrap:wrap;gap:8px 24px}
.label{font-size:.8rem;letter-spacing:.08em;text-transform:uppercase;color:var(--muted)}
.nowrap{white-space:nowrap}.strong{font-weight:700}.muted{color:var(--muted)}.small{font-size:.9rem}
.plus{color:#1b5e20;font-weight:600}.minus{color:#b71c1c;font-weight:600}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:48px;padding:0 20px;border-radius:8px;font-weight:700;text-decoration:none;border:2px solid var(--brand-text);color:var(--brand-text);background:#fff}
.button--primary{background:var(--brand);color:var(--on-brand);border-color:var(--brand)}
.actions{display:flex;flex-wrap:wrap;gap:12px;margin-top:16px}
.stats{display:grid;grid-template-columns:repeat(auto-fit,minmax(96px,1fr));gap:8px;margin:12px 0;padding:0;list-style:none}
.stats li{background:var(--faint);border-radius:8px;padding:8px;text-align:center}
.stats strong{display:block;font-size:1rem}
.facts{margin:0}.facts__row{display:flex;justify-content:space-between;gap:16px;border-bottom:1px solid var(--rule);padding:8px 0}
.facts dt{color:var(--muted)}.facts dd{margin:0;font-weight:600;text-align:right}
details{margin-top:12px}summary{cursor:pointer;font-weight:600;color:var(--brand-text);min-height:44px;display:flex;align-items:center}
.comps{display:grid;gap:16px}
.comp{border:1px solid var(--rule);border-radius:12px;overflow:hidden;background:#fff}
.comp__photo{width:100%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:0}
.comp__body{padding:12px 16px 16px}
.pin{display:inline-flex;align-items:center;justify-content:center;width:28px;height:28px;border-radius:50%;background:var(--brand);color:var(--on-brand);font-size:.9rem}
.comp__figures{display:grid;grid-template-columns:1fr 1fr;gap:8px 16px;margin:12px 0 0}
.comp__figures dt{font-size:.8rem;color:var(--muted)}.comp__figures dd{margin:0;font-size:1.05rem}
.badge{display:inline-block;border-radius:4px;padding:0 6px;font-weight:700}
.adjustments{width:100%;border-collapse:collapse;font-size:.85rem;margin-top:8px}
.adjustments th,.adjustments td{text-align:left;padding:6px 4px;border-bottom:1px solid var(--rule);vertical-align:top}
.adjustments td:last-child{text-align:right;white-space:nowrap}
.chart{width:100%;max-width:560px;height:auto;display:block;margin:0 auto}
.chart--map-narrow{display:none}@media (max-width:599px){.chart--map-wide{display:none}.chart--map-narrow{display:block}}
.legend{padding-left:24px;margin:8px 0 0;font-size:.95rem}
.bars__list{list-style:none;margin:0;padding:0}.bars__row{margin-bottom:14px}
.bars__label{display:block;font-weight:600;font-size:.95rem}
.bars__track{position:relative;display:block;height:28px;background:#eef0f3;border-radius:4px;margin:4px 0}
.bars__band{position:absolute;top:0;bottom:0;background:var(--tint);outline:1px dashed var(--brand-text)}
.bars__bar{position:absolute;left:0;height:12px;border-radius:0 3px 3px 0}
.bars__bar--sale{top:2px;background:#8a96a3}.bars__bar--adjusted{top:14px;background:var(--brand)}
.bars__values{font-size:.9rem}.bars__legend{font-size:.85rem;color:var(--muted);display:flex;flex-wrap:wrap;gap:4px 10px;align-items:center}
.bars__scale{margin-left:auto}
.key{display:inline-block;width:14px;height:10px;border-radius:2px}.key--sale{background:#8a96a3}.key--adjusted{background:var(--brand)}.key--band{background:var(--tint);outline:1px dashed var(--brand-text)}
.weights{width:100%;border-collapse:collapse;font-size:.9rem}.weights th,.weights td{padding:6px 4px;border-bottom:1px solid var(--rule);text-align:right}.weights th:first-child,.weights td:first-child{text-align:left}
.agent{display:flex;gap:16px;align-items:center}
.agent__photo{width:72px;height:72px;border-radius:50%;object-fit:cover;flex:none}
.agent__name{font-size:1.15rem;font-weight:700;margin:0}
.legal{font-size:.85rem;color:var(--muted)}
footer{text-align:center;font-size:.85rem;color:var(--muted);padding:8px 0 32px}
@media (min-width:700px){.comps{grid-template-columns:1fr 1fr}.band h1{font-size:2rem}.value__range{font-size:2.4rem}}
@media print{.actions{display:none}body{background:#fff}}
`;

function LivePage({ input, options }: { input: ReportDocumentInput; options: LivePageOptions }) {
  const palette = livePalette(input.colour);
  const photos = livePagePhotos(input, options.headshot);
  const { subject, branding, reconciliation, range } = input;
  const tel = telHref(branding.agentPhone);
  const mail = mailHref(branding.agentEmail);
  const site = websiteHref(branding.businessWebsite);
  const adjusted = input.comparables.filter((c) => c.adjusted).length;
  const agentName = branding.agentName || branding.businessName || 'Your agent';
  const title = `${input.reportName} – ${subject.fullAddress}`;
  const stats = ['Bedrooms', 'Bathrooms', 'Above Grade Finished', 'Year Built', 'Lot Size'];
  // The page choice the PDF prints decides which sections the live page shows too.
  const shows = (id: ReportPageId) => input.pages.includes(id);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow, noarchive" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content={palette.brand} />
        <meta name="description" content={`Comparative market analysis for ${subject.fullAddress}, prepared by ${agentName}.`} />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: css(palette) }} />
      </head>
      <body>
        <header className="band">
          <div className="wrap">
            <div className="band__top">
              {branding.logo ? <Photo src={branding.logo} alt={branding.businessName ? `${branding.businessName} logo` : 'Logo'} photos={photos} photoUrl={options.photoUrl} className="band__logo" width={140} height={44} eager /> : null}
              <span className="band__business">{branding.businessName || agentName}</span>
            </div>
            <p className="eyebrow">{input.reportName}</p>
            <h1>{subject.fullAddress}</h1>
            <p>
              {input.clientName ? `Prepared for ${input.clientName} · ` : ''}
              {input.reportDate}
            </p>
          </div>
        </header>
        <main className="wrap">
          <Photo src={subject.photos[0]} alt={`The subject property, ${subject.street}`} photos={photos} photoUrl={options.photoUrl} className="hero" width={1280} height={800} eager />
          <section className="value" aria-labelledby="value-title">
            <h2 id="value-title" className="label">
              Suggested price range
            </h2>
            <p className="value__range" data-testid="live-range">
              {range ? (
                <>
                  <span className="nowrap">{money(range.start)}</span> – <span className="nowrap">{money(range.end)}</span>
                </>
              ) : (
                NOT_AVAILABLE
              )}
            </p>
            <div className="value__row">
              <div>
                <div className="label">Reconciled value</div>
                <div className="strong" data-testid="live-value">
                  {reconciliation ? money(reconciliation.value) : NOT_AVAILABLE}
                </div>
              </div>
              <div>
                <div className="label">Based on</div>
                <div className="strong">{`${adjusted} adjusted comparable sale${adjusted === 1 ? '' : 's'}`}</div>
              </div>
            </div>
            <div className="actions">
              <a className="button button--primary" href={options.pdfUrl}>
                Download PDF
              </a>
              {tel ? (
                <a className="button" href={tel}>
                  Call {agentName}
                </a>
              ) : null}
            </div>
          </section>

          {shows('subject') ? (
            <LiveSection id="subject" title="The home">
            <p className="strong">{subject.fullAddress}</p>
            <ul className="stats">
              {stats.map((label) => (
                <li key={label}>
                  <strong>{factOf(subject, label)}</strong>
                  <span className="small muted">{label === 'Above Grade Finished' ? 'Finished sq ft' : label}</span>
                </li>
              ))}
            </ul>
            <FactList facts={subject.additionalFacts} />
            <details>
              <summary>All property facts</summary>
              <FactList facts={[...subject.facts, ...subject.features]} />
            </details>
          </LiveSection>
          ) : null}

          {shows('comparables') ? (
            <LiveSection id="comps" title="Comparable sales">
            <p className="small muted">Each recent sale is adjusted to the home feature by feature; the adjusted prices lead to the value.</p>
            <div className="comps">
              {input.comparables.map((comp) => (
                <ComparableCard key={comp.number} comp={comp} photos={photos} photoUrl={options.photoUrl} />
              ))}
            </div>
          </LiveSection>
          ) : null}

          {shows('map') ? (
            <LiveSection id="map" title="Where the comparables are">
            <LiveMap input={input} palette={palette} photos={photos} photoUrl={options.photoUrl} />
            <ol className="legend">
              {input.comparables.map((c) => (
                <li key={c.number}>
                  {c.street} – {miles(c.distanceMiles)}
                </li>
              ))}
            </ol>
          </LiveSection>
          ) : null}

          {shows('map') ? (
            <LiveSection id="market" title="Adjusted prices">
            <AdjustedPriceBars input={input} />
            <h3>Price per square foot vs size</h3>
            <PricePerSqftChart input={input} palette={palette} />
          </LiveSection>
          ) : null}

          {shows('reconciliation') ? (
            <LiveSection id="recon" title="How the value was reached">
            {reconciliation ? (
              <>
                <table className="weights">
                  <thead>
                    <tr>
                      <th scope="col">Comparable</th>
                      <th scope="col">Adjusted</th>
                      <th scope="col">Weight</th>
                    </tr>
                  </thead>
                  <tbody>
                    {reconciliation.weights.map((w) => (
                      <tr key={w.number}>
                        <td>
                          #{w.number} {w.street}
                        </td>
                        <td>{money(w.adjustedPrice)}</td>
                        <td>{`${w.sharePercent.toFixed(1)}%`}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="small">
                  {reconciliation.method === 'inverse-gross'
                    ? 'Comparables that needed fewer adjustments are the most similar to the home, so they carry more weight.'
                    : reconciliation.method === 'equal'
                      ? 'Every adjusted comparable carries the same weight.'
                      : 'Weights were set by your agent.'}
                </p>
                {hiddenModelSentence(reconciliation) ? <p>{hiddenModelSentence(reconciliation)}</p> : null}
                {reconciliation.marketModel ? (
                  <>
                    <h3>Market model</h3>
                    <p>{marketModelSentence(reconciliation.value, reconciliation.marketModel)}</p>
                    <p className="small muted">{reconciliation.marketModel.rangeExplanation}</p>
                  </>
                ) : null}
                {range ? <p className="small muted">{range.source === 'agent' ? 'The suggested range was set by your agent after review of the adjusted comparables.' : reconciliation.likelyRange ? 'The suggested range is the 80 % likely range: 8 in 10 recent sales valued this way sold within it.' : 'The suggested range is the weighted spread of the adjusted prices, rounded to $1,000.'}</p> : null}
              </>
            ) : (
              <p>No comparable could be adjusted, so no value is reconciled.</p>
            )}
          </LiveSection>
          ) : null}

          {input.notes ? (
            <LiveSection id="notes" title={<>Notes from {agentName}</>}>
              <p style={{ whiteSpace: 'pre-line' }}>{input.notes}</p>
            </LiveSection>
          ) : null}

          <LiveSection id="agent" title="Your agent">
            <div className="agent">
              {options.headshot ? <Photo src={options.headshot} alt={agentName} photos={photos} photoUrl={options.photoUrl} className="agent__photo" width={72} height={72} /> : null}
              <div>
                <p className="agent__name">{agentName}</p>
                {branding.businessName ? <p className="small" style={{ margin: 0 }}>{branding.businessName}</p> : null}
                {branding.businessAddress ? <p className="small muted" style={{ margin: 0 }}>{branding.businessAddress}</p> : null}
              </div>
            </div>
            <div className="actions">
              {tel ? (
                <a className="button button--primary" href={tel}>
                  Call {branding.agentPhone}
                </a>
              ) : null}
              {mail ? (
                <a className="button" href={`${mail}?subject=${encodeURIComponent(`About ${subject.fullAddress}`)}`}>
                  E-mail {agentName}
                </a>
              ) : null}
              {site ? (
                <a className="button" href={site} rel="noopener noreferrer">
                  Website
                </a>
              ) : null}
              <a className="button" href={options.pdfUrl}>
                Download PDF
              </a>
            </div>
          </LiveSection>

          <LiveSection id="legal" className="legal" title="Important disclosures">
            {LEGAL_PARAGRAPHS.map((p) => (
              <p key={p}>{p}</p>
            ))}
            {input.warnings.length > 0 ? (
              <details>
                <summary>Review notes</summary>
                <ul>
                  {input.warnings.map((w, i) => (
                    <li key={i}>{w}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </LiveSection>
        </main>
        <footer>Prepared by {agentName} with CMA Studio</footer>
      </body>
    </html>
  );
}

/** The whole live page as an HTML document. */
export function renderLivePage(input: ReportDocumentInput, options: LivePageOptions): string {
  return `<!doctype html>${renderToStaticMarkup(<LivePage input={input} options={options} />)}`;
}

/** The page an unknown, expired or revoked link gets (404): it names no agent and no report. */
export function renderLinkGonePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>This link is no longer available</title><style>body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:${INK};background:#f6f7f9}main{max-width:560px;margin:15vh auto 0;padding:24px;background:#fff;border-radius:12px}h1{font-size:1.4rem;margin:0 0 8px}</style></head><body><main><h1>This link is no longer available</h1><p>The report you are looking for has expired or was withdrawn. Ask the agent who sent it for a new link.</p></main></body></html>`;
}
