import { randomUUID } from 'node:crypto';
import { HISTORY_PAGE_SIZE, type HistoryEntry, type HistoryPage } from '@cma/contracts';
import type { HistoryRepository } from './history.repository';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

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

    async page(userId: string, page: number): Promise<HistoryPage> {
      const { rows, total } = await repository.page(userId, (page - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE);
      const data: HistoryEntry[] = rows.map((r) => ({
        id: Number(r.id),
        report_id: r.report_id,
        address: r.address,
        state: r.state,
        created_at: iso(r.created_at),
        updated_at: iso(r.updated_at),
      }));
      const hasNext = page * HISTORY_PAGE_SIZE < total;
      const url = (n: number) => `${publicUrl}/api/get-history?page=${n}`;
      return {
        data,
        current_page: page,
        per_page: HISTORY_PAGE_SIZE,
        total,
        next_page_url: hasNext ? url(page + 1) : null,
        prev_page_url: page > 1 ? url(page - 1) : null,
      };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
