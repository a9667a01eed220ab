// Reconciliation: the weighted value of the adjusted prices, its explained weights and the suggested range (DESIGN.md §5).
import { formatAmount, formatPercent } from './format';

export type WeightingMethod = 'inverse-gross' | 'equal' | 'manual';

export interface ReconcileInput {
  comparableId: string;
  adjustedPrice: number;
  /** Gross adjustment in percent units (12.5 = 12.5 %). */
  grossPercent: number;
  /** How the client knows it: "123 Main St" (the sentences say "Comparable 1, 123 Main St"); never an MLS number. */
  street?: string | null;
  /** Its number in the report's grid when that is not its position here (a comparable left unadjusted keeps its number). */
  number?: number;
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
  /** Plain sentences for the client: each comparable by number and street, its adjusted price, its share and why. */
  explanation: string;
  /** The arithmetic behind the value and range, for the agent (one click away). */
  arithmetic: string;
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
  const parts = weights.map((w, i) => `Comparable ${inputs[i].number ?? i + 1} ${formatAmount(w.adjustedPrice)} × ${formatPercent(w.share * 100)}`);
  const arithmetic =
    `Value ${formatAmount(value)} = weighted mean of ${inputs.length} adjusted price${inputs.length === 1 ? '' : 's'} (${methodText}): ${parts.join(' + ')}. ` +
    `Suggested range ${formatAmount(start)} – ${formatAmount(end)}: the value ± the weighted spread ${formatAmount(spread)}, within the adjusted prices, rounded to ${formatAmount(roundTo)}.`;
  const explanation = plainSentences(inputs, weights, method, value);
  return { value, method, weights, range: { start, end }, explanation, arithmetic };
}

/** "Comparable 1, 123 Main St, adjusted to $ 561,274, carries 15% because it needed the smallest adjustments." */
export function plainSentences(inputs: readonly ReconcileInput[], weights: readonly ReconciledWeight[], method: WeightingMethod, value: number): string {
  const order = weights.map((w, i) => ({ i, share: w.share })).sort((a, b) => b.share - a.share);
  const most = order[0]?.i;
  const least = order[order.length - 1]?.i;
  const sentences = weights.map((w, i) => {
    const street = inputs[i].street?.trim();
    const name = `Comparable ${inputs[i].number ?? i + 1}${street ? `, ${street}` : ''}`;
    const gross = formatPercent(Math.max(0, inputs[i].grossPercent));
    let why: string;
    if (weights.length === 1) why = 'as the only comparable';
    else if (method === 'equal') why = 'as every comparable counts the same';
    else if (method === 'manual') why = 'the weight the agent gave it';
    else if (i === most) why = `because it needed the smallest adjustments (${gross} of its price)`;
    else if (i === least) why = `because it needed the largest adjustments (${gross} of its price)`;
    else why = `as its adjustments came to ${gross} of its price`;
    return `${name}, adjusted to ${formatAmount(Math.round(w.adjustedPrice))}, carries ${formatPercent(w.share * 100, 0)} ${why}.`;
  });
  return `The comparables indicate ${formatAmount(value)}. ${sentences.join(' ')}`;
}
