import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { deriveTimeTrend, formatAmount, formatPercent, type TimeTrend } from '@cma/valuation';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { AdjustmentGrid } from '../components/AdjustmentGrid';
import { MarketRatesPanel } from '../components/MarketRatesPanel';
import { StepNav } from '../components/StepNav';
import { useCmaListings } from '../model/listingPool';
import { readComparable } from '@cma/cma';
import { confirmSuggestedFacts, removeComparable, setCellOverride, setComparableFacts, setMarketTime, setOwnRate, setTimeRate, setUadSteps, toggleCategory, updateComparable } from '../store/workflow';
import { useCmaComputation, useReport } from '../store/useReport';
import { MarketStatus } from '../components/MarketStatus';
import { useMarketMeasurement } from '../market-model/useMarketMeasurement';
import '../cma.css';

export default function AdjustmentPage() {
  useDocumentTitle('Adjustments');
  const { report, edit } = useReport();
  const measurement = useMarketMeasurement();
  const navigate = useNavigate();
  const computation = useCmaComputation();
  const { listings } = useCmaListings(report.allCsvData);
  const sales = useMemo(() => listings.map(readComparable), [listings]);
  const timeRate = computation.formulas.monthlyTimeRate;
  const market = computation.formulas.market;
  const marketTime = market?.monthlyTimeRate != null ? market.monthlyTimeRate : null;
  const [trend, setTrend] = useState<TimeTrend | null>(null);

  return (
    <section className="page cma-page" aria-labelledby="page-title">
      <StepNav />
      <h1 id="page-title">Adjustments</h1>
      <p className="lead">
        Each comparable is adjusted to the subject by price tier: with the rates the loaded market measured where they can be relied on, your default rates elsewhere. Change a rate or a step, switch a category or a comparable off, and every figure recomputes at once.
        {computation.reconciliation && <> The comparables say <strong data-testid="current-value">{formatAmount(computation.reconciliation.value)}</strong>{computation.marketModel && <>; with the market model, <strong data-testid="current-reconciled-value">{formatAmount(computation.value ?? 0)}</strong></>}.</>}
      </p>
      <MarketStatus view={measurement} onBringUpToDate={measurement.bringUpToDate} />

      {computation.warnings.length > 0 && (
        <div className="card cma-warnings" role="status" aria-label="Warnings">
          <h2 className="card__title">Check these</h2>
          <ul>
            {computation.warnings.map((w) => (
              <li key={`${w.code}-${w.comparableId ?? ''}`}>{w.message}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="card">
        <AdjustmentGrid
          computation={computation}
          onCellOverride={(uuid, style, override) => edit(setCellOverride, uuid, style, override)}
          onToggleCategory={(style) => edit(toggleCategory, style)}
          onToggleComparable={(uuid, enabled) => edit(updateComparable, uuid, { add_adjustment: enabled })}
          onComparableFacts={(uuid, facts) => edit(setComparableFacts, uuid, facts)}
          onConfirmSuggestions={(uuid) => edit(confirmSuggestedFacts, uuid)}
          onUadSteps={(uuid, steps) => edit(setUadSteps, uuid, steps)}
          onNotes={(uuid, notes) => edit(updateComparable, uuid, { agentNotes: notes })}
          onRemove={(uuid) => edit(removeComparable, uuid)}
        />
        <p className="cma-hint">Hover a cell for the engine's explanation. Alt + arrow keys move between rate cells. An empty rate cell restores the default.</p>
      </div>

      <div className="card">
        <h2 className="card__title">Market conditions (time adjustment)</h2>
        {marketTime != null && (
          <label className="cma-check">
            <input type="checkbox" checked={computation.formulas.marketTime} onChange={(e) => edit(setMarketTime, e.target.checked)} disabled={timeRate != null} />
            Bring each comparable to {computation.asOfDate} by the market's month-by-month price index (paired sales; trend {formatPercent(marketTime * 100, 2)} a month)
          </label>
        )}
        <label className="cma-field cma-field--inline">
          <span>Your monthly price change (%)</span>
          <input
            type="number"
            step="0.1"
            value={timeRate == null ? '' : Math.round(timeRate * 10000) / 100}
            placeholder={marketTime != null && computation.formulas.marketTime ? 'market index' : 'off'}
            onChange={(e) => edit(setTimeRate, e.target.value.trim() === '' ? null : Number(e.target.value) / 100)}
          />
        </label>
        <p className="cma-hint">A rate you type here replaces the market's index for this report; leave it empty to {marketTime != null ? "use the market's index (or none, unticked above)" : 'make no time adjustment'}.</p>
        <button type="button" className="button button--ghost" disabled={sales.length < 20} onClick={() => setTrend(deriveTimeTrend(sales, { asOfDate: computation.asOfDate }))}>
          Measure the $/sq ft trend in the loaded sales
        </button>
        {trend && (
          <div className="cma-hint" role="status">
            <p>{trend.explanation}</p>
            {trend.monthlyRate != null && (
              <button type="button" className="button button--secondary cma-small" onClick={() => edit(setTimeRate, trend.monthlyRate)}>
                Use {formatPercent(trend.monthlyRate * 100, 2)} a month ({trend.confidence} confidence)
              </button>
            )}
          </div>
        )}
      </div>

      <div className="card">
        <h2 className="card__title">Rates backed by the market</h2>
        {market ? (
          <MarketRatesPanel
            market={market}
            tiers={measurement.status.state === 'done' ? measurement.status.result.tiers : null}
            values={computation.values}
            stepValues={computation.formulas.stepValues}
            ownRates={computation.formulas.ownRates}
            onOwnRate={(style, own) => edit(setOwnRate, style, own)}
          />
        ) : (
          <p className="cma-hint">The rates the loaded sales measure appear here once the market is measured; until then your own rates value every category.</p>
        )}
      </div>

      <div className="button-row">
        <Link className="button button--ghost" to="/addoncomparable">Add or restore comparables</Link>
        <button type="button" className="button button--primary" disabled={!computation.reconciliation} onClick={() => navigate('/review')}>Review the value →</button>
      </div>
    </section>
  );
}
