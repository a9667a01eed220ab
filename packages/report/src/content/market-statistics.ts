// Market statistics of the subject's area over the 12 months before the valuation date (issue 27: the subject's sale
// date for a past sale, else the report date), from the listings the agent loaded.
import { formatCount, formatNumber, type MarketFigure } from '@cma/valuation';
import type { ReportDocumentInput } from '../build-input';
import { money, shortMoney } from '../theme';

export interface MarketFigureCell {
  label: string;
  /** The figure, or null when the listings do not carry what it needs. */
  value: string | null;
  basis: string;
}

export interface MonthlySeries {
  title: string;
  kind: 'bars' | 'line';
  months: string[];
  values: Array<number | null>;
  format: (n: number) => string;
}

export interface MarketStatisticsContent {
  summary: string;
  figures: MarketFigureCell[];
  footnote: string;
  charts: MonthlySeries[];
}

const monthName = (m: string) => new Date(`${m}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function marketStatisticsContent(input: ReportDocumentInput): MarketStatisticsContent {
  const stats = input.marketStats;
  const counts = stats.counts;
  const cell = (label: string, figure: MarketFigure | null, format: (n: number) => string): MarketFigureCell => ({
    label,
    value: figure ? format(figure.value) : null,
    basis: figure ? `Based on ${formatCount(figure.basedOn, 'listing')}` : 'The listings do not carry what it needs',
  });
  const whole = (n: number) => formatNumber(n, 0);
  const countFigure = (n: number): MarketFigure | null => (counts ? { value: n, basedOn: counts.basedOn } : null);
  const months = stats.months.map((m) => m.month);
  return {
    summary: `${stats.areaLabel}: ${formatCount(stats.listingsInArea, 'loaded listing')}, sales from ${monthName(stats.window.from)} to ${monthName(stats.window.to)}.${stats.areaProblem ? ` ${stats.areaProblem}` : ''}`,
    figures: [
      cell('Closed sales (12 months)', stats.closedSales ? { value: stats.closedSales, basedOn: stats.closedSales } : null, whole),
      cell('Median sale price', stats.medianSalePrice, money),
      cell('Median price per sq ft', stats.medianPricePerSqft, (n) => `$ ${whole(n)}`),
      cell('Median days on market', stats.medianDaysOnMarket, (n) => formatNumber(n, 1)),
      cell('Sale-to-list price ratio', stats.saleToListRatio, (n) => `${(n * 100).toFixed(1)}%`),
      cell('Months of supply', stats.monthsOfSupply, (n) => formatNumber(n, 1)),
      cell('Active listings', countFigure(counts?.active ?? 0), whole),
      cell('Pending', countFigure(counts?.pending ?? 0), whole),
      cell('Absorption rate (a month)', stats.absorptionRate, (n) => `${(n * 100).toFixed(1)}%`),
    ],
    footnote: 'Months of supply = active listings / closed sales a month; absorption rate = closed sales a month / active listings. Counts and supply need listing statuses.',
    charts: [
      { title: 'Closed Sales per Month', kind: 'bars', months, values: stats.months.map((m) => m.closedSales), format: whole },
      { title: 'Median Sale Price by Month', kind: 'line', months, values: stats.months.map((m) => m.medianSalePrice), format: shortMoney },
      { title: 'Median Price per Square Foot by Month', kind: 'line', months, values: stats.months.map((m) => m.medianPricePerSqft), format: (n) => `$${Math.round(n)}` },
    ],
  };
}
