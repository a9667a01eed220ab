// The report's charts as shapes, computed once for any size: adjusted prices (with the market model's estimate beside
// the comparables), price per square foot against size, and the market statistics' monthly series.
import type { BrandPalette } from '../palette';
import { INK, tint } from '../palette';
import { MUTED, RULE, shortMoney } from '../theme';
import { plotScales, ticksFor, type PlotMargins } from '../chart-scale';
import type { AdjustedPriceSeries, MonthlySeries, PricePerSqftSeries } from '../content';
import { priceScale } from '../content/reconciliation';
import type { Drawing, DrawingScale, Shape } from './shapes';

const SALE_GREY = '#b8c2cc';
/** Roughly how wide a label is, for laying legends out (Helvetica averages about half its size a character). */
const textWidth = (text: string, size: number) => text.length * size * 0.55;

function gridlines(ticks: number[], py: (v: number) => number, margins: PlotMargins, width: number, font: number, format: (t: number) => string): Shape[] {
  return ticks.flatMap((t): Shape[] => [
    { kind: 'line', x1: margins.left, y1: py(t), x2: width - margins.right, y2: py(t), stroke: RULE, strokeWidth: 0.5 },
    { kind: 'text', x: margins.left - 4, y: py(t) + font * 0.36, text: format(t), size: font, fill: MUTED, anchor: 'end' },
  ]);
}

/** The keys under a chart, laid out left to right. */
function legend(items: Array<{ swatch: 'box' | 'dash'; fill: string; label: string }>, x0: number, y: number, font: number): Shape[] {
  const shapes: Shape[] = [];
  let x = x0;
  for (const item of items) {
    if (item.swatch === 'box') shapes.push({ kind: 'rect', x, y: y - font * 0.85, width: font * 1.1, height: font * 0.85, fill: item.fill });
    else shapes.push({ kind: 'line', x1: x, y1: y - font * 0.4, x2: x + font * 2, y2: y - font * 0.4, stroke: item.fill, strokeWidth: 1, dash: '5,3' });
    const lx = x + (item.swatch === 'box' ? font * 1.5 : font * 2.5);
    shapes.push({ kind: 'text', x: lx, y, text: item.label, size: font, fill: INK });
    x = lx + textWidth(item.label, font) + font * 2;
  }
  return shapes;
}

function empty(scale: DrawingScale, palette: BrandPalette, label: string): Drawing {
  const { width, height, font } = scale;
  return {
    width,
    height,
    label,
    shapes: [
      { kind: 'rect', x: 0, y: 0, width, height, fill: tint(palette.brand, 0.94) },
      { kind: 'text', x: width / 2, y: height / 2, text: 'Not Available', size: font * 1.4, fill: MUTED, anchor: 'middle' },
    ],
  };
}

