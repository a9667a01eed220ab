// Two approaches reconciled, and an 80 % likely range, both from measured out-of-sample errors on the loaded sales:
// the most recent sales before the valuation date are valued as a back-test would (comparables strictly earlier, the
// market model fitted without them), and their errors set the approaches' weights and the range's width.
import { formatAmount, formatPercent } from './format';
import { fitMarketModel, type FittedMarketModel, type MarketModelOptions } from './market-model';
import { CandidatePool } from './selection';
import { median } from './statistics';
import type { SaleFacts } from './types';

/** The range's stated probability. */
export const LIKELY_RANGE_PROBABILITY = 0.8;

export interface RangeBand {
  /** Difficulty up to which this band applies (comparables' spread + disagreement with the model, log units). */
  upTo: number;
  /** 10th and 90th percentile of log(price ÷ value) among the calibration sales of this band. */
  low: number;
  high: number;
  sales: number;
}

export interface Calibration {
  /** Sales valued out of sample to measure the errors. */
  sales: number;
  from: string;
  to: string;
  /** Share of the comparables' value in the reconciled value, 0–1 (1 without a model). */
  comparablesWeight: number;
  comparablesMdape: number;
  modelMdape: number | null;
  reconciledMdape: number;
  bands: RangeBand[];
}

/** What one valuation contributes to the calibration: the comparables' value and how much they disagree. */
export interface ComparablesReading {
  value: number;
  /** Weighted standard deviation of the adjusted prices' logs. */
  logSpread: number;
  count: number;
}

