// The report store ⇄ a history entry's saved state (spec §3 keys + version + PDF colour).
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { derivedKeys } from '@cma/cma';
import { CMA_STATE_VERSION, migrateCmaState } from '@cma/cma';
import { HISTORY_RESTORE_KEYS, type HistoryState, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';

/** A fresh report id (once per report; saving again with it updates the history entry). */
export function newReportId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `r-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function reportIdOf(report: Pick<CmaWorkflowState, 'report_data'>): string | null {
  const id = (report.report_data as { reportId?: unknown } | null)?.reportId;
  return typeof id === 'string' && id ? id : null;
}

/** What is saved to history and sent to the server: every spec §3 key (the derived ones computed), plus version and the PDF colour. */
export function savedStateOf(report: CmaWorkflowState): Record<string, unknown> {
  const saved: Record<string, unknown> = { version: CMA_STATE_VERSION, pdfColor: report.pdfColor };
  const derived: Record<string, unknown> = { ...derivedKeys(report) };
  for (const key of HISTORY_STATE_KEYS) saved[key] = key in derived ? derived[key] : report[key as keyof CmaWorkflowState];
  return saved;
}

/** A saved state (any version) as the store fields to restore; throws when it cannot be read. */
export function restoredFieldsOf(savedJson: unknown): { fields: HistoryState; pdfColor: string } {
  const state = migrateCmaState(savedJson) as unknown as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const key of HISTORY_RESTORE_KEYS) fields[key] = state[key];
  return { fields: fields as HistoryState, pdfColor: String(state.pdfColor) };
}