/** Sale price vs adjusted price per comparable (and the model's estimate), the suggested range as a band, the value as a line. */
export function adjustedPriceDrawing(series: AdjustedPriceSeries, scale: DrawingScale, palette: BrandPalette): Drawing {
  const { width, height, font } = scale;
  const label = `Sale and adjusted prices of ${series.bars.length} comparables${series.model != null ? ' and the market model estimate' : ''} against the suggested range`;
  if (series.bars.length === 0) return empty(scale, palette, label);
  const axis = { left: font * 7.4, right: font * 2, top: font * 2, bottom: font * 4.8 };
  const ys = priceScale(series);
  const { plotW, plotH, py } = plotScales(width, height, axis, { y: ys });
  const slots = series.bars.length + (series.model != null ? 1 : 0);
  const slot = plotW / slots;
  const barW = Math.min(font * 2.6, slot / 3);
  const base = py(ys.min);
  const shapes: Shape[] = [];
  if (series.range) shapes.push({ kind: 'rect', x: axis.left, y: py(series.range.end), width: plotW, height: Math.max(1, py(series.range.start) - py(series.range.end)), fill: tint(palette.brand, 0.85) });
  shapes.push(...gridlines(ys.ticks, py, axis, width, font, shortMoney));
  series.bars.forEach((b, i) => {
    const x = axis.left + slot * i + slot / 2;
    shapes.push(
      { kind: 'rect', x: x - barW - 1, y: py(b.sale), width: barW, height: base - py(b.sale), fill: SALE_GREY },
      { kind: 'rect', x: x + 1, y: py(b.adjusted), width: barW, height: base - py(b.adjusted), fill: palette.brand },
      { kind: 'text', x, y: height - axis.bottom + font * 1.6, text: `#${b.number}`, size: font, fill: INK, anchor: 'middle', bold: true },
    );
  });
  if (series.model != null) {
    const x = axis.left + slot * series.bars.length + slot / 2;
    shapes.push(
      { kind: 'rect', x: x - barW / 2, y: py(series.model), width: barW, height: base - py(series.model), fill: INK },
      { kind: 'text', x, y: height - axis.bottom + font * 1.6, text: 'Model', size: font, fill: INK, anchor: 'middle', bold: true },
    );
  }
  if (series.value != null) shapes.push({ kind: 'line', x1: axis.left, y1: py(series.value), x2: width - axis.right, y2: py(series.value), stroke: INK, strokeWidth: 1, dash: '5,3' });
  shapes.push({ kind: 'line', x1: axis.left, y1: axis.top + plotH, x2: width - axis.right, y2: axis.top + plotH, stroke: MUTED, strokeWidth: 0.75 });
  shapes.push(
    ...legend(
      [
        { swatch: 'box', fill: SALE_GREY, label: 'Net sales price' },
        { swatch: 'box', fill: palette.brand, label: 'Adjusted price' },
        ...(series.model != null ? [{ swatch: 'box' as const, fill: INK, label: 'Market model estimate' }] : []),
        ...(series.range ? [{ swatch: 'box' as const, fill: tint(palette.brand, 0.85), label: 'Suggested range' }] : []),
        ...(series.value != null ? [{ swatch: 'dash' as const, fill: INK, label: 'Value' }] : []),
      ],
      axis.left,
      height - font * 0.9,
      font,
    ),
  );
  return { width, height, label, shapes };
}

