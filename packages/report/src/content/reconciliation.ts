// Reconciliation: each comparable's sale and adjusted price with its weight, the adjusted-price chart (with the market
// model's estimate beside the comparables when the model is shown), how the weights work and how the value was reached.
import { NOT_AVAILABLE } from '@cma/valuation';
import type { ReportDocumentInput } from '../build-input';
import { hiddenModelSentence, marketModelSentence } from '../value-sentences';
import { RISK_COLOURS, money, percent } from '../theme';
import { ticksFor } from '../chart-scale';
import type { RiskFigure } from './comparables';

export interface AdjustedPriceSeries {
  bars: Array<{ number: number; street: string; sale: number; adjusted: number }>;
  range: { start: number; end: number } | null;
  value: number | null;
  /** The market model's estimate when the model is shown to the client (issue 27), else null. */
  model: number | null;
}

/**
 * The price axis of the adjusted-price chart, the same in the PDF and on the live page: every sale, adjusted price,
 * the range and the model's estimate on it, with some room below the lowest.
 */
export function priceScale(series: AdjustedPriceSeries): { min: number; max: number; ticks: number[] } {
  const values = series.bars.flatMap((b) => [b.adjusted, b.sale]);
  if (series.range) values.push(series.range.start, series.range.end);
  if (series.model != null) values.push(series.model);
  const low = Math.min(...values);
  const high = Math.max(...values);
  return ticksFor(Math.max(0, low - (high - low) * 0.25), high, 4);
}

export interface ReconciliationContent {
  rows: Array<{ number: number; street: string; salePrice: string; adjustedPrice: string; gross: RiskFigure | null; weight: string }>;
  chart: AdjustedPriceSeries;
  /** How the weights work, or that nothing could be reconciled. */
  weighting: string;
  /** The comparables' own sentences (and, with the model hidden, the one that says the value is weighed further). */
  explanation: string;
  marketModel: { sentence: string; rangeExplanation: string } | null;
}

const WEIGHTING = {
  'inverse-gross': 'Comparables that needed fewer adjustments are the most similar to the home, so they carry more weight: each weight is 1 divided by (its gross adjustment % + 5%).',
  equal: 'Every adjusted comparable carries the same weight.',
  manual: 'Weights were set by your agent.',
} as const;

export function adjustedPriceSeries(input: ReportDocumentInput): AdjustedPriceSeries {
  const { reconciliation } = input;
  return {
    bars: input.comparables.flatMap((c) => (c.adjustedPrice != null && c.netSalesPrice != null ? [{ number: c.number, street: c.street, sale: c.netSalesPrice, adjusted: c.adjustedPrice }] : [])),
    range: input.range,
    value: reconciliation?.value ?? null,
    model: reconciliation?.marketModel?.estimate ?? null,
  };
}

export function reconciliationContent(input: ReportDocumentInput): ReconciliationContent {
  const { reconciliation } = input;
  return {
    rows: input.comparables.map((c) => {
      const weight = reconciliation?.weights.find((w) => w.number === c.number);
      return {
        number: c.number,
        street: c.street,
        salePrice: money(c.netSalesPrice),
        adjustedPrice: money(c.adjustedPrice),
        gross: c.grossPercent == null || !c.grossRisk ? null : { text: percent(c.grossPercent), risk: c.grossRisk, riskLabel: RISK_COLOURS[c.grossRisk].label },
        weight: weight ? `${weight.sharePercent.toFixed(1)}%` : NOT_AVAILABLE,
      };
    }),
    chart: adjustedPriceSeries(input),
    weighting: reconciliation ? WEIGHTING[reconciliation.method] : 'No comparable could be adjusted, so no value is reconciled.',
    explanation: reconciliation ? [reconciliation.explanation, hiddenModelSentence(reconciliation)].filter(Boolean).join(' ') : '',
    marketModel: reconciliation?.marketModel ? { sentence: marketModelSentence(reconciliation.value, reconciliation.marketModel), rangeExplanation: reconciliation.marketModel.rangeExplanation } : null,
  };
}
