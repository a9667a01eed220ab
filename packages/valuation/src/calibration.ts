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
  /** The reconciled value's bands (the comparables' alone when there is no model). */
  bands: RangeBand[];
  /** The comparables alone, for a report whose agent takes the model out (absent in readings saved before issue 27). */
  comparablesBands?: RangeBand[];
  /** How many comparables the calibration sales were valued from (the median); fewer make a thin valuation. */
  fullCount?: number;
  /** Thin valuations: the same sales valued from only their `count` most similar comparables (decision 2700). */
  byCount?: CountBand[];
  /** The calibration sales that had fewer comparables themselves (a thin market), when there are enough of them. */
  thin?: Omit<CountBand, 'count'>;
}

/** What a valuation from fewer comparables measured: its own weight for the comparables and its 10th–90th percentile errors. */
export interface CountBand {
  count: number;
  sales: number;
  comparablesWeight: number;
  /** Reconciled with the model. */
  low: number;
  high: number;
  /** The comparables alone. */
  comparablesLow: number;
  comparablesHigh: number;
}

/** What one valuation contributes to the calibration: the comparables' value and how much they disagree. */
export interface ComparablesReading {
  value: number;
  /** Weighted standard deviation of the adjusted prices' logs. */
  logSpread: number;
  count: number;
  /** The adjusted prices and their raw weights, most similar comparable first: a calibration sale is also valued from fewer. */
  prices?: readonly { price: number; weight: number }[];
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

const TAIL = (1 - LIKELY_RANGE_PROBABILITY) / 2;
/** Fewest calibration sales behind a band of its own (a thin-valuation band, a difficulty band). */
const MIN_BAND_SALES = 30;
/** Fewest thin calibration sales whose own errors widen a thin valuation's range (fewer: the fewer-comparables bands alone). */
const MIN_THIN_SALES = 20;

/** 10th and 90th percentile of a set of log errors. */
function errorBand(errors: number[]): { low: number; high: number } {
  const sorted = Float64Array.from(errors).sort();
  return { low: quantile(sorted, TAIL), high: quantile(sorted, 1 - TAIL) };
}

/** Bands of similar difficulty (three with 240 sales or more, two with 80, else one), easiest first. */
function difficultyBands(rows: { error: number; difficulty: number }[]): RangeBand[] {
  const sorted = [...rows].sort((a, b) => a.difficulty - b.difficulty);
  const bandCount = sorted.length >= 240 ? 3 : sorted.length >= 80 ? 2 : 1;
  const bands: RangeBand[] = [];
  for (let b = 0; b < bandCount; b++) {
    const slice = sorted.slice(Math.floor((b * sorted.length) / bandCount), Math.floor(((b + 1) * sorted.length) / bandCount));
    bands.push({ upTo: b === bandCount - 1 ? Infinity : slice[slice.length - 1].difficulty, ...errorBand(slice.map((r) => r.error)), sales: slice.length });
  }
  return bands;
}

/** The comparables' reading from only the `count` most similar of them (their own weights, renormalised). */
export function fewerComparables(reading: ComparablesReading, count: number): ComparablesReading | null {
  const prices = reading.prices?.slice(0, count).filter((p) => p.price > 0 && p.weight > 0);
  if (!prices || prices.length < count) return null;
  const total = prices.reduce((sum, p) => sum + p.weight, 0);
  const mean = prices.reduce((sum, p) => sum + (p.weight / total) * p.price, 0);
  return { ...comparablesReading(mean, prices.map((p) => ({ adjustedPrice: p.price, share: p.weight / total }))), prices };
}

const medianAbs = (values: number[]) => medianOf(values.map(Math.abs)) || 1e-9;

const medianOf = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
};

