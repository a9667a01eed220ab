// Market-derived rates from the closed sales the agent loaded, and the market-conditions (time) trend.
// Rates come from paired sales, as appraisers do it: each sale is paired with nearby sales of the same period,
// and the price differences are regressed (Huber-robust) on the differences of the facts, per price tier.
// Pairing cancels out location, so no location variable (zip code or other) is needed.
import { ABOVE_GRADE_STYLE, CATEGORIES, TIER_LABELS, amountForTier, ordinalStep, tierOf, type AdjustmentValues, type CategoryDefinition, type Tier } from './defaults';
import { formatNumber, formatPercent, formatRate } from './format';
import { CandidatePool, distanceMiles } from './selection';
import type { SaleFacts } from './types';
import type { FeatureEffectsTable } from './adjustments';

export type Confidence = 'high' | 'medium' | 'low' | 'none';

export interface MarketRate {
  style: string;
  label: string;
  /** Dollars per unit (per sq ft, per year, per step …) at the tier's median price; null when the sales do not support a figure. */
  rate: number | null;
  /** Share of the price per unit (rate ÷ the tier's median price), as the valuation applies it. */
  relativeRate: number | null;
  /** Standard error of the rate. */
  standardError: number | null;
  /** 95 % interval. */
  low: number | null;
  high: number | null;
  confidence: Confidence;
  /** Pairs of sales in which this fact differed. */
  pairsWithDifference: number;
  explanation: string;
}

export interface TierMarketRates {
  tier: Tier;
  tierLabel: string;
  /** Sales behind the pairs of this tier. */
  sales: number;
  pairs: number;
  /** Median price of the tier's pairs: the dollar figures are shares of the price at this price. */
  priceScale: number;
  rates: MarketRate[];
  /** Dollar effects of the text facts with few values (View, Waterfront …), relative to each fact's most common value. */
  featureEffects: FeatureEffects[];
  /** Monthly price change implied by the pairs (fraction), with its standard error. */
  monthlyTrend: number | null;
  monthlyTrendStandardError: number | null;
  /**
   * With `timeIndex`: the paired-sales price index by close month ('yyyy-mm' → share of the price relative to
   * the earliest month), measured month by month instead of as one straight-line trend.
   */
  monthlyIndex?: Record<string, number>;
}

export interface MarketRatesOptions {
  /** Pair each sale with this many nearest neighbours. Default 4. */
  neighbours?: number;
  /** Neighbours within this many miles. Default 0.5. */
  maxMiles?: number;
  /** Neighbours that closed within this many months of each other. Default 12. */
  maxMonths?: number;
  /** Only sales that closed strictly before this date (a back-test never looks ahead). */
  before?: string;
  /** Fewest pairs (with the fact differing) to report a rate. Default 40. */
  minimumPairs?: number;
  /** Measure time month by month (a paired-sales price index) instead of one linear monthly trend. Default false. */
  timeIndex?: boolean;
}

export interface FeatureLevelEffect {
  level: string;
  /** Dollars relative to the reference level at the tier's median price (0 for the reference itself). */
  effect: number;
  /** The same as a share of the price. */
  relativeEffect: number;
  standardError: number | null;
  confidence: Confidence;
  /** Sales with this value. */
  sales: number;
}

export interface FeatureEffects {
  /** The record's field name, e.g. 'View'. */
  feature: string;
  /** The most common value, whose effect is 0. */
  reference: string;
  levels: FeatureLevelEffect[];
  explanation: string;
}

interface TextFeature {
  name: string;
  /** Level index per pool sale, null when unknown or rare. */
  levelOf: (number | null)[];
  levels: string[];
  counts: number[];
  reference: number;
}

const MISSING_TEXT = new Set(['', 'not available', 'n/a', 'na', 'none listed']);
const MAX_LEVELS = 8;
const MIN_LEVEL_SALES = 20;

