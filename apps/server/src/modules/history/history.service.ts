import { randomUUID } from 'node:crypto';
import { HISTORY_PAGE_SIZE, type HistoryEntry, type HistoryFields, type HistoryPage } from '@cma/contracts';
import { NotFoundError } from '../../http/errors';
import type { HistoryRepository, HistoryRow } from './history.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** An entry as the API gives it; a row read without its state (a summary page) has none. */
function entryOf(row: HistoryRow): HistoryEntry {
  return {
    id: Number(row.id),
    report_id: row.report_id,
    address: row.address,
    ...(row.state === null ? {} : { state: row.state }),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The report id a state carries (report_data.reportId), if any. */
export function reportIdOf(state: Record<string, unknown>): string | null {
  const reportData = state.report_data;
  if (!reportData || typeof reportData !== 'object') return null;
  const id = (reportData as Record<string, unknown>).reportId;
  return typeof id === 'string' && id.trim() ? id.trim().slice(0, 120) : null;
}

export function createHistoryService(repository: HistoryRepository, now: () => Date, publicUrl: string) {
  return {
    /**
     * Saves a report state. A state without report_data.reportId gets one (returned, and written into the saved state),
     * so saving the same report again updates its entry instead of adding another.
     */
    async save(userId: string, address: string, stateJson: string) {
      const state = JSON.parse(stateJson) as Record<string, unknown>;
      let reportId = reportIdOf(state);
      let stored = stateJson;
      if (!reportId) {
        reportId = randomUUID();
        const reportData = state.report_data && typeof state.report_data === 'object' ? state.report_data : {};
        stored = JSON.stringify({ ...state, report_data: { ...reportData, reportId } });
      }
      const { id, created } = await repository.upsert(userId, reportId, address, stored, now());
      return { id, report_id: reportId, created };
    },

    async page(userId: string, page: number, fields: HistoryFields = 'all'): Promise<HistoryPage> {
      const { rows, total } = await repository.page(userId, (page - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE, fields === 'all');
      const data = rows.map(entryOf);
      const hasNext = page * HISTORY_PAGE_SIZE < total;
      const url = (n: number) => `${publicUrl}/api/get-history?page=${n}${fields === 'all' ? '' : `&fields=${fields}`}`;
      return {
        data,
        current_page: page,
        per_page: HISTORY_PAGE_SIZE,
        total,
        next_page_url: hasNext ? url(page + 1) : null,
        prev_page_url: page > 1 ? url(page - 1) : null,
      };
    },

    /** One saved report, whole; another user's (or a missing) id is not found. */
    async entry(userId: string, id: number): Promise<HistoryEntry & { state: string }> {
      const row = await repository.entry(userId, id);
      if (!row || row.state === null) throw new NotFoundError('This saved report no longer exists.');
      return { ...entryOf(row), state: row.state };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
