// The market model: a second approach beside the comparables. Gradient-boosted trees fitted on the log prices of the
// loaded closed sales before the valuation date, on location, size, age, rooms, quality, condition, property type, the
// export's text facts and the close month, on top of a log-log line in above-grade area. Deterministic; the browser
// fits it in a Web Worker, the CLI in process.
import { fitBoostedTrees, predictBoostedTrees, type BoostedTrees, type BoostingOptions } from './gradient-boosting';
import { ORDERED_FACTS, PROPERTY_TYPES } from './listing-facts';
import { CandidatePool } from './selection';
import { discoverTextFeatures, normaliseText } from './text-features';
import type { SaleFacts } from './types';

const MONTH_MS = 30.4375 * 86_400_000;
const LEVELS_ORDER = ['One', 'Bi-Level', 'Tri-Level', 'Multi/Split', 'Two', 'Three Or More'];

interface ModelFeature {
  label: string;
  read: (f: SaleFacts) => number;
}

const SIZE_LABEL = 'Above grade finished area';
const logArea = (f: SaleFacts) => (f.aboveGradeFinishedArea != null && f.aboveGradeFinishedArea > 0 ? Math.log(f.aboveGradeFinishedArea) : NaN);

/**
 * Least-squares line of log price on log above-grade area: its slope (the elasticity) and each sale's offset from the
 * average size's price. A sale without its area gets no offset (the trees read it as missing).
 */
export function sizeLine(sales: readonly SaleFacts[], logPrices: ArrayLike<number>): { elasticity: number; offset: (f: SaleFacts) => number } {
  let n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  sales.forEach((sale, r) => {
    const x = logArea(sale);
    if (Number.isNaN(x)) return;
    n++;
    sx += x;
    sy += logPrices[r];
    sxx += x * x;
    sxy += x * logPrices[r];
  });
  const meanX = n ? sx / n : 0;
  const varianceX = n ? sxx / n - meanX * meanX : 0;
  const slope = varianceX > 1e-9 ? (sxy / n - meanX * (sy / n)) / varianceX : 0;
  // Kept within 0–1.5 so a few odd sales cannot make a larger home cheaper or its price explode.
  const elasticity = Number.isFinite(slope) ? Math.min(1.5, Math.max(0, slope)) : 0;
  return {
    elasticity,
    offset: (f) => {
      const x = logArea(f);
      return Number.isNaN(x) ? 0 : elasticity * (x - meanX);
    },
  };
}

const TYPE_LABEL = 'Property type';

/**
 * Each property type's mean log price left after the size line, relative to all sales and shrunk toward 0 by 20 sales
 * (a type with 20 sales moves half its mean): 0 for a home of unknown type or a type the sales do not have.
 */
export function propertyTypeLevels(sales: readonly SaleFacts[], rest: ArrayLike<number>): (f: SaleFacts) => number {
  let total = 0;
  for (let r = 0; r < sales.length; r++) total += rest[r];
  const mean = sales.length ? total / sales.length : 0;
  const sums = new Map<string, { sum: number; count: number }>();
  sales.forEach((sale, r) => {
    if (!sale.propertyType) return;
    const s = sums.get(sale.propertyType) ?? { sum: 0, count: 0 };
    s.sum += rest[r] - mean;
    s.count++;
    sums.set(sale.propertyType, s);
  });
  // One type only (or none known): nothing to tell apart.
  if (sums.size < 2) return () => 0;
  const level = new Map([...sums].map(([type, s]) => [type, s.sum / (s.count + 20)]));
  return (f) => (f.propertyType ? level.get(f.propertyType) ?? 0 : 0);
}

const num = (v: number | null | undefined) => (v != null && Number.isFinite(v) ? v : NaN);