/** Text facts usable as categories: known for ≥ 80 % of the sales, 2–8 values with ≥ 20 sales each covering ≥ 95 % of them. */
function discoverTextFeatures(pool: CandidatePool, usable: (i: number) => boolean): TextFeature[] {
  const names = new Set<string>();
  let total = 0;
  for (let i = 0; i < pool.size; i++) {
    if (!usable(i)) continue;
    total++;
    const features = pool.sales[i].features;
    if (features) for (const name of Object.keys(features)) names.add(name);
  }
  const found: TextFeature[] = [];
  for (const name of names) {
    const counts = new Map<string, number>();
    let known = 0;
    for (let i = 0; i < pool.size; i++) {
      if (!usable(i)) continue;
      const value = normaliseText(pool.sales[i].features?.[name]);
      if (value == null) continue;
      known++;
      counts.set(value, (counts.get(value) ?? 0) + 1);
      if (counts.size > 200) break;
    }
    if (known < 0.8 * total || counts.size > 200) continue;
    const common = [...counts.entries()].filter(([, c]) => c >= MIN_LEVEL_SALES).sort((a, b) => b[1] - a[1]);
    const covered = common.reduce((s, [, c]) => s + c, 0);
    if (common.length < 2 || common.length > MAX_LEVELS || covered < 0.95 * known) continue;
    const levels = common.map(([level]) => level);
    const index = new Map(levels.map((level, k) => [level, k]));
    const levelOf = pool.sales.map((sale) => {
      const value = normaliseText(sale.features?.[name]);
      return value == null ? null : (index.get(value) ?? null);
    });
    found.push({ name, levelOf, levels, counts: common.map(([, c]) => c), reference: 0 });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export function normaliseText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return MISSING_TEXT.has(trimmed.toLowerCase()) ? null : trimmed;
}

interface Feature {
  style: string;
  label: string;
  read: (f: SaleFacts) => number | null;
}

const MONTH_MS = 30.4375 * 86_400_000;

const FEATURES: Feature[] = CATEGORIES.map((c: CategoryDefinition): Feature => {
  const rule = c.rule;
  if (rule.kind === 'ordinal') return { style: c.style, label: c.label, read: (f) => ordinalStep(rule.group, f.additionalFacts?.[rule.group] ?? null) };
  return { style: c.style, label: c.label, read: rule.read };
});

/**
 * Per-tier rates for every category the loaded sales can support, each with its standard error, a
 * confidence label (|rate| ÷ standard error: ≥ 4 high, ≥ 2 medium, else low) and the number of pairs.
 */
export function deriveMarketRates(sales: readonly SaleFacts[] | CandidatePool, options: MarketRatesOptions = {}): TierMarketRates[] {
  const pool = sales instanceof CandidatePool ? sales : new CandidatePool(sales);
  const neighbours = options.neighbours ?? 4;
  const maxMiles = options.maxMiles ?? 0.5;
  const maxMonthsMs = (options.maxMonths ?? 12) * MONTH_MS;
  const minimumPairs = options.minimumPairs ?? 40;
  const before = options.before ? Date.parse(options.before) : Infinity;

  const n = pool.size;
  const values: (number | null)[][] = FEATURES.map((feature) => pool.sales.map((s) => finite(feature.read(s))));
  const usableFlags = new Uint8Array(n);
  for (let i = 0; i < n; i++) usableFlags[i] = pool.time[i] < before && !Number.isNaN(pool.lat[i]) ? 1 : 0;
  const usable = (i: number) => usableFlags[i] === 1;
  const textFeatures = discoverTextFeatures(pool, usable);

  // Pairs per tier of the pair's mean price.
  const pairs: [number, number][][] = [[], [], []];
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    if (!usable(i)) continue;
    const near: { j: number; d: number }[] = [];
    for (const j of pool.near(pool.lat[i], pool.lng[i], maxMiles)) {
      if (j === i || usableFlags[j] === 0 || Math.abs(pool.time[j] - pool.time[i]) > maxMonthsMs) continue;
      const d = distanceMiles(pool.lat[i], pool.lng[i], pool.lat[j], pool.lng[j]);
      if (d <= maxMiles) near.push({ j, d });
    }
    near.sort((a, b) => a.d - b.d);
    for (const { j } of near.slice(0, neighbours)) {
      const key = i < j ? i * n + j : j * n + i;
      if (seen.has(key)) continue;
      seen.add(key);
      const mean = ((pool.sales[i].netSalesPrice as number) + (pool.sales[j].netSalesPrice as number)) / 2;
      pairs[tierOf(mean)].push([i, j]);
    }
  }

  return ([0, 1, 2] as Tier[]).map((tier) => fitTier(tier, pairs[tier], pool, values, textFeatures, minimumPairs, options.timeIndex === true));
}

