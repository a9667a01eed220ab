// Market-derived rates from the closed sales the agent loaded.
// Rates come from paired sales, as appraisers do it: each sale is paired with nearby sales of the same period,
// and the price differences are regressed (Huber-robust) on the differences of the facts, per price tier.
// Pairing cancels out location, so no location variable (zip code or other) is needed.
import { CATEGORIES, TIER_LABELS, ordinalStep, tierOf, type CategoryDefinition, type Tier } from './defaults';
import { formatPercent, formatRate } from './format';
import { CandidatePool, distanceMiles } from './selection';
import { correlation, huberRegression, median } from './statistics';
import { ORDERED_FACTS } from './listing-facts';
import { discoverTextFeatures, type TextFeature } from './text-features';
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
  /**
   * Why the rate is not offered as "Use market rate" nor used in adjustments: a sign that contradicts the fact (more
   * area, bathrooms, garage spaces or lot lowering the value) or low confidence; null when it is usable.
   */
  problem: string | null;
}

// Facts whose more (or better) can only add value; a measured negative rate for one of them is noise or confounding.
const POSITIVE_STYLES = new Set([
  'above-grade-finished-area', 'below-grade-total-area', 'below-grade-finished-area', 'lot-size', 'fireplace', 'garage', 'bedrooms',
  'full-bathrooms', 'half-bathrooms', 'year-built', 'basement-type', 'heating-cooling', 'kitchen-condition', 'bathroom-condition',
  'location', 'windows', 'quality', 'condition',
]);

/** Why a measured rate should not be used, or null: wrong sign for the fact, or low confidence. */
export function rateProblem(style: string, label: string, rate: number, low: number, high: number, confidence: Confidence): string | null {
  if (POSITIVE_STYLES.has(style) && rate < 0) return `The sales say more ${label.toLowerCase()} lowers the value (${formatRate(round2(rate))}), which cannot be right; other differences between these homes are probably showing through. Not used.`;
  if (confidence === 'low' || confidence === 'none') return `Low confidence: the 95% interval ${formatRate(round2(low))} to ${formatRate(round2(high))} is too wide to rely on. Not used.`;
  return null;
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
  /** Measured on at most this many of the latest sales before `before` (default 20,000, as the market model). */
  maxSales?: number;
}

/** Default cap on the sales one measurement reads (MarketRatesOptions.maxSales): a 50,000-listing pool measures in seconds. */
export const MARKET_RATES_MAX_SALES = 20_000;

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

interface Feature {
  style: string;
  label: string;
  read: (f: SaleFacts) => number | null;
}

const MONTH_MS = 30.4375 * 86_400_000;

const FEATURES: Feature[] = [
  ...CATEGORIES.map((c: CategoryDefinition): Feature => {
    const rule = c.rule;
    if (rule.kind === 'ordinal') return { style: c.style, label: c.label, read: (f) => ordinalStep(rule.group, f.additionalFacts?.[rule.group] ?? null) };
    return { style: c.style, label: c.label, read: rule.read };
  }),
  // Quality and condition steps (UAD, finer where the export rates finer), measured like any category: dollars per step.
  ...ORDERED_FACTS.map((o): Feature => ({ style: o.style, label: o.label, read: o.score })),
];

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
  const maxSales = options.maxSales ?? MARKET_RATES_MAX_SALES;
  const usableCount = usableFlags.reduce((sum, f) => sum + f, 0);
  if (usableCount > maxSales) {
    // The latest sales before `before` only (ties by position): older ones add pairs, not better rates.
    const order = Array.from({ length: n }, (_, i) => i).filter((i) => usableFlags[i] === 1).sort((a, b) => pool.time[b] - pool.time[a] || a - b);
    for (const i of order.slice(maxSales)) usableFlags[i] = 0;
  }
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
      const problem = rateProblem(feature.style, feature.label, rate, rate - 1.96 * se, rate + 1.96 * se, confidence);
      return {
        problem,
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
        problem: null,
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
      problem: 'Not measured: too few sales differ in this fact.',
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

/** The market rates as per-style tier rates for AdjustmentSettings.rateOverrides, keeping only the given confidence levels. */
export function marketRateOverrides(tiers: readonly TierMarketRates[], accept: readonly Confidence[] = ['high', 'medium']): Record<string, [number | null, number | null, number | null]> {
  const out: Record<string, [number | null, number | null, number | null]> = {};
  for (const t of tiers) {
    for (const r of t.rates) {
      if (r.rate == null || (!isMergedTwin(r) && (!accept.includes(r.confidence) || (r.problem != null && POSITIVE_STYLES.has(r.style) && r.rate < 0)))) continue;
      (out[r.style] ??= [null, null, null])[t.tier] = r.rate;
    }
  }
  return out;
}

function finite(value: number | null | undefined): number | null {
  return value != null && Number.isFinite(value) ? value : null;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

