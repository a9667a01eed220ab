// Two SVG charts for the review: adjusted prices with the value and range, and $/sq ft against size.
import { formatAmount } from '@cma/valuation';

export interface PriceBar {
  id: string;
  label: string;
  netSalesPrice: number;
  adjustedPrice: number;
}

const W = 520;
const H = 260;
const PAD = { left: 78, right: 16, top: 16, bottom: 40 };

function niceTicks(min: number, max: number, count = 4): number[] {
  const span = max - min || 1;
  const step = Math.pow(10, Math.floor(Math.log10(span / count)));
  const nice = [1, 2, 5, 10].map((m) => m * step).find((s) => span / s <= count) ?? step * 10;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / nice) * nice; t <= max; t += nice) ticks.push(t);
  return ticks;
}

export function AdjustedPriceChart({ bars, value, range }: { bars: PriceBar[]; value: number; range: { start: number; end: number } | null }) {
  if (bars.length === 0) return null;
  const all = bars.flatMap((b) => [b.netSalesPrice, b.adjustedPrice]).concat(value, range ? [range.start, range.end] : []);
  const min = Math.min(...all) * 0.95;
  const max = Math.max(...all) * 1.03;
  const y = (v: number) => PAD.top + (1 - (v - min) / (max - min)) * (H - PAD.top - PAD.bottom);
  const band = (W - PAD.left - PAD.right) / bars.length;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="cma-chart" role="img" aria-label={`Adjusted prices of ${bars.length} comparables against the value ${formatAmount(value)}`}>
      <defs>
        <marker id="cma-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
          <path d="M 0 0 L 10 5 L 0 10 z" fill="#0070c0" />
        </marker>
      </defs>
      {niceTicks(min, max).map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e3e9ef" />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize="10" textAnchor="end" fill="#4b5a6a">{formatAmount(t)}</text>
        </g>
      ))}
      {range && <rect x={PAD.left} width={W - PAD.left - PAD.right} y={y(range.end)} height={Math.max(1, y(range.start) - y(range.end))} fill="#0070c0" opacity="0.08" />}
      {bars.map((b, i) => {
        const cx = PAD.left + band * i + band / 2;
        return (
          <g key={b.id}>
            <title>{`${b.label}: sold ${formatAmount(b.netSalesPrice)}, adjusted ${formatAmount(b.adjustedPrice)}`}</title>
            <line x1={cx} x2={cx} y1={y(b.netSalesPrice)} y2={y(b.adjustedPrice)} stroke="#0070c0" strokeWidth="2" markerEnd="url(#cma-arrow)" />
            <circle cx={cx} cy={y(b.netSalesPrice)} r="6" fill="#9fb3c8" />
            <circle cx={cx} cy={y(b.adjustedPrice)} r="7" fill="#0070c0" />
            <text x={cx} y={H - PAD.bottom + 14} fontSize="10" textAnchor="middle" fill="#15212e">{b.label}</text>
          </g>
        );
      })}
      <line x1={PAD.left} x2={W - PAD.right} y1={y(value)} y2={y(value)} stroke="#d62d20" strokeWidth="2" strokeDasharray="6 3" />
      <text x={W - PAD.right} y={y(value) - 4} fontSize="10" textAnchor="end" fill="#d62d20">Value {formatAmount(value)}</text>
      <g transform={`translate(${PAD.left}, ${H - 8})`} fontSize="10" fill="#4b5a6a">
        <circle cx="5" cy="-4" r="5" fill="#9fb3c8" /><text x="14">Net sales price</text>
        <circle cx="115" cy="-4" r="5" fill="#0070c0" /><text x="124">Adjusted price</text>
        <rect x="220" width="10" height="10" y="-9" fill="#0070c0" opacity="0.15" /><text x="234">Suggested range</text>
      </g>
    </svg>
  );
}

export interface SizePoint {
  id: string;
  size: number;
  perSqft: number;
  kind: 'comparable' | 'market';
  label?: string;
}

export function PricePerSqftChart({ points, subjectSize }: { points: SizePoint[]; subjectSize: number | null }) {
  if (points.length === 0) return <p className="cma-empty">No sizes and prices to chart.</p>;
  const sizes = points.map((p) => p.size).concat(subjectSize ?? []);
  const rates = points.map((p) => p.perSqft);
  const [minX, maxX] = [Math.min(...sizes) * 0.95, Math.max(...sizes) * 1.05];
  const [minY, maxY] = [Math.min(...rates) * 0.9, Math.max(...rates) * 1.1];
  const x = (v: number) => PAD.left + ((v - minX) / (maxX - minX || 1)) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - minY) / (maxY - minY || 1)) * (H - PAD.top - PAD.bottom);
  const ordered = [...points].sort((a) => (a.kind === 'market' ? -1 : 1));
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="cma-chart" role="img" aria-label="Price per square foot against above-grade size">
      {niceTicks(minY, maxY).map((t) => (
        <g key={`y${t}`}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e3e9ef" />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize="10" textAnchor="end" fill="#4b5a6a">{formatAmount(t)}</text>
        </g>
      ))}
      {niceTicks(minX, maxX, 5).map((t) => (
        <text key={`x${t}`} x={x(t)} y={H - PAD.bottom + 14} fontSize="10" textAnchor="middle" fill="#4b5a6a">{t.toLocaleString('en-US')}</text>
      ))}
      <text x={(W + PAD.left) / 2} y={H - 6} fontSize="10" textAnchor="middle" fill="#4b5a6a">Above-grade finished area (sq ft)</text>
      {subjectSize != null && <line x1={x(subjectSize)} x2={x(subjectSize)} y1={PAD.top} y2={H - PAD.bottom} stroke="#d62d20" strokeDasharray="4 3" />}
      {subjectSize != null && <text x={x(subjectSize) + 4} y={PAD.top + 10} fontSize="10" fill="#d62d20">Subject</text>}
      {ordered.map((p) => (
        <circle key={p.id} cx={x(p.size)} cy={y(p.perSqft)} r={p.kind === 'comparable' ? 6 : 3} fill={p.kind === 'comparable' ? '#0070c0' : '#9fb3c8'} opacity={p.kind === 'comparable' ? 1 : 0.6}>
          <title>{`${p.label ?? ''} ${p.size.toLocaleString('en-US')} sq ft, ${formatAmount(p.perSqft)}/sq ft`}</title>
        </circle>
      ))}
    </svg>
  );
}
