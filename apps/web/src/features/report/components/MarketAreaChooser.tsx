// Which area the market statistics page describes: a radius around the subject, its subdivision or its zip code. The
// figures below are the ones the page prints, each with the number of listings behind it.
import { MARKET_RADIUS_CHOICES, formatAmount, normaliseMarketArea, type MarketArea, type MarketStats } from '@cma/valuation';
import { PageOffNote } from './PageOffNote';

export interface MarketAreaChooserProps {
  /** report_data.marketArea as saved. */
  value: unknown;
  onChange(area: MarketArea): void;
  stats: MarketStats | null;
  pageOn: boolean;
  onTurnPageOn(): void;
}

const basedOn = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'listing' : 'listings'}`;

export function MarketAreaChooser({ value, onChange, stats, pageOn, onTurnPageOn }: MarketAreaChooserProps) {
  const area = normaliseMarketArea(value);
  const figures: [string, string, number][] = [];
  if (stats) {
    if (stats.closedSales > 0) figures.push(['Closed sales, 12 months', stats.closedSales.toLocaleString('en-US'), stats.closedSales]);
    if (stats.medianSalePrice) figures.push(['Median sale price', formatAmount(stats.medianSalePrice.value), stats.medianSalePrice.basedOn]);
    if (stats.medianPricePerSqft) figures.push(['Median $/sq ft', formatAmount(stats.medianPricePerSqft.value), stats.medianPricePerSqft.basedOn]);
    if (stats.medianDaysOnMarket) figures.push(['Median days on market', Math.round(stats.medianDaysOnMarket.value).toLocaleString('en-US'), stats.medianDaysOnMarket.basedOn]);
    if (stats.saleToListRatio) figures.push(['Sale-to-list ratio', `${(stats.saleToListRatio.value * 100).toFixed(1)} %`, stats.saleToListRatio.basedOn]);
    if (stats.counts) figures.push(['Active / pending / closed', `${stats.counts.active} / ${stats.counts.pending} / ${stats.counts.closed}`, stats.counts.basedOn]);
    if (stats.monthsOfSupply) figures.push(['Months of supply', stats.monthsOfSupply.value.toFixed(1), stats.monthsOfSupply.basedOn]);
    if (stats.absorptionRate) figures.push(['Absorption rate', `${(stats.absorptionRate.value * 100).toFixed(0)} % a month`, stats.absorptionRate.basedOn]);
  }
  return (
    <details className="card report-editor">
      <summary className="h4">Market statistics</summary>
      {!pageOn && <PageOffNote page="market statistics" onTurnPageOn={onTurnPageOn} />}
      <fieldset className="report-editor__choices">
        <legend>Area</legend>
        <label>
          <input type="radio" name="market-area" checked={area.kind === 'radius'} onChange={() => onChange({ kind: 'radius', miles: area.kind === 'radius' ? area.miles : 1 })} /> Within
          <select
            aria-label="Radius in miles"
            value={area.kind === 'radius' ? area.miles : 1}
            onChange={(e) => onChange({ kind: 'radius', miles: Number(e.target.value) })}
          >
            {MARKET_RADIUS_CHOICES.map((miles) => (
              <option key={miles} value={miles}>
                {miles} {miles === 1 ? 'mile' : 'miles'}
              </option>
            ))}
          </select>
          of the home
        </label>
        <label>
          <input type="radio" name="market-area" checked={area.kind === 'subdivision'} onChange={() => onChange({ kind: 'subdivision' })} /> The home&apos;s subdivision
        </label>
        <label>
          <input type="radio" name="market-area" checked={area.kind === 'zip'} onChange={() => onChange({ kind: 'zip' })} /> The home&apos;s zip code
        </label>
      </fieldset>
      {stats && (
        <div aria-live="polite">
          <p className="report-editor__note">
            {stats.areaProblem ?? `${stats.areaLabel}: ${basedOn(stats.listingsInArea)} in the loaded data.`}
          </p>
          {figures.length > 0 ? (
            <table className="report-editor__table" data-testid="market-figures">
              <caption>What the page prints</caption>
              <tbody>
                {figures.map(([label, shown, n]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{shown}</td>
                    <td className="report-editor__count">{basedOn(n)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="report-editor__note">No figure can be computed for this area from the loaded listings; the page is left out.</p>
          )}
        </div>
      )}
    </details>
  );
}
