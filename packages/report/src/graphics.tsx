/** @jsxRuntime automatic */
// SVG drawings of the report: the offline map of relative positions and the two market charts.
import { Circle, G, Image, Line, Path, Rect, Svg, Text, View } from '@react-pdf/renderer';
import type { ComparableView, PropertyView, ReportDocumentInput } from './build-input';
import { INK, MUTED, RULE, miles, shortMoney, tint } from './theme';
import { plotScales, relativeMapLayout, ticksFor, type PlotMargins } from './chart-scale';
import { layoutPins, tileView, type GeoPoint, type PlacedPin } from './map-layout';
import { reportMapPins } from './report-map';

const FONT = 'Helvetica';

interface MapProps {
  subject: PropertyView;
  comparables: ComparableView[];
  colour: string;
  width: number;
  height: number;
}

/** The numbered price pins: a dot on the true spot, the label beside it (a leader line when moved off it). */
function Pins({ pins, colour }: { pins: PlacedPin[]; colour: string }) {
  // Drawn least important last-first, so the subject's label sits on top.
  const drawn = [...pins].reverse();
  return (
    <G>
      {drawn.map((p) => (p.moved ? <Line key={`l${p.id}`} x1={p.x} y1={p.y} x2={p.labelX} y2={p.labelY} stroke={p.subject ? colour : INK} strokeWidth={0.75} /> : null))}
      {drawn.map((p) => (
        <Circle key={`d${p.id}`} cx={p.x} cy={p.y} r={2.5} fill={p.subject ? colour : INK} stroke="#ffffff" strokeWidth={0.75} />
      ))}
      {drawn.map((p) => (
        <G key={`p${p.id}`}>
          <Rect x={p.labelX - p.labelWidth / 2} y={p.labelY - p.labelHeight / 2} width={p.labelWidth} height={p.labelHeight} rx={p.labelHeight / 2} ry={p.labelHeight / 2} fill={p.subject ? colour : '#ffffff'} stroke={colour} strokeWidth={1} />
          <Text x={p.labelX} y={p.labelY + 2.8} fill={p.subject ? '#ffffff' : INK} style={{ fontSize: 8, fontFamily: 'Helvetica-Bold' }} textAnchor="middle">
            {p.text}
          </Text>
        </G>
      ))}
    </G>
  );
}

/** The street map: the server's composed tiles with the pins drawn over them, and the tile source's attribution. */
export function StreetMap({ input, width, height }: { input: ReportDocumentInput; width: number; height: number }) {
  const pins = reportMapPins(input);
  const view = tileView(pins, width, height);
  if (!input.mapImage || !view) return <RelativeMap subject={input.subject} comparables={input.comparables} colour={input.colour} width={width} height={height} />;
  const placed = layoutPins(pins, view.project, 8, { width, height });
  return (
    <View style={{ width, height, position: 'relative' }}>
      <Image src={input.mapImage.src} style={{ width, height }} />
      <Svg width={width} height={height} style={{ position: 'absolute', top: 0, left: 0 }}>
        <Pins pins={placed} colour={input.colour} />
      </Svg>
      <Text style={{ position: 'absolute', right: 0, bottom: 0, fontSize: 6.5, color: INK, backgroundColor: '#ffffff', paddingHorizontal: 3, paddingVertical: 1 }}>{input.mapImage.attribution}</Text>
    </View>
  );
}

/** The offline drawing: relative positions around the subject, north up, distance rings and a scale bar; labels never overlap. */
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
  const { reach, ringStep, rings } = relativeMapLayout(subject, located);
  const pad = 34;
  const cx = width / 2;
  const cy = height / 2;
  const scale = Math.min((width / 2 - pad) / reach, (height / 2 - pad) / reach);
  const barMiles = ringStep;
  const lat0 = subject.latitude;
  const lon0 = subject.longitude;
  const milesPerLon = 69.17 * Math.cos((lat0 * Math.PI) / 180);
  const project = (p: GeoPoint) => ({ x: cx + (p.lon - lon0) * milesPerLon * scale, y: cy - (p.lat - lat0) * 69.0 * scale });
  const placed = layoutPins(reportMapPins({ subject, comparables: located }), project, 8, { width, height });

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
      <Pins pins={placed} colour={colour} />
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

/** The value axis of a chart: a light rule across the plot at each tick, its label to the left. */
function ValueGridlines({ ticks, py, margins, width, format }: { ticks: number[]; py: (v: number) => number; margins: PlotMargins; width: number; format: (t: number) => string }) {
  return (
    <>
      {ticks.map((t) => (
        <G key={`y${t}`}>
          <Line x1={margins.left} y1={py(t)} x2={width - margins.right} y2={py(t)} stroke={RULE} strokeWidth={0.5} />
          <Text x={margins.left - 4} y={py(t) + 2.5} fill={MUTED} style={{ fontSize: 7, fontFamily: FONT }} textAnchor="end">
            {format(t)}
          </Text>
        </G>
      ))}
    </>
  );
}

