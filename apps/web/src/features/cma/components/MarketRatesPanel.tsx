// Market-derived rates (paired-sales regression on the loaded closed sales) offered beside the agent's defaults.
// Derived on request from the sales nearest the subject: the regression over a whole county takes seconds.
import { useMemo, useState } from 'react';
import { acceptedMarketRates } from '@cma/cma';
import {
  CATEGORIES, CandidatePool, TIER_LABELS, amountForTier, deriveMarketRates, formatRate, selectComparables,
  type AdjustmentValues, type SaleFacts, type TierMarketRates, type TierRates,
} from '@cma/valuation';

export const MARKET_SAMPLE = 3000;

function nearestSales(sales: SaleFacts[], subject: SaleFacts | null): SaleFacts[] {
  if (!subject || sales.length <= MARKET_SAMPLE) return sales;
  return selectComparables(subject, new CandidatePool(sales), { count: MARKET_SAMPLE, minimum: 1, steps: [{ months: 1200, miles: null, sizeTolerance: null }] }).picks.map((p) => p.facts);
}

export function MarketRatesPanel({ sales, subject, values, accepted, onAccept }: { sales: SaleFacts[]; subject: SaleFacts | null; values: AdjustmentValues; accepted: Record<string, TierRates>; onAccept(style: string, rates: TierRates | null): void }) {
  const [tiers, setTiers] = useState<TierMarketRates[] | null>(null);
  const [busy, setBusy] = useState(false);

  function derive() {
    setBusy(true);
    // Let the "Deriving…" state paint before the regression runs.
    setTimeout(() => {
      try {
        setTiers(deriveMarketRates(nearestSales(sales, subject)));
      } catch {
        setTiers([]);
      } finally {
        setBusy(false);
      }
    }, 20);
  }

  // What "Use market rate" stores: the same rule the back-test applies (wrong-sign or low-confidence tiers left out).
  const acceptable = useMemo(() => acceptedMarketRates(tiers ?? []), [tiers]);
  const styles = (tiers ?? []).length ? CATEGORIES.filter((c) => tiers!.some((t) => t.rates.some((r) => r.style === c.style && r.rate != null))) : [];
  return (
    <div>
      <p>
        <button type="button" className="button button--secondary" onClick={derive} disabled={busy || sales.length < 20}>
          {busy ? 'Deriving…' : `Derive rates from the ${Math.min(sales.length, MARKET_SAMPLE).toLocaleString('en-US')} loaded sales${sales.length > MARKET_SAMPLE ? ' nearest the subject' : ''}`}
        </button>
      </p>
      {sales.length < 20 && <p className="cma-hint">Market-derived rates need at least 20 loaded sales ({sales.length} loaded).</p>}
      {tiers && styles.length === 0 && <p className="cma-hint">These sales do not support market-derived rates (too few nearby pairs of sales with differing facts).</p>}
      {tiers && styles.length > 0 && (
        <table className="cma-table cma-market">
          <caption>Market-derived rates from {tiers.reduce((n, t) => n + t.sales, 0).toLocaleString('en-US')} sales, beside your defaults</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              {TIER_LABELS.map((label) => (
                <th scope="col" key={label}>{label}: default / market</th>
              ))}
              <th scope="col">Use</th>
            </tr>
          </thead>
          <tbody>
            {styles.map((category) => {
              const offered = acceptable[category.style];
              const entry = values[category.style];
              const market = [0, 1, 2].map((tier) => tiers.find((t) => t.tier === tier)?.rates.find((r) => r.style === category.style) ?? null);
              const isAccepted = !!accepted[category.style];
              return (
                <tr key={category.style}>
                  <th scope="row">{category.label}</th>
                  {market.map((rate, tier) => (
                    <td key={tier} title={rate?.explanation}>
                      {entry ? (category.rule.kind === 'divisor' ? `÷${amountForTier(entry, tier as 0 | 1 | 2)}` : formatRate(amountForTier(entry, tier as 0 | 1 | 2))) : '—'} /{' '}
                      {rate?.rate != null ? <>{formatRate(Math.round(rate.rate * 100) / 100)} <small>({rate.confidence})</small></> : <small>n/a</small>}
                      {rate?.rate != null && rate.problem ? <small className="cma-rate-problem"> {rate.problem}</small> : null}
                    </td>
                  ))}
                  <td>
                    <button
                      type="button"
                      className={isAccepted ? 'button button--secondary cma-small' : 'button button--ghost cma-small'}
                      aria-pressed={isAccepted}
                      disabled={!isAccepted && !offered}
                      title={!isAccepted && !offered ? 'No tier has a market rate that can be relied on.' : undefined}
                      onClick={() => onAccept(category.style, isAccepted ? null : (offered ?? null))}
                    >
                      {isAccepted ? 'Using market' : 'Use market rate'}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
