// The agent's adjustment values beside the market-derived rates, and accepting the acceptable ones into defaults.
import { ABOVE_GRADE_STYLE, amountForTier, type AdjustmentValues, type Tier } from './defaults';
import { formatNumber } from './format';
import type { Confidence, TierMarketRates } from './market-rates';

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
  /** True when accepting would change this cell (a measured rate of high or medium confidence with a sensible sign, not the divisor). */
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
      const acceptable = rate != null && rate.rate != null && rate.problem == null && (rate.confidence === 'high' || rate.confidence === 'medium') && entry.style !== ABOVE_GRADE_STYLE;
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
            : rate?.rate != null && rate.problem ? `${rate.explanation} ${rate.problem}` : (rate?.explanation ?? `${entry.parent_label}: no market-derived rate.`),
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

