/** @jsxRuntime automatic */
// SVG drawings of the report: the offline map of relative positions and the two market charts.
import { Circle, G, Line, Path, Rect, Svg, Text } from '@react-pdf/renderer';
import type { ComparableView, PropertyView } from './build-input';
import { INK, MUTED, RULE, miles, shortMoney, tint } from './theme';
import { relativeMapLayout, ticksFor } from './chart-scale';

const FONT = 'Helvetica';

interface MapProps {
  subject: PropertyView;
  comparables: ComparableView[];
  colour: string;
  width: number;
  height: number;
}

/** Relative positions and distances of the comparables around the subject, north up, with a scale bar. */
export function RelativeMap({ subject, comparables, colour, width, height }: MapProps) {
  const located = comparables.filter((c) => c.latitude != null && c.longitude != null);
  if (subject.latitude == null || subject.longitude == null || located.length === 0) {
    return (
      <Svg width={width} height={height}>
        <Rect x={0} y={0} width={width} height={height} fill={tint(colour, 0.92)} />
        <Text x={width / 2} y={height / 2} fill={MUTED} style={{ fontSize: 12, fontFamily: FONT }} textAnchor="middle">
          Location Not Available
        </Text>
      </Svg>
    );
  }
  const { points, reach, ringStep, rings } = relativeMapLayout(subject, located);
  const pad = 34;
  const cx = width / 2;
  const cy = height / 2;
  const scale = Math.min((width / 2 - pad) / reach, (height / 2 - pad) / reach);
  const barMiles = ringStep;

  return (
    <Svg width={width} height={height}>
      <Rect x={0} y={0} width={width} height={height} fill={tint(colour, 0.94)} />
      {rings.map((r) => (
        <G key={r}>
          <Circle cx={cx} cy={cy} r={r * scale} stroke={tint(colour, 0.6)} strokeWidth={0.75} strokeDasharray="3,3" fill="none" />
          <Text x={cx + r * scale * 0.707 + 3} y={cy - r * scale * 0.707 - 3} fill={MUTED} style={{ fontSize: 7, fontFamily: FONT }}>
            {miles(r)}
          </Text>
        </G>
      ))}
      {points.map(({ comp, x, y }) => (
        <Line key={`l${comp.number}`} x1={cx} y1={cy} x2={cx + x * scale} y2={cy - y * scale} stroke={tint(colour, 0.35)} strokeWidth={0.75} />
      ))}
      {points.map(({ comp, x, y }) => {
        const px = cx + x * scale;
        const py = cy - y * scale;
        return (
          <G key={`p${comp.number}`}>
            <Circle cx={px} cy={py} r={9} fill="#ffffff" stroke={colour} strokeWidth={1.5} />
            <Text x={px} y={py + 3} fill={colour} style={{ fontSize: 8, fontFamily: 'Helvetica-Bold' }} textAnchor="middle">
              {String(comp.number)}
            </Text>
            <Text x={px} y={py + 19} fill={INK} style={{ fontSize: 7, fontFamily: FONT }} textAnchor="middle">
              {miles(comp.distanceMiles)}
            </Text>
          </G>
        );
      })}
      <Rect x={cx - 8} y={cy - 8} width={16} height={16} fill={colour} />
      <Text x={cx} y={cy + 3} fill="#ffffff" style={{ fontSize: 8, fontFamily: 'Helvetica-Bold' }} textAnchor="middle">
        S
      </Text>
      {/* North arrow */}
      <Path d={`M ${width - 24} 30 L ${width - 18} 14 L ${width - 12} 30 Z`} fill={INK} />
      <Text x={width - 18} y={42} fill={INK} style={{ fontSize: 8, fontFamily: 'Helvetica-Bold' }} textAnchor="middle">
        N
      </Text>
      {/* Scale bar */}
      <Line x1={14} y1={height - 16} x2={14 + barMiles * scale} y2={height - 16} stroke={INK} strokeWidth={1.5} />
      <Line x1={14} y1={height - 20} x2={14} y2={height - 12} stroke={INK} strokeWidth={1} />
      <Line x1={14 + barMiles * scale} y1={height - 20} x2={14 + barMiles * scale} y2={height - 12} stroke={INK} strokeWidth={1} />
      <Text x={14} y={height - 24} fill={INK} style={{ fontSize: 7, fontFamily: FONT }}>
        {miles(barMiles)}
      </Text>
    </Svg>
  );
}

