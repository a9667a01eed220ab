// The rates the loaded market measured (issue 27), in use by default, beside the agent's own: per category and price
// tier, with each rate's confidence and why an unusable one is not used; the agent keeps their own rate for any row.
import { CATEGORIES, TIER_LABELS, amountForTier, formatRate, type AdjustmentValues, type TierMarketRates, type UadStepValues } from '@cma/valuation';
import type { MarketMeasurements } from '@cma/cma';

export interface MarketRatesPanelProps {
  /** What the report's measurement found (its rates in use). */
  market: MarketMeasurements;
  /** The measurement's detail by tier (confidence, explanations), while this session has it. */
  tiers: readonly TierMarketRates[] | null;
  values: AdjustmentValues;
  stepValues: UadStepValues | null;
  ownRates: readonly string[];
  onOwnRate(style: string, own: boolean): void;
}

const STEP_ROWS = [
  { style: 'quality', label: 'Quality', rateUnit: 'per step' },
  { style: 'condition', label: 'Condition', rateUnit: 'per step' },
] as const;

export function MarketRatesPanel({ market, tiers, values, stepValues, ownRates, onOwnRate }: MarketRatesPanelProps) {
  const rows = [
    ...STEP_ROWS.map((r) => ({ ...r, yours: (tier: number) => (stepValues ? formatRate(stepValues[r.style][tier]!) : '—') })),
    ...CATEGORIES.map((c) => {
      const entry = values[c.style];
      return { style: c.style, label: c.label, rateUnit: c.rateUnit, yours: (tier: number) => (!entry ? '—' : c.rule.kind === 'divisor' ? `÷${amountForTier(entry, tier as 0 | 1 | 2)}` : formatRate(amountForTier(entry, tier as 0 | 1 | 2))) };
    }),
  ].filter((row) => market.rates[row.style] || tiers?.some((t) => t.rates.some((r) => r.style === row.style && r.rate != null)));
  const features = Object.entries(market.featureEffects);
  const detail = (style: string, tier: number) => tiers?.find((t) => t.tier === tier)?.rates.find((r) => r.style === style) ?? null;

  if (rows.length === 0 && features.length === 0) {
    return <p className="cma-hint">The loaded sales do not measure any rate (too few nearby pairs of sales that differ): your own rates value every category.</p>;
  }
  return (
    <div className="cma-market-rates">
      <table className="cma-table cma-market">
        <caption>Rates measured on {market.sales.toLocaleString('en-US')} closed sales before {market.before}, beside yours: the market's are in use where they can be relied on</caption>
        <thead>
          <tr>
            <th scope="col">Category</th>
            {TIER_LABELS.map((label) => <th scope="col" key={label}>{label}: yours / market</th>)}
            <th scope="col">In use</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const used = market.rates[row.style];
            const own = ownRates.includes(row.style);
            return (
              <tr key={row.style}>
                <th scope="row">{row.label} <small className="cma-hint">{row.rateUnit}</small></th>
                {[0, 1, 2].map((tier) => {
                  const d = detail(row.style, tier);
                  const rate = used?.[tier] ?? null;
                  return (
                    <td key={tier} title={d?.explanation}>
                      {row.yours(tier)} /{' '}
                      {rate != null ? <>{formatRate(Math.round(rate * 100) / 100)}{d && <small> ({d.confidence})</small>}</> : <small>{d?.rate != null ? 'not used' : 'not measured'}</small>}
                      {rate == null && d?.rate != null && d.problem ? <small className="cma-rate-problem"> {d.problem}</small> : null}
                    </td>
                  );
                })}
                <td>
                  {used ? (
                    <button
                      type="button"
                      className={own ? 'button button--ghost cma-small' : 'button button--secondary cma-small'}
                      aria-pressed={!own}
                      aria-label={`${row.label}: ${own ? 'your rate is in use; use the market rate' : 'the market rate is in use; use your rate'}`}
                      onClick={() => onOwnRate(row.style, !own)}
                    >
                      {own ? 'Yours' : 'Market'}
                    </button>
                  ) : <span className="cma-hint">Yours</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {features.length > 0 && (
        <ul className="cma-market-features" aria-label="Text facts the market prices">
          {features.map(([feature, table]) => {
            const style = `feature:${feature}`;
            const own = ownRates.includes(style);
            const levels = [...new Set(table.byTier.flatMap((t) => Object.keys(t ?? {})))];
            return (
              <li key={feature}>
                <label className="cma-check">
                  <input type="checkbox" checked={!own} onChange={() => onOwnRate(style, !own)} />
                  Adjust for {feature} ({levels.join(', ')}) by what the market measured
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