/** Weights and range bands from sales valued out of sample. */
export function calibrate(inputs: readonly CalibrationInput[], period: { from: string; to: string }): Calibration {
  const withModel = inputs.filter((i) => i.model != null && i.model > 0);
  const useModel = withModel.length >= Math.max(30, 0.8 * inputs.length);
  const weightOf = (rows: readonly { comparables: ComparablesReading; actual: number; model: number | null }[]) =>
    useModel ? comparablesWeightFrom(rows.filter((i) => i.model != null && i.model > 0).map((i) => ({ comparables: Math.log(i.comparables.value / i.actual), model: Math.log((i.model as number) / i.actual) }))) : 1;
  const comparablesWeight = weightOf(inputs);
  const rowsOf = (readings: readonly { comparables: ComparablesReading; actual: number; model: number | null }[], weight: number) =>
    readings.map((i) => {
      const model = useModel ? i.model : null;
      const value = reconcileApproaches(i.comparables.value, model, weight);
      return { error: Math.log(i.actual / value), difficulty: difficulty(i.comparables, model), value, actual: i.actual };
    });
  const rows = rowsOf(inputs, comparablesWeight);
  const alone = inputs.map((i) => ({ error: Math.log(i.actual / i.comparables.value), difficulty: difficulty(i.comparables, null) }));

  // Thin valuations, measured: the same sales valued from only their k most similar comparables.
  const fullCount = Math.round(medianOf(inputs.map((i) => i.comparables.count)));
  const byCount: CountBand[] = [];
  for (let count = 1; count < fullCount; count++) {
    const fewer = inputs.flatMap((i) => {
      const comparables = i.comparables.count > count ? fewerComparables(i.comparables, count) : null;
      return comparables ? [{ actual: i.actual, model: i.model, comparables }] : [];
    });
    if (fewer.length < MIN_BAND_SALES) continue;
    const weight = weightOf(fewer);
    const together = errorBand(rowsOf(fewer, weight).map((r) => r.error));
    const comparables = errorBand(fewer.map((i) => Math.log(i.actual / i.comparables.value)));
    byCount.push({ count, sales: fewer.length, comparablesWeight: weight, low: together.low, high: together.high, comparablesLow: comparables.low, comparablesHigh: comparables.high });
  }

  // Sales that were thin themselves: what a thin market is really like (unusual homes, few neighbours). Too few for
  // their own 10th and 90th percentiles, so their median miss scales the whole market's band.
  const thinAt = inputs.flatMap((input, n) => (input.comparables.count < fullCount ? [n] : []));
  let thin: Calibration['thin'];
  if (thinAt.length >= MIN_THIN_SALES) {
    const scale = (errors: number[]) => Math.max(1, medianAbs(thinAt.map((n) => errors[n])) / medianAbs(errors));
    const together = errorBand(rows.map((r) => r.error));
    const comparables = errorBand(alone.map((r) => r.error));
    const t = scale(rows.map((r) => r.error));
    const c = scale(alone.map((r) => r.error));
    thin = { sales: thinAt.length, comparablesWeight, low: together.low * t, high: together.high * t, comparablesLow: comparables.low * c, comparablesHigh: comparables.high * c };
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
    bands: difficultyBands(rows),
    comparablesBands: difficultyBands(alone),
    fullCount,
    byCount,
    ...(thin ? { thin } : {}),
  };
}

/**
 * What was measured for a valuation from `count` comparables, when fewer than the calibration sales usually had: the
 * wider of the recent thin sales' own errors and the same sales valued from only `count` of their comparables; its
 * weight is the thin sales' (else the fewer-comparables one). Null for a valuation that is not thin.
 */
export function countBandFor(calibration: Calibration, count: number): Omit<CountBand, 'count'> | null {
  if (calibration.fullCount == null || count >= calibration.fullCount) return null;
  const measured = (calibration.byCount ?? []).filter((b) => b.count <= count);
  // Fewer than the fewest measured: the fewest measured, which is still narrower than the truth, so it never narrows.
  const fewer = measured.at(-1) ?? calibration.byCount?.[0] ?? null;
  const thin = calibration.thin ?? null;
  if (!fewer || !thin) return fewer ?? thin;
  return {
    sales: thin.sales,
    comparablesWeight: fewer.comparablesWeight,
    low: Math.min(fewer.low, thin.low),
    high: Math.max(fewer.high, thin.high),
    comparablesLow: Math.min(fewer.comparablesLow, thin.comparablesLow),
    comparablesHigh: Math.max(fewer.comparablesHigh, thin.comparablesHigh),
  };
}

/** The comparables' share in the reconciled value for a valuation from `count` comparables (a thin one its measured share). */
export function comparablesWeightFor(calibration: Calibration, count: number): number {
  return countBandFor(calibration, count)?.comparablesWeight ?? calibration.comparablesWeight;
}

export interface LikelyRange {
  low: number;
  high: number;
  probability: number;
  /** "80 % likely range $ a – $ b: " followed by the basis. */
  explanation: string;
  /** What the range rests on: "In 300 recent sales of the loaded data … sold between −7.4 % and +8.9 % of the value." */
  basis: string;
  /** Fewer comparables than the calibration sales had: the range is the wider of the two measurements. */
  thin: boolean;
}

/**
 * The calibrated range around a value: the band of similar difficulty's 10th to 90th percentile errors, widened to
 * what valuations from as few comparables measured when this one has fewer; never clipped to the comparables. With
 * `model` null it is the comparables' own range (the agent took the model out, or there is none).
 */