interface ChartProps {
  subject: PropertyView;
  comparables: ComparableView[];
  colour: string;
  width: number;
  height: number;
}

const AXIS = { left: 52, right: 14, top: 14, bottom: 34 };

/** Price per sq ft against above-grade size: each comparable a numbered dot, the subject's size a dashed line. */
export function PricePerSqftChart({ subject, comparables, colour, width, height }: ChartProps) {
  const dots = comparables.filter((c) => c.pricePerSqft != null && c.aboveGradeArea != null);
  if (dots.length === 0) return <EmptyChart width={width} height={height} colour={colour} />;
  const sizes = dots.map((d) => d.aboveGradeArea!);
  if (subject.aboveGradeArea != null) sizes.push(subject.aboveGradeArea);
  const xs = ticksFor(Math.min(...sizes), Math.max(...sizes), 5);
  const ys = ticksFor(Math.min(...dots.map((d) => d.pricePerSqft!)), Math.max(...dots.map((d) => d.pricePerSqft!)), 4);
  const plotW = width - AXIS.left - AXIS.right;
  const plotH = height - AXIS.top - AXIS.bottom;
  const px = (v: number) => AXIS.left + ((v - xs.min) / (xs.max - xs.min)) * plotW;
  const py = (v: number) => AXIS.top + plotH - ((v - ys.min) / (ys.max - ys.min)) * plotH;
  return (
    <Svg width={width} height={height}>
      {ys.ticks.map((t) => (
        <G key={`y${t}`}>
          <Line x1={AXIS.left} y1={py(t)} x2={width - AXIS.right} y2={py(t)} stroke={RULE} strokeWidth={0.5} />
          <Text x={AXIS.left - 4} y={py(t) + 2.5} fill={MUTED} style={{ fontSize: 7, fontFamily: FONT }} textAnchor="end">
            {`$${Math.round(t)}`}
          </Text>
        </G>
      ))}
      {xs.ticks.map((t) => (
        <Text key={`x${t}`} x={px(t)} y={height - AXIS.bottom + 11} fill={MUTED} style={{ fontSize: 7, fontFamily: FONT }} textAnchor="middle">
          {t.toLocaleString('en-US')}
        </Text>
      ))}
      <Line x1={AXIS.left} y1={AXIS.top + plotH} x2={width - AXIS.right} y2={AXIS.top + plotH} stroke={MUTED} strokeWidth={0.75} />
      <Text x={AXIS.left + plotW / 2} y={height - 6} fill={INK} style={{ fontSize: 8, fontFamily: FONT }} textAnchor="middle">
        Above grade finished area (sq ft)
      </Text>
      {subject.aboveGradeArea != null && (
        <G>
          <Line x1={px(subject.aboveGradeArea)} y1={AXIS.top} x2={px(subject.aboveGradeArea)} y2={AXIS.top + plotH} stroke={colour} strokeWidth={1} strokeDasharray="4,3" />
          {/* Beside the line, on its left when the line is near the right edge (the label would be cut off). */}
          {px(subject.aboveGradeArea) > AXIS.left + plotW * 0.85 ? (
            <Text x={px(subject.aboveGradeArea) - 3} y={AXIS.top + 8} fill={colour} style={{ fontSize: 7, fontFamily: 'Helvetica-Bold' }} textAnchor="end">
              Subject
            </Text>
          ) : (
            <Text x={px(subject.aboveGradeArea) + 3} y={AXIS.top + 8} fill={colour} style={{ fontSize: 7, fontFamily: 'Helvetica-Bold' }}>
              Subject
            </Text>
          )}
        </G>
      )}
      {dots.map((d) => (
        <G key={d.number}>
          <Circle cx={px(d.aboveGradeArea!)} cy={py(d.pricePerSqft!)} r={7} fill={colour} />
          <Text x={px(d.aboveGradeArea!)} y={py(d.pricePerSqft!) + 2.5} fill="#ffffff" style={{ fontSize: 7, fontFamily: 'Helvetica-Bold' }} textAnchor="middle">
            {String(d.number)}
          </Text>
        </G>
      ))}
    </Svg>
  );
}

interface AdjustedChartProps extends ChartProps {
  range: { start: number; end: number } | null;
  value: number | null;
}

