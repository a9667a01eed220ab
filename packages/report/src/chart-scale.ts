// Axis arithmetic of the report's drawings (drawings/) and the live page's bars: one reading of scales.

/** Rounds a span to a 1/2/5 × 10^n step so axes read naturally. */
export function niceStep(span: number, ticks: number): number {
  const raw = span / Math.max(1, ticks);
  const magnitude = 10 ** Math.floor(Math.log10(raw || 1));
  const residual = raw / magnitude;
  return (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * magnitude;
}

export function ticksFor(min: number, max: number, count: number): { min: number; max: number; ticks: number[] } {
  if (min === max) {
    min -= Math.abs(min) * 0.1 || 1;
    max += Math.abs(max) * 0.1 || 1;
  }
  const step = niceStep(max - min, count);
  const lo = Math.floor(min / step) * step;
  const hi = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = lo; t <= hi + step / 2; t += step) ticks.push(Math.round(t * 1e6) / 1e6);
  return { min: lo, max: hi, ticks };
}

/** A chart's margins around its plot: room for the axis labels. */
export interface PlotMargins {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The plot inside a chart's margins and where values stand on it: `px` along `x`'s range, left to right; `py` along
 * `y`'s, bottom up (a chart without a value axis across gets no `x`, and `px` gives the plot's left edge).
 */
export function plotScales(width: number, height: number, margins: PlotMargins, { x, y }: { x?: { min: number; max: number }; y: { min: number; max: number } }) {
  const plotW = width - margins.left - margins.right;
  const plotH = height - margins.top - margins.bottom;
  return {
    plotW,
    plotH,
    px: (v: number) => (x ? margins.left + ((v - x.min) / (x.max - x.min)) * plotW : margins.left),
    py: (v: number) => margins.top + plotH - ((v - y.min) / (y.max - y.min)) * plotH,
  };
}