export interface CalibrationInput {
  actual: number;
  comparables: ComparablesReading;
  model: number | null;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

function quantile(sorted: ArrayLike<number>, q: number): number {
  if (sorted.length === 0) return NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

/** How hard a valuation is: the comparables' disagreement among themselves and with the model; few comparables count as hard. */
export function difficulty(comparables: ComparablesReading, model: number | null): number {
  const disagreement = model != null && model > 0 ? Math.abs(Math.log(comparables.value / model)) : 0;
  return comparables.logSpread + disagreement + (comparables.count < 3 ? 1 : 0);
}

/** The comparables' share in the reconciled value: the weight that minimises the measured squared log error of the blend. */
export function comparablesWeightFrom(errors: readonly { comparables: number; model: number }[]): number {
  // Errors are capped at ±50 % so a few wild sales cannot decide the weight.
  let vc = 0, vm = 0, cov = 0;
  for (const e of errors) {
    const c = clamp(e.comparables, -0.5, 0.5);
    const m = clamp(e.model, -0.5, 0.5);
    vc += c * c;
    vm += m * m;
    cov += c * m;
  }
  const denominator = vc + vm - 2 * cov;
  return denominator > 0 ? clamp((vm - cov) / denominator, 0.1, 0.9) : 0.5;
}

export function reconcileApproaches(comparables: number, model: number | null, comparablesWeight: number): number {
  if (model == null || !(model > 0)) return comparables;
  return Math.exp(comparablesWeight * Math.log(comparables) + (1 - comparablesWeight) * Math.log(model));
}

/** Weights and range bands from sales valued out of sample. */
export function calibrate(inputs: readonly CalibrationInput[], period: { from: string; to: string }): Calibration {
  const withModel = inputs.filter((i) => i.model != null && i.model > 0);
  const useModel = withModel.length >= Math.max(30, 0.8 * inputs.length);
  const comparablesWeight = useModel
    ? comparablesWeightFrom(withModel.map((i) => ({ comparables: Math.log(i.comparables.value / i.actual), model: Math.log((i.model as number) / i.actual) })))
    : 1;
  const rows = inputs.map((i) => {
    const model = useModel ? i.model : null;
    const value = reconcileApproaches(i.comparables.value, model, comparablesWeight);
    return { error: Math.log(i.actual / value), difficulty: difficulty(i.comparables, model), value, actual: i.actual };
  });
  rows.sort((a, b) => a.difficulty - b.difficulty);
  const bandCount = rows.length >= 240 ? 3 : rows.length >= 80 ? 2 : 1;
  const bands: RangeBand[] = [];
  const tail = (1 - LIKELY_RANGE_PROBABILITY) / 2;
  for (let b = 0; b < bandCount; b++) {
    const slice = rows.slice(Math.floor((b * rows.length) / bandCount), Math.floor(((b + 1) * rows.length) / bandCount));
    const errors = Float64Array.from(slice, (r) => r.error).sort();
    bands.push({ upTo: b === bandCount - 1 ? Infinity : slice[slice.length - 1].difficulty, low: quantile(errors, tail), high: quantile(errors, 1 - tail), sales: slice.length });
  }
  const ape = (value: number, actual: number) => (Math.abs(value - actual) / actual) * 100;
  return {
    sales: inputs.length,
    from: period.from,
    to: period.to,
    comparablesWeight,
    comparablesMdape: median(inputs.map((i) => ape(i.comparables.value, i.actual))),
    modelMdape: useModel ? median(withModel.map((i) => ape(i.model as number, i.actual))) : null,
    reconciledMdape: median(rows.map((r) => ape(r.value, r.actual))),
    bands,
  };
}

export interface LikelyRange {
  low: number;
  high: number;
  probability: number;
  explanation: string;
}

/** The calibrated range around a reconciled value: the band of similar difficulty's 10th to 90th percentile errors, never clipped to the comparables. */
export function likelyRange(value: number, comparables: ComparablesReading, model: number | null, calibration: Calibration, roundTo = 1000): LikelyRange {
  const d = difficulty(comparables, model);
  const band = calibration.bands.find((b) => d <= b.upTo) ?? calibration.bands[calibration.bands.length - 1];
  const low = Math.floor((value * Math.exp(Math.min(0, band.low))) / roundTo) * roundTo;
  const high = Math.ceil((value * Math.exp(Math.max(0, band.high))) / roundTo) * roundTo;
  const which = calibration.bands.length === 1 ? '' : calibration.bands.indexOf(band) === 0 ? ' where the comparables agree closely' : calibration.bands.indexOf(band) === calibration.bands.length - 1 ? ' where the comparables are few or disagree, as here' : ' with comparables that disagree about as much as these';
  return {
    low,
    high,
    probability: LIKELY_RANGE_PROBABILITY,
    explanation:
      `80 % likely range ${formatAmount(low)} – ${formatAmount(high)}: in ${calibration.sales} recent sales of the loaded data (${calibration.from} to ${calibration.to}) valued the same way before their sale, ` +
      `8 in 10 of those${which} sold between ${formatPercent(band.low * 100, 1)} and +${formatPercent(band.high * 100, 1)} of the value.`,
  };
}

export interface PreparedModel {
  model: FittedMarketModel;
  calibration: Calibration;
}

export interface PrepareOptions extends MarketModelOptions {
  /** Valuation date: everything is fitted and measured on sales that closed before it. */
  before: string;
  /** How many of the latest sales measure the errors. Default 300, never more than half of the sales. */
  calibrationSales?: number;
  /** Values one calibration sale with the comparables (earlier sales only, own address left out). */
  valueWithComparables: (subject: SaleFacts) => ComparablesReading | null;
}

/**
 * Fits the market model on the sales before `before`, and measures both approaches on the latest sales before it with
 * a second model fitted without those sales. Progress runs 0–1 across both fits.
 */
export function prepareMarketModel(sales: readonly SaleFacts[] | CandidatePool, options: PrepareOptions): PreparedModel {
  const pool = sales instanceof CandidatePool ? sales : new CandidatePool(sales);
  const before = Date.parse(options.before);
  const recent: number[] = [];
  for (let i = 0; i < pool.size; i++) if (pool.time[i] < before && !pool.sales[i].saleType) recent.push(i);
  recent.sort((a, b) => pool.time[b] - pool.time[a]);
  // At most half the sales measure the errors, so the model they are measured against is fitted on the other half.
  const chosen = recent.slice(0, Math.min(options.calibrationSales ?? 300, Math.floor(recent.length / 2)));
  const windowStart = chosen.length ? pool.sales[chosen[chosen.length - 1]].closeDate as string : options.before;
  const { calibrationSales: _n, valueWithComparables, onProgress, ...modelOptions } = options;
  const calibrationModel = fitMarketModel(pool, { ...modelOptions, before: windowStart, onProgress: (p) => onProgress?.(p * 0.45) });
  const inputs: CalibrationInput[] = [];
  for (const i of chosen) {
    const sale = pool.sales[i];
    const blind = { ...sale, netSalesPrice: null, listPrice: null };
    const comparables = valueWithComparables(blind);
    if (!comparables) continue;
    inputs.push({ actual: sale.netSalesPrice as number, comparables, model: calibrationModel.estimate(blind, sale.closeDate as string).value });
  }
  onProgress?.(0.5);
  const model = fitMarketModel(pool, { ...modelOptions, onProgress: (p) => onProgress?.(0.5 + p * 0.5) });
  const dates = chosen.map((i) => pool.sales[i].closeDate as string).sort();
  return { model, calibration: calibrate(inputs, { from: dates[0] ?? options.before, to: dates[dates.length - 1] ?? options.before }) };
}

/** The comparables' reading of a reconciliation: its value, the weighted spread of the adjusted prices' logs and the count. */
export function comparablesReading(value: number, weights: readonly { adjustedPrice: number; share: number }[]): ComparablesReading {
  const positive = weights.filter((w) => w.adjustedPrice > 0);
  const total = positive.reduce((s, w) => s + w.share, 0) || 1;
  const mean = positive.reduce((s, w) => s + (w.share / total) * Math.log(w.adjustedPrice), 0);
  const variance = positive.reduce((s, w) => s + (w.share / total) * (Math.log(w.adjustedPrice) - mean) ** 2, 0);
  return { value, logSpread: Math.sqrt(variance), count: positive.length };
}