function fitTier(tier: Tier, tierPairs: [number, number][], pool: CandidatePool, values: (number | null)[][], textFeatures: TextFeature[], minimumPairs: number, timeIndex = false): TierMarketRates {
  const salesInPairs = new Set<number>();
  for (const [i, j] of tierPairs) {
    salesInPairs.add(i);
    salesInPairs.add(j);
  }
  // Facts known for most sales of the tier and differing in enough pairs.
  const candidates = FEATURES.map((_, f) => f).filter((f) => {
    let known = 0;
    let differing = 0;
    for (const [i, j] of tierPairs) {
      const a = values[f][i];
      const b = values[f][j];
      if (a != null && b != null) {
        known++;
        if (a !== b) differing++;
      }
    }
    return tierPairs.length > 0 && known >= 0.8 * tierPairs.length && differing >= minimumPairs;
  });
  // Rows with every chosen fact known.
  const rows = tierPairs.filter(([i, j]) => candidates.every((f) => values[f][i] != null && values[f][j] != null) && textFeatures.every((t) => t.levelOf[i] != null && t.levelOf[j] != null));
  // Facts whose differences move together (e.g. a file that copies basement area into both basement columns) are not separable.
  const merged = new Map<number, number>();
  const chosen: number[] = [];
  for (const f of candidates) {
    const twin = chosen.find((g) => correlation(rows, values[f], values[g]) > 0.98);
    if (twin != null) merged.set(f, twin);
    else chosen.push(f);
  }
  // One dummy column per non-reference value of each text fact.
  const dummyColumns: { feature: TextFeature; level: number }[] = [];
  for (const feature of textFeatures) for (let level = 0; level < feature.levels.length; level++) if (level !== feature.reference) dummyColumns.push({ feature, level });
  const timeColumn = chosen.length + dummyColumns.length;
  // Month-by-month index: one column per close month after the earliest (the reference, level 0).
  const monthOf = (i: number) => (pool.sales[i].closeDate as string).slice(0, 7);
  const months = timeIndex ? [...new Set(rows.flatMap(([i, j]) => [monthOf(i), monthOf(j)]))].sort() : [];
  const monthColumn = new Map(months.slice(1).map((m, c) => [m, timeColumn + c]));
  const k = timeIndex ? timeColumn + monthColumn.size : timeColumn + 1;
  const X: Float64Array[] = [];
  const y: number[] = [];
  const means: number[] = [];
  for (const [i, j] of rows) {
    const row = new Float64Array(k);
    chosen.forEach((f, c) => (row[c] = (values[f][i] as number) - (values[f][j] as number)));
    dummyColumns.forEach(({ feature, level }, d) => (row[chosen.length + d] = (feature.levelOf[i] === level ? 1 : 0) - (feature.levelOf[j] === level ? 1 : 0)));
    const mean = ((pool.sales[i].netSalesPrice as number) + (pool.sales[j].netSalesPrice as number)) / 2;
    if (timeIndex) {
      const ci = monthColumn.get(monthOf(i));
      const cj = monthColumn.get(monthOf(j));
      if (ci != null) row[ci] += 1;
      if (cj != null) row[cj] -= 1;
    } else row[timeColumn] = (pool.time[i] - pool.time[j]) / MONTH_MS;
    X.push(row);
    // Relative differences: a fact is worth a share of the price, so one tier's $150k and $450k homes fit one line.
    y.push(((pool.sales[i].netSalesPrice as number) - (pool.sales[j].netSalesPrice as number)) / mean);
    means.push(mean);
  }
  const fit = rows.length >= Math.max(minimumPairs, 3 * k) ? huberRegression(X, y) : null;
  // Dollar figures are shown at the tier's median price of the pairs.
  const priceScale = means.length ? median(means) : 0;

  const rates: MarketRate[] = FEATURES.map((feature, f) => {
    const differing = rows.filter(([i, j]) => values[f][i] != null && values[f][j] != null && values[f][i] !== values[f][j]).length;
    const column = chosen.indexOf(f);
    if (fit && column >= 0) {
      const relativeRate = fit.beta[column];
      const rate = relativeRate * priceScale;
      const se = fit.standardErrors[column] * priceScale;
      const t = se > 0 ? Math.abs(rate) / se : 0;
      const confidence: Confidence = t >= 4 ? 'high' : t >= 2 ? 'medium' : 'low';
      return {
        style: feature.style,
        label: feature.label,
        rate,
        relativeRate,
        standardError: se,
        low: rate - 1.96 * se,
        high: rate + 1.96 * se,
        confidence,
        pairsWithDifference: differing,
        explanation: `${feature.label}: ${formatRate(round2(rate))} per unit at the tier's median price ${formatRate(Math.round(priceScale))} (${formatPercent(relativeRate * 100, 4)} of the price; 95% interval ${formatRate(round2(rate - 1.96 * se))} to ${formatRate(round2(rate + 1.96 * se))}; ${confidence} confidence) from ${rows.length} pairs of nearby sales in tier '${TIER_LABELS[tier]}', ${differing} of them differing in this fact.`,
      };
    }
    const twin = merged.get(f);
    if (fit && twin != null && chosen.indexOf(twin) >= 0) {
      return {
        style: feature.style,
        label: feature.label,
        rate: 0,
        relativeRate: 0,
        standardError: null,
        low: null,
        high: null,
        confidence: 'low',
        pairsWithDifference: differing,
        explanation: `${feature.label}: moves together with ${FEATURES[twin].label} in these sales, so its effect is inside that rate (shown as $ 0 here).`,
      };
    }
    return {
      style: feature.style,
      label: feature.label,
      rate: null,
      relativeRate: null,
      standardError: null,
      low: null,
      high: null,
      confidence: 'none',
      pairsWithDifference: differing,
      explanation: `${feature.label}: not enough sales with this fact known and differing (${differing} pairs; ${minimumPairs} needed) in tier '${TIER_LABELS[tier]}'.`,
    };
  });
  const featureEffects: FeatureEffects[] = fit
    ? textFeatures.map((feature) => {
        const levels = feature.levels.map((level, index): FeatureLevelEffect => {
          if (index === feature.reference) return { level, effect: 0, relativeEffect: 0, standardError: 0, confidence: 'high', sales: feature.counts[index] };
          const column = chosen.length + dummyColumns.findIndex((d) => d.feature === feature && d.level === index);
          const relativeEffect = fit.beta[column];
          const effect = relativeEffect * priceScale;
          const se = fit.standardErrors[column] * priceScale;
          const t = se > 0 ? Math.abs(effect) / se : 0;
          return { level, effect, relativeEffect, standardError: se, confidence: t >= 4 ? 'high' : t >= 2 ? 'medium' : 'low', sales: feature.counts[index] };
        });
        const reference = feature.levels[feature.reference];
        return {
          feature: feature.name,
          reference,
          levels,
          explanation: `${feature.name}: ${levels.filter((l) => l.level !== reference).map((l) => `${l.level} ${l.effect >= 0 ? '+' : '-'}${formatRate(Math.round(Math.abs(l.effect)))} (${l.confidence})`).join(', ')} compared with ${reference}, from ${rows.length} pairs of nearby sales in tier '${TIER_LABELS[tier]}'.`,
        };
      })
    : [];
  return {
    tier,
    tierLabel: TIER_LABELS[tier],
    sales: salesInPairs.size,
    pairs: rows.length,
    priceScale,
    rates,
    featureEffects,
    ...(timeIndex ? indexTrend(months, fit ? months.map((m, c) => (c === 0 ? 0 : fit.beta[timeColumn + c - 1])) : null) : {
      monthlyTrend: fit ? fit.beta[timeColumn] : null,
      monthlyTrendStandardError: fit ? fit.standardErrors[timeColumn] : null,
    }),
  };
}

