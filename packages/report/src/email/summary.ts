// The client's e-mail in the report's words (issue 29): its first line is the value and the range from the same
// headline the PDF and the live page print; how the value was weighed follows only when the agent chooses to explain it.
import type { ReportDocumentInput } from '../build-input';
import { headlineOf } from '../content/frame';
import { reconciliationContent } from '../content/reconciliation';

export interface EmailSummary {
  /** 'Suggested list price for 1234 Elm Street: $ 612,000, in a range of $ 590,000 – $ 635,000.' ('' without a value). */
  summary: string;
  /** How the value was reached, in the sentences the PDF prints; null unless asked for (or nothing was reconciled). */
  howValued: string | null;
}

export function emailSummary(input: ReportDocumentInput, options: { explainWeights?: boolean } = {}): EmailSummary {
  const headline = headlineOf(input);
  const reconciliation = input.reconciliation && options.explainWeights ? reconciliationContent(input) : null;
  const howValued = reconciliation ? [reconciliation.weighting, reconciliation.explanation, reconciliation.marketModel?.sentence].filter(Boolean).join(' ') : null;
  return { summary: headline.summary, howValued: howValued ? `How the value was reached: ${howValued}` : null };
}
