// Market conditions: the monthly trend of the median price per finished sq ft before the valuation date.
import { formatNumber, formatPercent } from './format';
import type { Confidence } from './market-rates';
import { CandidatePool } from './selection';
import { median, weightedLine } from './statistics';
import type { SaleFacts } from './types';

const MONTH_MS = 30.4375 * 86_400_000;

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