export function likelyRange(value: number, comparables: ComparablesReading, model: number | null, calibration: Calibration, roundTo = 1000): LikelyRange {
  const bands = model == null && calibration.comparablesBands?.length ? calibration.comparablesBands : calibration.bands;
  const d = difficulty(comparables, model);
  const band = bands.find((b) => d <= b.upTo) ?? bands[bands.length - 1];
  const thin = countBandFor(calibration, comparables.count);
  const lowError = Math.min(band.low, thin ? (model == null ? thin.comparablesLow : thin.low) : Infinity);
  const highError = Math.max(band.high, thin ? (model == null ? thin.comparablesHigh : thin.high) : -Infinity);
  const low = Math.floor((value * Math.exp(Math.min(0, lowError))) / roundTo) * roundTo;
  const high = Math.ceil((value * Math.exp(Math.max(0, highError))) / roundTo) * roundTo;
  const index = bands.indexOf(band);
  const which = thin
    ? ` valued from ${comparables.count === 1 ? 'only one comparable' : `only ${comparables.count} comparables`}, as here`
    : bands.length === 1 ? '' : index === 0 ? ' where the comparables agree closely' : index === bands.length - 1 ? ' where the comparables are few or disagree, as here' : ' with comparables that disagree about as much as these';
  const basis =
    `in ${calibration.sales} recent sales of the loaded data (${calibration.from} to ${calibration.to}) valued the same way before their sale` +
    `${model == null ? ' by their comparables alone' : ''}, 8 in 10 of those${which} sold between ${formatPercent(lowError * 100, 1)} and +${formatPercent(highError * 100, 1)} of the value.`;
  return {
    low,
    high,
    probability: LIKELY_RANGE_PROBABILITY,
    thin: thin != null,
    explanation: `80 % likely range ${formatAmount(low)} – ${formatAmount(high)}: ${basis}`,
    basis: `${basis.charAt(0).toUpperCase()}${basis.slice(1)}`,
  };
}

export interface PreparedModel {
  /** Null when the loaded sales cannot support a model (modelProblem says why): the comparables alone, still calibrated. */
  model: FittedMarketModel | null;
  modelProblem?: string;
  calibration: Calibration;
}

export interface PrepareOptions extends MarketModelOptions {
  /** Valuation date: everything is fitted and measured on sales that closed before it. */
  before: string;
  /** How many of the latest sales measure the errors. Default 300, never more than half of the sales. */
  calibrationSales?: number;
  /** Values one calibration sale with the comparables (earlier sales only, own address left out). */
  valueWithComparables: (subject: SaleFacts) => ComparablesReading | null;
  /** Called once the comparables alone are calibrated, before the model is fitted (the agent sees a calibrated range sooner). */
  onComparablesCalibrated?: (calibration: Calibration) => void;
  /** False: measure the comparables alone and fit no model (`cma value --model off`). Default true. */
  fitModel?: boolean;
}

/**
 * Measures the comparables on the latest sales before `before` (non-market sales left out), then fits the market model
 * twice: without those sales, to measure it beside them, and on every sale before `before`. Progress runs 0–1.
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
  const dates = chosen.map((i) => pool.sales[i].closeDate as string).sort();
  const period = { from: dates[0] ?? options.before, to: dates[dates.length - 1] ?? options.before };
  const { calibrationSales: _n, valueWithComparables, onProgress, onComparablesCalibrated, fitModel = true, ...modelOptions } = options;

  const valued: { index: number; blind: SaleFacts; comparables: ComparablesReading }[] = [];
  chosen.forEach((i, n) => {
    const sale = pool.sales[i];
    const blind = { ...sale, netSalesPrice: null, listPrice: null };
    const comparables = valueWithComparables(blind);
    if (comparables) valued.push({ index: i, blind, comparables });
    if (n % 25 === 0) onProgress?.((0.3 * n) / chosen.length);
  });
  const actual = (i: number) => pool.sales[i].netSalesPrice as number;
  const alone = calibrate(valued.map((v) => ({ actual: actual(v.index), comparables: v.comparables, model: null })), period);
  onComparablesCalibrated?.(alone);
  if (!fitModel) {
    onProgress?.(1);
    return { model: null, modelProblem: 'No market model was asked for.', calibration: alone };
  }
  onProgress?.(0.3);

  let model: FittedMarketModel | null = null;
  let modelProblem: string | undefined;
  let estimates: (number | null)[] = valued.map(() => null);
  try {
    const calibrationModel = fitMarketModel(pool, { ...modelOptions, before: windowStart, onProgress: (p) => onProgress?.(0.3 + p * 0.35) });
    estimates = valued.map((v) => calibrationModel.estimate(v.blind, pool.sales[v.index].closeDate as string).value);
    model = fitMarketModel(pool, { ...modelOptions, onProgress: (p) => onProgress?.(0.65 + p * 0.35) });
  } catch (error) {
    modelProblem = error instanceof Error ? error.message : String(error); // too few sales: the comparables alone
    estimates = valued.map(() => null);
  }
  onProgress?.(1);
  const calibration = calibrate(valued.map((v, n) => ({ actual: actual(v.index), comparables: v.comparables, model: estimates[n] })), period);
  return { model, ...(modelProblem ? { modelProblem } : {}), calibration };
}

/** The comparables' reading of a reconciliation: its value, the weighted spread of the adjusted prices' logs, the count and the prices. */
export function comparablesReading(value: number, weights: readonly { adjustedPrice: number; share: number }[]): ComparablesReading {
  const positive = weights.filter((w) => w.adjustedPrice > 0);
  const total = positive.reduce((s, w) => s + w.share, 0) || 1;
  const mean = positive.reduce((s, w) => s + (w.share / total) * Math.log(w.adjustedPrice), 0);
  const variance = positive.reduce((s, w) => s + (w.share / total) * (Math.log(w.adjustedPrice) - mean) ** 2, 0);
  return { value, logSpread: Math.sqrt(variance), count: positive.length, prices: positive.map((w) => ({ price: w.adjustedPrice, weight: w.share })) };
}
