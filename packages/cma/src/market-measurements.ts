// What the loaded market measured for a report (issue 27): the usable market-derived rate per category and tier, the
// text facts' effects and the paired-sales time index. A new report applies them by default, as the back-test does;
// the agent keeps their own default rate for any category (ownRates). Saved in the document, so every print of the
// report values it with the same measurements.
import { z } from 'zod';
import { marketFeatureEffects, type FeatureEffectsTable, type TierMarketRates } from '@cma/valuation';

const finite = z.number().refine(Number.isFinite);
const tierRates = z.tuple([finite.nullable(), finite.nullable(), finite.nullable()]);
const levelEffects = z.record(z.string(), finite).nullable();

export const marketMeasurementsSchema = z.object({
  /** Measured on sales that closed before this date (yyyy-mm-dd): the first day of the valuation month. */
  before: z.string(),
  /** Closed sales the measurements read. */
  sales: z.number().int().nonnegative(),
  /** Per style, the measured rate of each tier that can be relied on (null where it cannot). */
  rates: z.record(z.string(), tierRates),
  /** Text facts (View, Waterfront …): each value's dollar effect by tier. */
  featureEffects: z.record(z.string(), z.object({ byTier: z.tuple([levelEffects, levelEffects, levelEffects]), relative: z.boolean().optional() })),
  /** The market-conditions trend per month (fraction) and its month-by-month index ('yyyy-mm' → level). */
  monthlyTimeRate: finite.nullable(),
  monthlyTimeIndex: z.record(z.string(), finite).nullable(),
});

export type MarketMeasurements = z.infer<typeof marketMeasurementsSchema>;

export interface MeasuredMarket {
  before: string;
  sales: number;
  /** Market-derived rates measured on those sales (null: none, the agent's table only). */
  marketRates: readonly TierMarketRates[] | null;
  /** Market-conditions adjustment per month (fraction), or null for none. */
  monthlyTimeRate: number | null;
  /** The paired-sales monthly price index the time adjustment follows, when measured. */
  monthlyTimeIndex: Record<string, number> | null;
}

/**
 * The rates a report uses from a measurement: every tier's measured rate unless MarketRate.problem flags it (null
 * there), for the categories with at least one usable tier.
 */
export function acceptedMarketRates(tiers: readonly TierMarketRates[]): Record<string, [number | null, number | null, number | null]> {
  const out: Record<string, [number | null, number | null, number | null]> = {};
  for (const t of tiers) {
    for (const r of t.rates) {
      if (r.rate == null || r.problem != null) continue;
      (out[r.style] ??= [null, null, null])[t.tier] = r.rate;
    }
  }
  return out;
}

/** What a report keeps of a market measurement: only the figures its valuation reads. */
export function marketMeasurementsOf(measured: MeasuredMarket): MarketMeasurements {
  return {
    before: measured.before,
    sales: measured.sales,
    rates: measured.marketRates ? acceptedMarketRates(measured.marketRates) : {},
    featureEffects: measured.marketRates ? marketFeatureEffects(measured.marketRates) : {},
    monthlyTimeRate: measured.monthlyTimeRate,
    monthlyTimeIndex: measured.monthlyTimeRate != null ? measured.monthlyTimeIndex : null,
  };
}

/** A saved measurement, or null when absent or unreadable (the report is then valued with the agent's table). */
export function parseMarketMeasurements(raw: unknown): MarketMeasurements | null {
  if (raw == null) return null;
  const parsed = marketMeasurementsSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The measured rates and effects without the categories the agent keeps on their own rate. */
export function marketRatesInUse(market: MarketMeasurements, ownRates: readonly string[]): { rates: Record<string, readonly [number | null, number | null, number | null]>; featureEffects: FeatureEffectsTable } {
  const own = new Set(ownRates);
  return {
    rates: Object.fromEntries(Object.entries(market.rates).filter(([style]) => !own.has(style))),
    featureEffects: Object.fromEntries(Object.entries(market.featureEffects).filter(([feature]) => !own.has(`feature:${feature}`))) as FeatureEffectsTable,
  };
}
