import { randomUUID } from 'node:crypto';
import {
  HISTORY_ENTRY_GONE_MESSAGE, HISTORY_LIST_PAGE_SIZE, HISTORY_PAGE_SIZE, HISTORY_UNDO_GRACE_SECONDS,
  type HistoryEntry, type HistoryFields, type HistoryList, type HistoryListItem, type HistoryPage,
} from '@cma/contracts';
import { summarizeReportState } from '@cma/report/summary';
import { NotFoundError } from '../../http/errors';
import type { HistoryListRow, HistoryRepository, HistoryRow } from './history.repository';
import { refuseOverlongText } from '../../shared/document-limits';

/** Entries saved before summaries were kept are summarised this many at a time, before a list is read. */
const BACKFILL_BATCH = 25;
/** At most this many per request, so one agent's long history never holds a request for long (the rest next time). */
const BACKFILL_PER_REQUEST = 200;

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

const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value));

/** An entry as the history page shows it. */
function listItemOf(row: HistoryListRow): HistoryListItem {
  const sends = typeof row.sends === 'string' ? (JSON.parse(row.sends) as { recipient: string; sent_at: string }[]) : row.sends;
  return {
    id: Number(row.id),
    report_id: row.report_id,
    address: row.address,
    name: row.name,
    client_name: row.client_name,
    value: numberOrNull(row.value),
    range_start: numberOrNull(row.range_start),
    range_end: numberOrNull(row.range_end),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    sends: sends.map((send) => ({ recipient: send.recipient, sent_at: iso(send.sent_at) })),
    send_count: Number(row.send_count),
    links: { total: Number(row.link_count), live: Number(row.live_links), views: Number(row.views), last_viewed_at: row.last_viewed_at ? iso(row.last_viewed_at) : null },
  };
}

/** The report id a state carries (report_data.reportId), if any. */
export function reportIdOf(state: Record<string, unknown>): string | null {
  const reportData = state.report_data;
  if (!reportData || typeof reportData !== 'object') return null;
  const id = (reportData as Record<string, unknown>).reportId;
  return typeof id === 'string' && id.trim() ? id.trim().slice(0, 120) : null;
}

/**
 * `changed` is told, once the database has it, that an entry was saved again, deleted or brought back: the live links'
 * lookups this instance keeps drop it at once (other instances hear the database's notice, decision 3002).
 */
export function createHistoryService(repository: HistoryRepository, now: () => Date, publicUrl: string, changed: (historyId: number) => void = () => {}) {
  /** Summaries of entries saved before they were kept, computed once from their saved states. */
  async function backfill(userId: string): Promise<void> {
    for (let done = 0; done < BACKFILL_PER_REQUEST; done += BACKFILL_BATCH) {
      const rows = await repository.unsummarized(userId, BACKFILL_BATCH);
      for (const row of rows) {
        let state: unknown = null;
        try {
          state = JSON.parse(row.state);
        } catch {
          // An unreadable state still gets its (empty) summary, so it is not read again on every list.
        }
        await repository.setSummary(Number(row.id), summarizeReportState(state));
      }
      if (rows.length < BACKFILL_BATCH) return;
    }
  }

  async function listItem(userId: string, id: number): Promise<HistoryListItem> {
    const row = await repository.listItem(userId, id, now());
    if (!row) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
    return listItemOf(row);
  }

  return {
    /**
     * Saves a report state. A state without report_data.reportId gets one (returned, and written into the saved state),
     * so saving the same report again updates its entry instead of adding another.
     */
    async save(userId: string, address: string, stateJson: string) {
      const state = JSON.parse(stateJson) as Record<string, unknown>;
      refuseOverlongText(state);
      let reportId = reportIdOf(state);
      let stored = stateJson;
      if (!reportId) {
        reportId = randomUUID();
        const reportData = state.report_data && typeof state.report_data === 'object' ? state.report_data : {};
        stored = JSON.stringify({ ...state, report_data: { ...reportData, reportId } });
      }
      const { id, created } = await repository.upsert(userId, reportId, address, stored, summarizeReportState(state), now());
      if (!created) changed(id);
      return { id, report_id: reportId, created };
    },

    /** The history page's list (summaries filled in first for entries saved before they were kept). */
    async list(userId: string, query: { q?: string; page: number }): Promise<HistoryList> {
      await backfill(userId);
      const search = query.q ? query.q : null;
      const { rows, total } = await repository.list(userId, search, (query.page - 1) * HISTORY_LIST_PAGE_SIZE, HISTORY_LIST_PAGE_SIZE, now());
      return {
        data: rows.map(listItemOf),
        page: query.page,
        per_page: HISTORY_LIST_PAGE_SIZE,
        total,
        next_page: query.page * HISTORY_LIST_PAGE_SIZE < total ? query.page + 1 : null,
      };
    },

    /** Names the entry (an empty name: the address again); another agent's or a deleted entry is not found. */
    async rename(userId: string, id: number, name: string | null): Promise<HistoryListItem> {
      if (!(await repository.rename(userId, id, name ? name : null))) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
      return listItem(userId, id);
    },

    /** Hides the entry from every list and stops its live links; undoable for a short while. */
    async remove(userId: string, id: number): Promise<{ id: number; deleted_at: string; undo_until: string }> {
      const at = now();
      if (!(await repository.softDelete(userId, id, at))) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
      changed(id);
      return { id, deleted_at: at.toISOString(), undo_until: new Date(at.getTime() + HISTORY_UNDO_GRACE_SECONDS * 1000).toISOString() };
    },

    /** Brings a just-deleted entry back, with its links; after the grace period it is not found. */
    async undoDelete(userId: string, id: number): Promise<HistoryListItem> {
      const since = new Date(now().getTime() - HISTORY_UNDO_GRACE_SECONDS * 1000);
      if (!(await repository.undoDelete(userId, id, since))) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
      changed(id);
      return listItem(userId, id);
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
      if (!row || row.state === null) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
      return { ...entryOf(row), state: row.state };
    },
  };
}
export type HistoryService = ReturnType<typeof createHistoryService>;