/** The index by month, and its straight-line slope per month (least squares) as the monthly trend. */
function indexTrend(months: string[], levels: number[] | null): Pick<TierMarketRates, 'monthlyTrend' | 'monthlyTrendStandardError' | 'monthlyIndex'> {
  if (!levels || months.length === 0) return { monthlyTrend: null, monthlyTrendStandardError: null, monthlyIndex: {} };
  const monthIndex: Record<string, number> = {};
  months.forEach((m, c) => (monthIndex[m] = levels[c]));
  const xs = months.map((m) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)));
  const mx = xs.reduce((s, v) => s + v, 0) / xs.length;
  const my = levels.reduce((s, v) => s + v, 0) / levels.length;
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, c) => {
    sxy += (x - mx) * (levels[c] - my);
    sxx += (x - mx) ** 2;
  });
  return { monthlyTrend: sxx > 0 ? sxy / sxx : null, monthlyTrendStandardError: null, monthlyIndex: monthIndex };
}

/** Feature effects per text fact and tier, for AdjustmentSettings.featureEffects (levels of the accepted confidence, and the reference). */
export function marketFeatureEffects(tiers: readonly TierMarketRates[], accept: readonly Confidence[] = ['high', 'medium', 'low'], relative = false): FeatureEffectsTable {
  const out: FeatureEffectsTable = {};
  for (const t of tiers) {
    for (const f of t.featureEffects) {
      const entry = (out[f.feature] ??= { byTier: [null, null, null], ...(relative ? { relative: true } : {}) });
      entry.byTier[t.tier] = Object.fromEntries(f.levels.filter((l) => l.level === f.reference || accept.includes(l.confidence)).map((l) => [l.level, relative ? l.relativeEffect : l.effect]));
    }
  }
  return out;
}