const NUMERIC_FEATURES: ModelFeature[] = [
  { label: 'Location (latitude)', read: (f) => num(f.latitude) },
  { label: 'Location (longitude)', read: (f) => num(f.longitude) },
  // Rotated coordinates let the trees cut along diagonals (a shoreline, a freeway) as easily as along a meridian.
  { label: 'Location (north-east)', read: (f) => num(f.latitude) + num(f.longitude) },
  { label: 'Location (north-west)', read: (f) => num(f.latitude) - num(f.longitude) },
  { label: SIZE_LABEL, read: (f) => num(f.aboveGradeFinishedArea) },
  { label: 'Below grade finished area', read: (f) => num(f.belowGradeFinishedArea) },
  { label: 'Below grade total area', read: (f) => num(f.belowGradeTotalArea) },
  { label: 'Lot size', read: (f) => num(f.lotSizeSqft) },
  { label: 'Year built', read: (f) => num(f.yearBuilt) },
  { label: 'Year built or renovated', read: (f) => num(f.renovatedYear ?? f.yearBuilt) },
  { label: 'Bedrooms', read: (f) => num(f.bedrooms) },
  { label: 'Bathrooms', read: (f) => (f.bathsFullAndThreeQuarter == null && f.bathsHalfAndQuarter == null ? NaN : (f.bathsFullAndThreeQuarter ?? 0) + 0.5 * (f.bathsHalfAndQuarter ?? 0)) },
  { label: 'Garage spaces', read: (f) => num(f.garageSpaces) },
  { label: 'Fireplaces', read: (f) => num(f.fireplaces) },
  { label: 'Levels', read: (f) => (f.levels ? LEVELS_ORDER.indexOf(f.levels) : NaN) },
  ...ORDERED_FACTS.map((o) => ({ label: o.label, read: (f: SaleFacts) => num(o.read(f)) })),
  // The export's finer scale beside the UAD step (a King County grade, a ten-word rating), told as the same driver.
  { label: 'Quality', read: (f) => num(f.qualityRating) },
  { label: 'Condition', read: (f) => num(f.conditionRating) },
  { label: 'Kitchen quality', read: (f) => num(f.kitchenRating) },
  { label: TYPE_LABEL, read: (f) => (f.propertyType ? PROPERTY_TYPES.indexOf(f.propertyType) : NaN) },
];
const TIME_LABEL = 'Market conditions (close month)';
export interface MarketModelOptions extends Omit<BoostingOptions, 'onProgress'> {
  /** Only sales that closed strictly before this date (yyyy-mm-dd). */
  before?: string;
  /** Fitted on at most this many of the latest sales before `before` (default 20,000): a 50,000-listing pool fits in seconds. */
  maxSales?: number;
  /** Non-market sales are left out of the fit unless true. */
  includeNonMarketSales?: boolean;
  onProgress?: (done: number) => void;
}

export interface ModelDriver {
  label: string;
  /** Dollars this fact moved the estimate from the average sale's price. */
  effect: number;
}

export interface MarketModelEstimate {
  value: number;
  /** The facts that moved the estimate most, largest first. */
  drivers: ModelDriver[];
}

export interface FittedMarketModel {
  /** Sales it was fitted on and the last close date among them. */
  sales: number;
  /** % change in price per 1 % more above-grade area, measured on those sales; the trees fit what it leaves. */
  sizeElasticity: number;
  latestCloseDate: string;
  fitMilliseconds: number;
  /** Facts by their share of the model's total fit gain, largest first. */
  importance: { label: string; share: number }[];
  estimate: (subject: SaleFacts, asOfDate: string) => MarketModelEstimate;
}

interface TextColumn {
  name: string;
  /** Level → its rank by the training sales' mean log price (trees split ranks as ordered numbers). */
  rank: Map<string, number>;
}

/** Default cap on the sales one fit reads (MarketModelOptions.maxSales). */
export const MARKET_MODEL_MAX_SALES = 20_000;