/** Sale price vs adjusted price per comparable, with the suggested range as a band and the value as a line. */
export function AdjustedPriceChart({ comparables, colour, width, height, range, value }: AdjustedChartProps) {
  const bars = comparables.filter((c) => c.adjustedPrice != null && c.netSalesPrice != null);
  if (bars.length === 0) return <EmptyChart width={width} height={height} colour={colour} />;
  const all = bars.flatMap((b) => [b.adjustedPrice!, b.netSalesPrice!]);
  if (range) all.push(range.start, range.end);
  const low = Math.min(...all);
  const high = Math.max(...all);
  const ys = ticksFor(Math.max(0, low - (high - low) * 0.25), high, 4);
  const plotW = width - AXIS.left - AXIS.right;
  const plotH = height - AXIS.top - AXIS.bottom;
  const py = (v: number) => AXIS.top + plotH - ((v - ys.min) / (ys.max - ys.min)) * plotH;
  const slot = plotW / bars.length;
  const barW = Math.min(18, slot / 3);
  return (
    <Svg width={width} height={height}>
      {range && <Rect x={AXIS.left} y={py(range.end)} width={plotW} height={Math.max(1, py(range.start) - py(range.end))} fill={tint(colour, 0.85)} />}
      {ys.ticks.map((t) => (
        <G key={`y${t}`}>
          <Line x1={AXIS.left} y1={py(t)} x2={width - AXIS.right} y2={py(t)} stroke={RULE} strokeWidth={0.5} />
          <Text x={AXIS.left - 4} y={py(t) + 2.5} fill={MUTED} style={{ fontSize: 7, fontFamily: FONT }} textAnchor="end">
            {shortMoney(t)}
          </Text>
        </G>
      ))}
      {bars.map((b, i) => {
        const x = AXIS.left + slot * i + slot / 2;
        return (
          <G key={b.number}>
            <Rect x={x - barW - 1} y={py(b.netSalesPrice!)} width={barW} height={py(ys.min) - py(b.netSalesPrice!)} fill="#b8c2cc" />
            <Rect x={x + 1} y={py(b.adjustedPrice!)} width={barW} height={py(ys.min) - py(b.adjustedPrice!)} fill={colour} />
            <Text x={x} y={height - AXIS.bottom + 11} fill={INK} style={{ fontSize: 7, fontFamily: 'Helvetica-Bold' }} textAnchor="middle">
              {`#${b.number}`}
            </Text>
          </G>
        );
      })}
      {value != null && <Line x1={AXIS.left} y1={py(value)} x2={width - AXIS.right} y2={py(value)} stroke={INK} strokeWidth={1} strokeDasharray="5,3" />}
      <Line x1={AXIS.left} y1={AXIS.top + plotH} x2={width - AXIS.right} y2={AXIS.top + plotH} stroke={MUTED} strokeWidth={0.75} />
      <Rect x={AXIS.left} y={height - 12} width={8} height={6} fill="#b8c2cc" />
      <Text x={AXIS.left + 11} y={height - 6.5} fill={INK} style={{ fontSize: 7, fontFamily: FONT }}>
        Net sales price
      </Text>
      <Rect x={AXIS.left + 80} y={height - 12} width={8} height={6} fill={colour} />
      <Text x={AXIS.left + 91} y={height - 6.5} fill={INK} style={{ fontSize: 7, fontFamily: FONT }}>
        Adjusted price
      </Text>
      {range && <Rect x={AXIS.left + 160} y={height - 12} width={8} height={6} fill={tint(colour, 0.85)} />}
      {range && (
        <Text x={AXIS.left + 171} y={height - 6.5} fill={INK} style={{ fontSize: 7, fontFamily: FONT }}>
          Suggested range
        </Text>
      )}
      {value != null && <Line x1={AXIS.left + 245} y1={height - 9} x2={AXIS.left + 260} y2={height - 9} stroke={INK} strokeWidth={1} strokeDasharray="5,3" />}
      {value != null && (
        <Text x={AXIS.left + 264} y={height - 6.5} fill={INK} style={{ fontSize: 7, fontFamily: FONT }}>
          Reconciled value
        </Text>
      )}
    </Svg>
  );
}

function EmptyChart({ width, height, colour }: { width: number; height: number; colour: string }) {
  return (
    <Svg width={width} height={height}>
      <Rect x={0} y={0} width={width} height={height} fill={tint(colour, 0.94)} />
      <Text x={width / 2} y={height / 2} fill={MUTED} style={{ fontSize: 10, fontFamily: FONT }} textAnchor="middle">
        Not Available
      </Text>
    </Svg>
  );
}