/** Price per sq ft against above-grade size: each comparable a numbered dot, the subject's size a dashed line. */
export function PricePerSqftChart({ subject, comparables, colour, width, height }: ChartProps) {
  const dots = comparables.filter((c) => c.pricePerSqft != null && c.aboveGradeArea != null);
  if (dots.length === 0) return <EmptyChart width={width} height={height} colour={colour} />;
  const sizes = dots.map((d) => d.aboveGradeArea!);
  if (subject.aboveGradeArea != null) sizes.push(subject.aboveGradeArea);
  const xs = ticksFor(Math.min(...sizes), Math.max(...sizes), 5);
  const ys = ticksFor(Math.min(...dots.map((d) => d.pricePerSqft!)), Math.max(...dots.map((d) => d.pricePerSqft!)), 4);
  const { plotW, plotH, px, py } = plotScales(width, height, AXIS, { x: xs, y: ys });
  return (
    <Svg width={width} height={height}>
      <ValueGridlines ticks={ys.ticks} py={py} margins={AXIS} width={width} format={(t) => `$${Math.round(t)}`} />
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
  const { plotW, plotH, py } = plotScales(width, height, AXIS, { y: ys });
  const slot = plotW / bars.length;
  const barW = Math.min(18, slot / 3);
  return (
    <Svg width={width} height={height}>
      {range && <Rect x={AXIS.left} y={py(range.end)} width={plotW} height={Math.max(1, py(range.start) - py(range.end))} fill={tint(colour, 0.85)} />}
      <ValueGridlines ticks={ys.ticks} py={py} margins={AXIS} width={width} format={shortMoney} />
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

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Sep' for '2026-09', with the year under January and the first month. */
export function monthLabel(month: string, first: boolean): string {
  const [year, m] = month.split('-');
  const name = MONTH_NAMES[Number(m) - 1] ?? month;
  return first || m === '01' ? `${name} ${year!.slice(2)}` : name;
}

/** One value per month as bars (counts) or a line with dots (medians; a month without sales is a gap). */
export function MonthlyChart({ months, values, kind, colour, width, height, format }: { months: string[]; values: Array<number | null>; kind: 'bars' | 'line'; colour: string; width: number; height: number; format: (n: number) => string }) {
  const known = values.filter((v): v is number => v != null);
  if (known.length === 0) return <EmptyChart width={width} height={height} colour={colour} />;
  const ys = kind === 'bars' ? ticksFor(0, Math.max(1, ...known), 3) : ticksFor(Math.min(...known), Math.max(...known), 3);
  const axis = { left: 46, right: 8, top: 8, bottom: 18 };
  const { plotW, plotH, py } = plotScales(width, height, axis, { y: ys });
  const slot = plotW / months.length;
  const cx = (i: number) => axis.left + slot * i + slot / 2;
  const segments: string[] = [];
  let path = '';
  values.forEach((v, i) => {
    if (v == null) {
      if (path) segments.push(path);
      path = '';
      return;
    }
    path += `${path ? ' L' : 'M'} ${cx(i).toFixed(1)} ${py(v).toFixed(1)}`;
  });
  if (path) segments.push(path);
  return (
    <Svg width={width} height={height}>
      <ValueGridlines ticks={ys.ticks} py={py} margins={axis} width={width} format={format} />
      {months.map((m, i) => (
        <Text key={m} x={cx(i)} y={height - 6} fill={MUTED} style={{ fontSize: 6.5, fontFamily: FONT }} textAnchor="middle">
          {monthLabel(m, i === 0)}
        </Text>
      ))}
      {kind === 'bars'
        ? values.map((v, i) => (v ? <Rect key={i} x={cx(i) - slot * 0.3} y={py(v)} width={slot * 0.6} height={py(ys.min) - py(v)} fill={colour} /> : null))
        : segments.map((d, i) => <Path key={i} d={d} stroke={colour} strokeWidth={1.5} fill="none" />)}
      {kind === 'line' ? values.map((v, i) => (v != null ? <Circle key={i} cx={cx(i)} cy={py(v)} r={2.5} fill={colour} /> : null)) : null}
      <Line x1={axis.left} y1={axis.top + plotH} x2={width - axis.right} y2={axis.top + plotH} stroke={MUTED} strokeWidth={0.75} />
    </Svg>
  );
}