/** Fits the market model on the pool's closed sales before `options.before` (all of them without it). */
export function fitMarketModel(sales: readonly SaleFacts[] | CandidatePool, options: MarketModelOptions = {}): FittedMarketModel {
  const started = performance.now();
  const pool = sales instanceof CandidatePool ? sales : new CandidatePool(sales);
  const before = options.before ? Date.parse(options.before) : Infinity;
  const rows: number[] = [];
  for (let i = 0; i < pool.size; i++) {
    if (pool.time[i] >= before) continue;
    if (!options.includeNonMarketSales && pool.sales[i].saleType) continue;
    rows.push(i);
  }
  if (rows.length < 50) throw new Error(`The market model needs at least 50 closed sales before the valuation date; ${rows.length} found.`);
  const maxSales = options.maxSales ?? MARKET_MODEL_MAX_SALES;
  if (rows.length > maxSales) {
    rows.sort((a, b) => pool.time[b] - pool.time[a] || a - b);
    rows.length = maxSales;
    rows.sort((a, b) => a - b);
  }
  const usable = new Uint8Array(pool.size);
  for (const i of rows) usable[i] = 1;
  const target = Float64Array.from(rows, (i) => Math.log(pool.sales[i].netSalesPrice as number));

  // Text facts with few values (View, Waterfront …), each level ranked by the mean log price of its training sales.
  const textColumns: TextColumn[] = discoverTextFeatures(pool, (i) => usable[i] === 1).map((feature) => {
    const sums = feature.levels.map(() => ({ sum: 0, count: 0 }));
    rows.forEach((i, r) => {
      const level = feature.levelOf[i];
      if (level == null) return;
      sums[level].sum += target[r];
      sums[level].count++;
    });
    const order = feature.levels.map((level, k) => ({ level, mean: sums[k].count ? sums[k].sum / sums[k].count : 0 })).sort((a, b) => a.mean - b.mean);
    return { name: feature.name, rank: new Map(order.map((o, k) => [o.level, k])) };
  });
  const features: ModelFeature[] = [
    ...NUMERIC_FEATURES,
    ...textColumns.map((c) => ({ label: c.name, read: (f: SaleFacts) => c.rank.get(normaliseText(f.features?.[c.name]) ?? '') ?? NaN })),
    { label: TIME_LABEL, read: () => NaN }, // filled from the close date (training) or the valuation date (estimate)
  ];
  const timeColumn = features.length - 1;
  const columns = features.map((feature, k) =>
    k === timeColumn ? Float64Array.from(rows, (i) => pool.time[i] / MONTH_MS)
    : Float64Array.from(rows, (i) => feature.read(pool.sales[i])),
  );
  const { before: _before, includeNonMarketSales: _nm, maxSales: _max, ...boosting } = options;
  // Trees fit the price left after a straight log-log line in above-grade area: steps in size become a smooth slope,
  // which also carries on beyond the largest and smallest homes sold (measured: decision 2170).
  const size = sizeLine(rows.map((i) => pool.sales[i]), target);
  const afterSize = Float64Array.from(rows, (i, r) => target[r] - size.offset(pool.sales[i]));
  // Each property type's own price level, as the size line: a few dozen duplexes are not lost among single-family homes.
  const typeLevel = propertyTypeLevels(rows.map((i) => pool.sales[i]), afterSize);
  const rest = Float64Array.from(rows, (i, r) => afterSize[r] - typeLevel(pool.sales[i]));
  // Huber loss: sales far off the model (an unrecognised non-market sale, a data error) move it little (decision 2190).
  const trees: BoostedTrees = fitBoostedTrees(columns, rest, { robustQuantile: 0.9, ...boosting });
  const sizeColumn = features.findIndex((feature) => feature.label === SIZE_LABEL);
  const typeColumn = features.findIndex((feature) => feature.label === TYPE_LABEL);
  const totalGain = trees.gain.reduce((s, g) => s + g, 0) || 1;
  const shares = new Map<string, number>();
  features.forEach((feature, k) => shares.set(feature.label, (shares.get(feature.label) ?? 0) + trees.gain[k] / totalGain));
  const importance = [...shares].map(([label, share]) => ({ label, share })).sort((a, b) => b.share - a.share);
  let latest = -Infinity;
  for (const i of rows) latest = Math.max(latest, pool.time[i]);

  const estimate = (subject: SaleFacts, asOfDate: string): MarketModelEstimate => {
    const asOf = Date.parse(asOfDate);
    if (!Number.isFinite(asOf)) throw new Error(`Valuation date '${asOfDate}' is not a date (yyyy-mm-dd).`);
    const row = features.map((feature, k) => (k === timeColumn ? asOf / MONTH_MS : feature.read(subject)));
    const contributions = new Float64Array(features.length + 1);
    const sizeOffset = size.offset(subject);
    const typeOffset = typeLevel(subject);
    const logValue = predictBoostedTrees(trees, row, contributions) + sizeOffset + typeOffset;
    contributions[sizeColumn] += sizeOffset;
    contributions[typeColumn] += typeOffset;
    const value = Math.exp(logValue);
    // Log-scale contributions in dollars at this estimate: each fact's share of the way from the average sale.
    const drivers = features
      .map((feature, k) => ({ label: feature.label.startsWith('Location') ? 'Location' : feature.label, effect: contributions[k] }))
      .reduce<ModelDriver[]>((merged, d) => {
        const existing = merged.find((m) => m.label === d.label);
        if (existing) existing.effect += d.effect;
        else merged.push({ ...d });
        return merged;
      }, [])
      .map((d) => ({ label: d.label, effect: value - value * Math.exp(-d.effect) }))
      .filter((d) => Math.abs(d.effect) >= 1)
      .sort((a, b) => Math.abs(b.effect) - Math.abs(a.effect));
    return { value, drivers };
  };
  return {
    sales: rows.length,
    sizeElasticity: size.elasticity,
    latestCloseDate: new Date(latest).toISOString().slice(0, 10),
    fitMilliseconds: performance.now() - started,
    importance,
    estimate,
  };
}
