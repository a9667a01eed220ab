// What a history entry shows of its report without opening it: the client, the value and the range.
import { buildReportInput } from './build-input';

export interface ReportSummary {
  clientName: string | null;
  value: number | null;
  rangeStart: number | null;
  rangeEnd: number | null;
}

/**
 * The report's client, value and range as the PDF prints them (the same buildReportInput). A state the engine cannot
 * value yet (no comparables, too many) still has a summary: its client, and nulls for the numbers.
 */
export function summarizeReportState(state: unknown): ReportSummary {
  const client = (state as { clientName?: unknown } | null)?.clientName;
  const fallback: ReportSummary = { clientName: typeof client === 'string' && client.trim() ? client.trim() : null, value: null, rangeStart: null, rangeEnd: null };
  let input;
  try {
    input = buildReportInput(state);
  } catch {
    return fallback;
  }
  return {
    clientName: input.clientName || null,
    value: input.reconciliation?.value ?? null,
    rangeStart: input.range?.start ?? null,
    rangeEnd: input.range?.end ?? null,
  };
}