// A fact merged into its twin carries rate 0 on purpose: applying the twin's rate alone counts the effect once.
function isMergedTwin(rate: MarketRate): boolean {
  return rate.rate === 0 && rate.standardError == null;
}

/** Shares of the comparable's price per unit, by style and tier, for AdjustmentSettings.relativeRates. */
export function marketRelativeRates(tiers: readonly TierMarketRates[], accept: readonly Confidence[] = ['high', 'medium']): Record<string, [number | null, number | null, number | null]> {
  const out: Record<string, [number | null, number | null, number | null]> = {};
  for (const t of tiers) {
    for (const r of t.rates) {
      if (r.relativeRate == null || (!accept.includes(r.confidence) && !isMergedTwin(r))) continue;
      (out[r.style] ??= [null, null, null])[t.tier] = r.relativeRate;
    }
  }
  return out;
}

/** The market rates as per-style tier rates for AdjustmentSettings.rateOverrides, keeping only the given confidence levels. */
export function marketRateOverrides(tiers: readonly TierMarketRates[], accept: readonly Confidence[] = ['high', 'medium']): Record<string, [number | null, number | null, number | null]> {
  const out: Record<string, [number | null, number | null, number | null]> = {};
  for (const t of tiers) {
    for (const r of t.rates) {
      if (r.rate == null || (!accept.includes(r.confidence) && !isMergedTwin(r))) continue;
      (out[r.style] ??= [null, null, null])[t.tier] = r.rate;
    }
  }
  return out;
}

export interface MonthlyPricePerSqft {
  month: string;
  medianPricePerSqft: number;
  sales: number;
}

export interface TimeTrend {
  /** Fractional change per month (0.006 = +0.6 %/month); null when too few months. */
  monthlyRate: number | null;
  standardError: number | null;
  confidence: Confidence;
  months: MonthlyPricePerSqft[];
  sales: number;
  explanation: string;
}

/**
 * Monthly trend of the median price per finished sq ft over the months before `asOfDate`: a
 * sales-weighted least-squares line through the log of the monthly medians.
 */
export function deriveTimeTrend(sales: readonly SaleFacts[] | CandidatePool, options: { asOfDate: string; months?: number; strictlyBefore?: boolean }): TimeTrend {
  const pool = sales instanceof CandidatePool ? sales : new CandidatePool(sales);
  const asOf = Date.parse(options.asOfDate);
  if (!Number.isFinite(asOf)) throw new Error(`Valuation date '${options.asOfDate}' is not a date (yyyy-mm-dd).`);
  const span = options.months ?? 12;
  const earliest = asOf - span * MONTH_MS;
  const byMonth = new Map<string, number[]>();
  let count = 0;
  for (let i = 0; i < pool.size; i++) {
    const t = pool.time[i];
    if (t < earliest || (options.strictlyBefore === false ? t > asOf : t >= asOf)) continue;
    const s = pool.sales[i];
    const area = (s.aboveGradeFinishedArea ?? 0) + (s.belowGradeFinishedArea ?? 0);
    if (!(area > 0)) continue;
    const month = (s.closeDate as string).slice(0, 7);
    const list = byMonth.get(month);
    const ppsf = (s.netSalesPrice as number) / area;
    if (list) list.push(ppsf);
    else byMonth.set(month, [ppsf]);
    count++;
  }
  const months = [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, list]) => ({ month, medianPricePerSqft: median(list), sales: list.length }))
    .filter((m) => m.sales >= 5);
  if (months.length < 3) {
    return { monthlyRate: null, standardError: null, confidence: 'none', months, sales: count, explanation: `Market conditions: too few months with sales (${months.length}; 3 needed) to measure a trend.` };
  }
  const first = monthIndex(months[0].month);
  const xs = months.map((m) => monthIndex(m.month) - first);
  const ys = months.map((m) => Math.log(m.medianPricePerSqft));
  const ws = months.map((m) => m.sales);
  const { slope, standardError } = weightedLine(xs, ys, ws);
  const monthlyRate = Math.expm1(slope);
  const t = standardError > 0 ? Math.abs(slope) / standardError : 0;
  const confidence: Confidence = t >= 4 ? 'high' : t >= 2 ? 'medium' : 'low';
  return {
    monthlyRate,
    standardError,
    confidence,
    months,
    sales: count,
    explanation: `Market conditions: median price per finished sq ft ${monthlyRate >= 0 ? 'rose' : 'fell'} ${formatPercent(Math.abs(monthlyRate) * 100, 2)} a month (${confidence} confidence, ± ${formatPercent(standardError * 196, 2)}) over ${months.length} months, ${formatNumber(count, 0)} sales (${months[0].month} to ${months[months.length - 1].month}).`,
  };
}

