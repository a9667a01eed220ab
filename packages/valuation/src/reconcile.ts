// Reconciliation: the weighted value of the adjusted prices, its explained weights and the suggested range (DESIGN.md §5).
import { formatAmount, formatPercent } from './format';

export type WeightingMethod = 'inverse-gross' | 'equal' | 'manual';

export interface ReconcileInput {
  comparableId: string;
  adjustedPrice: number;
  /** Gross adjustment in percent units (12.5 = 12.5 %). */
  grossPercent: number;
}

export interface ReconcileOptions {
  method?: WeightingMethod;
  /** For method 'manual': comparableId → weight (any non-negative scale). */
  manualWeights?: Readonly<Record<string, number>>;
  /** Added to gross % in the default weights, in percent units (DESIGN.md §5: 5 %). */
  grossOffsetPercent?: number;
  /** Rounding of the range ends, dollars. */
  roundTo?: number;
}

export interface ReconciledWeight {
  comparableId: string;
  adjustedPrice: number;
  weight: number;
  /** Share of the value, 0–1. */
  share: number;
  reason: string;
}

export interface Reconciliation {
  value: number;
  method: WeightingMethod;
  weights: ReconciledWeight[];
  range: { start: number; end: number };
  explanation: string;
}

export const DEFAULT_GROSS_OFFSET_PERCENT = 5;

/** Weighted value of adjusted prices, weights ∝ 1 ÷ (gross % + 5 %) by default; range = weighted spread rounded to $1,000. */
export function reconcile(inputs: readonly ReconcileInput[], options: ReconcileOptions = {}): Reconciliation {
  if (inputs.length === 0) throw new Error('Reconciliation needs at least one adjusted comparable.');
  const method = options.method ?? 'inverse-gross';
  const offset = options.grossOffsetPercent ?? DEFAULT_GROSS_OFFSET_PERCENT;
  const roundTo = options.roundTo ?? 1000;
  for (const input of inputs) {
    if (!Number.isFinite(input.adjustedPrice)) throw new Error(`Comparable ${input.comparableId} has no adjusted price.`);
  }

  const raw = inputs.map((input) => {
    if (method === 'equal') return { weight: 1, reason: 'equal weight' };
    if (method === 'manual') {
      const weight = options.manualWeights?.[input.comparableId];
      if (weight == null || !Number.isFinite(weight) || weight < 0) throw new Error(`Manual weight for comparable ${input.comparableId} must be a number ≥ 0.`);
      return { weight, reason: `manual weight ${weight}` };
    }
    const gross = Math.max(0, input.grossPercent);
    return { weight: 1 / (gross + offset), reason: `1 ÷ (gross ${formatPercent(gross)} + ${formatPercent(offset, 0)})` };
  });
  const sum = raw.reduce((s, r) => s + r.weight, 0);
  if (!(sum > 0)) throw new Error('Manual weights must not all be zero.');

  const weights: ReconciledWeight[] = inputs.map((input, i) => ({
    comparableId: input.comparableId,
    adjustedPrice: input.adjustedPrice,
    weight: raw[i].weight,
    share: raw[i].weight / sum,
    reason: raw[i].reason,
  }));
  let mean = 0;
  for (const w of weights) mean += w.share * w.adjustedPrice;
  // Clamp guards against floating-point drift outside the adjusted prices.
  const prices = inputs.map((i) => i.adjustedPrice);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const value = Math.min(high, Math.max(low, Math.round(mean)));

  let variance = 0;
  for (const w of weights) variance += w.share * (w.adjustedPrice - mean) ** 2;
  const spread = Math.sqrt(variance);
  const start = Math.max(0, Math.floor(Math.max(low, value - spread) / roundTo) * roundTo);
  const end = Math.ceil(Math.min(high, value + spread) / roundTo) * roundTo;

  const methodText = method === 'inverse-gross' ? `weights ∝ 1 ÷ (gross % + ${formatPercent(offset, 0)})` : method === 'equal' ? 'equal weights' : 'manual weights';
  const parts = weights.map((w) => `${w.comparableId} ${formatAmount(w.adjustedPrice)} × ${formatPercent(w.share * 100)}`);
  const explanation =
    `Value ${formatAmount(value)} = weighted mean of ${inputs.length} adjusted price${inputs.length === 1 ? '' : 's'} (${methodText}): ${parts.join(' + ')}. ` +
    `Suggested range ${formatAmount(start)} – ${formatAmount(end)}: the value ± the weighted spread ${formatAmount(spread)}, within the adjusted prices, rounded to ${formatAmount(roundTo)}.`;
  return { value, method, weights, range: { start, end }, explanation };
}