/** Price per sq ft against above-grade size: each comparable a numbered dot, the subject's size a dashed line. */
export function pricePerSqftDrawing(series: PricePerSqftSeries, scale: DrawingScale, palette: BrandPalette): Drawing {
  const { width, height, font } = scale;
  const label = 'Price per square foot against above grade finished area for each comparable';
  if (series.dots.length === 0) return empty(scale, palette, label);
  const axis = { left: font * 7.4, right: font * 2, top: font * 2, bottom: font * 4.8 };
  const sizes = series.dots.map((d) => d.size);
  if (series.subjectSize != null) sizes.push(series.subjectSize);
  const xs = ticksFor(Math.min(...sizes), Math.max(...sizes), width < 400 ? 4 : 5);
  const ys = ticksFor(Math.min(...series.dots.map((d) => d.perSqft)), Math.max(...series.dots.map((d) => d.perSqft)), 4);
  const { plotW, plotH, px, py } = plotScales(width, height, axis, { x: xs, y: ys });
  const shapes: Shape[] = [...gridlines(ys.ticks, py, axis, width, font, (t) => `$${Math.round(t)}`)];
  for (const t of xs.ticks) shapes.push({ kind: 'text', x: px(t), y: height - axis.bottom + font * 1.6, text: t.toLocaleString('en-US'), size: font, fill: MUTED, anchor: 'middle' });
  shapes.push({ kind: 'line', x1: axis.left, y1: axis.top + plotH, x2: width - axis.right, y2: axis.top + plotH, stroke: MUTED, strokeWidth: 0.75 });
  shapes.push({ kind: 'text', x: axis.left + plotW / 2, y: height - font * 0.8, text: 'Above grade finished area (sq ft)', size: font * 1.1, fill: INK, anchor: 'middle' });
  if (series.subjectSize != null) {
    const x = px(series.subjectSize);
    // Beside the line, on its left when the line is near the right edge (the label would be cut off).
    const nearRight = x > axis.left + plotW * 0.8;
    shapes.push(
      { kind: 'line', x1: x, y1: axis.top, x2: x, y2: axis.top + plotH, stroke: palette.brandText, strokeWidth: 1, dash: '4,3' },
      { kind: 'text', x: nearRight ? x - 3 : x + 3, y: axis.top + font * 1.1, text: 'Subject', size: font, fill: palette.brandText, anchor: nearRight ? 'end' : 'start', bold: true },
    );
  }
  for (const d of series.dots) {
    shapes.push(
      { kind: 'circle', cx: px(d.size), cy: py(d.perSqft), r: font, fill: palette.brand },
      { kind: 'text', x: px(d.size), y: py(d.perSqft) + font * 0.36, text: String(d.number), size: font, fill: palette.onBrand, anchor: 'middle', bold: true },
    );
  }
  return { width, height, label, shapes };
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Sep' for '2026-09', with the year under January and the first month. */
export function monthLabel(month: string, first: boolean): string {
  const [year, m] = month.split('-');
  const name = MONTH_NAMES[Number(m) - 1] ?? month;
  return first || m === '01' ? `${name} ${year!.slice(2)}` : name;
}

/** One value per month as bars (counts) or a line with dots (medians; a month without sales is a gap). */
export function monthlyDrawing(series: MonthlySeries, scale: DrawingScale, palette: BrandPalette): Drawing {
  const { width, height, font } = scale;
  const known = series.values.filter((v): v is number => v != null);
  if (known.length === 0) return empty(scale, palette, series.title);
  const ys = series.kind === 'bars' ? ticksFor(0, Math.max(1, ...known), 3) : ticksFor(Math.min(...known), Math.max(...known), 3);
  const axis = { left: font * 7, right: font * 1.2, top: font * 1.2, bottom: font * 2.8 };
  const { plotW, plotH, py } = plotScales(width, height, axis, { y: ys });
  const slot = plotW / series.months.length;
  const cx = (i: number) => axis.left + slot * i + slot / 2;
  const shapes: Shape[] = [...gridlines(ys.ticks, py, axis, width, font, series.format)];
  series.months.forEach((m, i) => shapes.push({ kind: 'text', x: cx(i), y: height - font * 0.9, text: monthLabel(m, i === 0), size: font * 0.95, fill: MUTED, anchor: 'middle' }));
  if (series.kind === 'bars') {
    series.values.forEach((v, i) => {
      if (v) shapes.push({ kind: 'rect', x: cx(i) - slot * 0.3, y: py(v), width: slot * 0.6, height: py(ys.min) - py(v), fill: palette.brand });
    });
  } else {
    let path = '';
    series.values.forEach((v, i) => {
      if (v == null) {
        if (path) shapes.push({ kind: 'path', d: path, stroke: palette.brand, strokeWidth: 1.5, fill: 'none' });
        path = '';
        return;
      }
      path += `${path ? ' L' : 'M'} ${cx(i).toFixed(1)} ${py(v).toFixed(1)}`;
    });
    if (path) shapes.push({ kind: 'path', d: path, stroke: palette.brand, strokeWidth: 1.5, fill: 'none' });
    series.values.forEach((v, i) => {
      if (v != null) shapes.push({ kind: 'circle', cx: cx(i), cy: py(v), r: font * 0.38, fill: palette.brand });
    });
  }
  shapes.push({ kind: 'line', x1: axis.left, y1: axis.top + plotH, x2: width - axis.right, y2: axis.top + plotH, stroke: MUTED, strokeWidth: 0.75 });
  return { width, height, label: series.title, shapes };
}