function monthIndex(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return y * 12 + (m - 1);
}

function weightedLine(xs: number[], ys: number[], ws: number[]): { slope: number; standardError: number } {
  const sw = ws.reduce((a, b) => a + b, 0);
  const mx = xs.reduce((a, x, i) => a + ws[i] * x, 0) / sw;
  const my = ys.reduce((a, y, i) => a + ws[i] * y, 0) / sw;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxx += ws[i] * (xs[i] - mx) ** 2;
    sxy += ws[i] * (xs[i] - mx) * (ys[i] - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  let sse = 0;
  for (let i = 0; i < xs.length; i++) sse += ws[i] * (ys[i] - my - slope * (xs[i] - mx)) ** 2;
  // Residual variance per unit weight, scaled so the weights act as counts of sales.
  const sigma2 = xs.length > 2 ? (sse / sw) * (xs.length / (xs.length - 2)) : 0;
  const standardError = sxx > 0 ? Math.sqrt((sigma2 * sw) / sxx / (sw / xs.length)) : 0;
  return { slope, standardError };
}

export function median(values: ArrayLike<number>): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Huber M-estimate by iteratively reweighted least squares; standard errors from the weighted residuals. */
export function huberRegression(X: readonly Float64Array[], y: readonly number[], iterations = 6): { beta: number[]; standardErrors: number[] } {
  const n = X.length;
  const k = X[0]?.length ?? 0;
  const w = new Float64Array(n).fill(1);
  let beta = new Array<number>(k).fill(0);
  let inverse: number[][] = [];
  let scale = 1;
  for (let iteration = 0; iteration < iterations; iteration++) {
    const xtx = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const xty = new Array<number>(k).fill(0);
    for (let r = 0; r < n; r++) {
      const row = X[r];
      const wr = w[r];
      for (let a = 0; a < k; a++) {
        const va = row[a] * wr;
        if (va === 0) continue;
        xty[a] += va * y[r];
        for (let b = a; b < k; b++) xtx[a][b] += va * row[b];
      }
    }
    for (let a = 0; a < k; a++) for (let b = 0; b < a; b++) xtx[a][b] = xtx[b][a];
    // A whisper of ridge keeps a near-singular system solvable without moving well-determined rates.
    for (let a = 0; a < k; a++) xtx[a][a] = xtx[a][a] * (1 + 1e-9) + 1e-12;
    inverse = invert(xtx);
    beta = inverse.map((rowInv) => rowInv.reduce((s, v, b) => s + v * xty[b], 0));
    const residuals = new Float64Array(n);
    for (let r = 0; r < n; r++) residuals[r] = y[r] - dot(X[r], beta);
    scale = median(residuals.map(Math.abs)) / 0.6745 || 1;
    const c = 1.345 * scale;
    for (let r = 0; r < n; r++) {
      const a = Math.abs(residuals[r]);
      w[r] = a <= c ? 1 : c / a;
    }
  }
  // Sandwich-free approximation: Var(β) ≈ scale² (XᵀWX)⁻¹ with the final Huber weights.
  const standardErrors = inverse.map((row, a) => Math.sqrt(Math.max(0, row[a]) * scale * scale));
  return { beta, standardErrors };
}

function dot(row: Float64Array, beta: number[]): number {
  let s = 0;
  for (let a = 0; a < beta.length; a++) s += row[a] * beta[a];
  return s;
}

function invert(matrix: number[][]): number[][] {
  const k = matrix.length;
  const a = matrix.map((row, i) => [...row, ...Array.from({ length: k }, (_, j) => (i === j ? 1 : 0))]);
  for (let col = 0; col < k; col++) {
    let pivot = col;
    for (let r = col + 1; r < k; r++) if (Math.abs(a[r][col]) > Math.abs(a[pivot][col])) pivot = r;
    [a[col], a[pivot]] = [a[pivot], a[col]];
    const p = a[col][col];
    if (p === 0) continue;
    for (let c = 0; c < 2 * k; c++) a[col][c] /= p;
    for (let r = 0; r < k; r++) {
      if (r === col) continue;
      const factor = a[r][col];
      if (factor === 0) continue;
      for (let c = 0; c < 2 * k; c++) a[r][c] -= factor * a[col][c];
    }
  }
  return a.map((row) => row.slice(k));
}

function correlation(rows: readonly [number, number][], a: (number | null)[], b: (number | null)[]): number {
  let sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
  const n = rows.length;
  if (n < 2) return 0;
  for (const [i, j] of rows) {
    const x = (a[i] as number) - (a[j] as number);
    const y = (b[i] as number) - (b[j] as number);
    sa += x; sb += y; saa += x * x; sbb += y * y; sab += x * y;
  }
  const cov = sab / n - (sa / n) * (sb / n);
  const va = saa / n - (sa / n) ** 2;
  const vb = sbb / n - (sb / n) ** 2;
  return va > 0 && vb > 0 ? cov / Math.sqrt(va * vb) : 0;
}

function finite(value: number | null | undefined): number | null {
  return value != null && Number.isFinite(value) ? value : null;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export interface MarketRateComparisonRow {
  style: string;
  label: string;
  tier: Tier;
  tierLabel: string;
  /** The agent's amount for this tier (for above-grade area: the divisor). */
  current: number | null;
  market: number | null;
  confidence: Confidence;
  pairs: number;
  /** True when accepting would change this cell (a measured rate of high or medium confidence, not the divisor). */
  acceptable: boolean;
  explanation: string;
}

/** Side-by-side rows of the agent's values and the market-derived rates, for the defaults screen and the report. */
export function compareMarketRates(values: AdjustmentValues, tiers: readonly TierMarketRates[]): MarketRateComparisonRow[] {
  const rows: MarketRateComparisonRow[] = [];
  for (const entry of Object.values(values)) {
    for (const t of tiers) {
      const rate = t.rates.find((r) => r.style === entry.style);
      const current = amountForTier(entry, t.tier);
      const acceptable = rate != null && rate.rate != null && (rate.confidence === 'high' || rate.confidence === 'medium') && entry.style !== ABOVE_GRADE_STYLE;
      rows.push({
        style: entry.style,
        label: entry.parent_label,
        tier: t.tier,
        tierLabel: t.tierLabel,
        current,
        market: rate?.rate ?? null,
        confidence: rate?.confidence ?? 'none',
        pairs: t.pairs,
        acceptable,
        explanation:
          entry.style === ABOVE_GRADE_STYLE && rate?.rate != null
            ? `${rate.explanation} Your value ${formatNumber(current)} is a divisor of the comparable's price per sq ft, so the market rate is used per report rather than saved.`
            : (rate?.explanation ?? `${entry.parent_label}: no market-derived rate.`),
      });
    }
  }
  return rows;
}

/** The agent's values with the acceptable market rates written in (rounded to cents), for "use market-derived rates" into defaults. */
export function acceptMarketRates(values: AdjustmentValues, tiers: readonly TierMarketRates[]): AdjustmentValues {
  const next: AdjustmentValues = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, { ...v }]));
  const field = ['amount_range_one', 'amount_range_two', 'amount_range_three'] as const;
  for (const row of compareMarketRates(values, tiers)) {
    // Negative measured rates (e.g. bedrooms at equal size) are kept out of saved defaults, which must be ≥ 0.
    if (row.acceptable && row.market != null && row.market >= 0) next[row.style][field[row.tier]] = Math.round(row.market * 100) / 100;
  }
  return next;
}
