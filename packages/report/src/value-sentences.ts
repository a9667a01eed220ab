// The value's reasoning in the client's words, the same in the PDF, on the live page and in the e-mail (issue 17).
import { formatAmount } from '@cma/valuation';
import type { ReconciliationView } from './build-input';

type ShownMarketModel = NonNullable<ReconciliationView['marketModel']>;

/** The market model's part of the value, when the agent shows it to the client. */
export function marketModelSentence(value: number, model: ShownMarketModel): string {
  return `A market model of the area's recent sales estimates ${formatAmount(Math.round(model.estimate))}; with the comparables' ${formatAmount(Math.round(model.comparablesValue))} it gives the value of ${formatAmount(value)}. ${model.explanation}`;
}

/**
 * With the market model hidden from the client the value still differs from the comparables' figure: one sentence says
 * so without the model, so the printed value never contradicts "The comparables indicate …". Null otherwise.
 */
export function hiddenModelSentence(reconciliation: ReconciliationView): string | null {
  // The model is in the value but hidden from the client (modelSales is set only when it is part of the value).
  if (reconciliation.marketModel || reconciliation.modelSales == null) return null;
  return `Weighed against the area's other recent sales, the value is ${formatAmount(reconciliation.value)}.`;
}

/** How the value was reached: the comparables' sentences, then the market model's and its likely range when shown. */
export function valueSentences(reconciliation: ReconciliationView): string[] {
  const model = reconciliation.marketModel;
  const hidden = hiddenModelSentence(reconciliation);
  return [reconciliation.explanation, ...(model ? [marketModelSentence(reconciliation.value, model), model.rangeExplanation] : hidden ? [hidden] : [])];
}
