import type { Database } from '@cma/db';

export interface HistoryRow {
  id: number;
  report_id: string;
  address: string;
  state: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The client, value and range of a saved report, kept beside it for the history list and its search. */
export interface HistorySummaryColumns {
  clientName: string | null;
  value: number | null;
  rangeStart: number | null;
  rangeEnd: number | null;
}

/** An entry of the history page: its summary, its sends and its links' views. */
export interface HistoryListRow {
  id: number;
  report_id: string;
  address: string;
  name: string | null;
  client_name: string | null;
  value: string | number | null;
  range_start: string | number | null;
  range_end: string | number | null;
  created_at: Date | string;
  updated_at: Date | string;
  send_count: string | number;
  sends: { recipient: string; sent_at: string }[] | string;
  link_count: string | number;
  live_links: string | number;
  views: string | number;
  last_viewed_at: Date | string | null;
}

/** `%text%` for ILIKE, with the user's own % _ and \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const LIST_COLUMNS = `h.id, h.report_id, h.address, h.name, h.client_name, h.value, h.range_start, h.range_end, h.created_at, h.updated_at,
  (select count(*) from report_sends s where s.history_id = h.id) as send_count,
  (select coalesce(json_agg(json_build_object('recipient', x.recipient, 'sent_at', x.sent_at) order by x.sent_at desc, x.id desc), '[]'::json)
     from (select id, recipient, sent_at from report_sends s where s.history_id = h.id order by sent_at desc, id desc limit 5) x) as sends,
  (select count(*) from report_links l where l.history_id = h.id) as link_count,
  (select count(*) from report_links l where l.history_id = h.id and l.revoked_at is null and l.expires_at > $2) as live_links,
  (select count(*) from report_link_views v join report_links l on l.id = v.link_id where l.history_id = h.id) as views,
  (select max(v.viewed_at) from report_link_views v join report_links l on l.id = v.link_id where l.history_id = h.id) as last_viewed_at`;

export function createHistoryRepository(database: Database) {
  return {
    /**
     * Inserts, or updates the user's entry with the same report id; `created` tells which happened. Saving a deleted
     * entry again brings it back, but not the links it had when it was deleted: those stay revoked.
     */
    async upsert(userId: string, reportId: string, address: string, state: string, summary: HistorySummaryColumns, now: Date): Promise<{ id: number; created: boolean }> {
      return database.transaction(async (tx) => {
        await tx.query(
          `update report_links l set revoked_at = coalesce(l.revoked_at, h.deleted_at)
           from report_history h where h.user_id = $1 and h.report_id = $2 and h.deleted_at is not null and l.history_id = h.id`,
          [userId, reportId],
        );
        const [row] = await tx.query<{ id: number; created: boolean }>(
          `insert into report_history (user_id, report_id, address, state, created_at, updated_at, client_name, value, range_start, range_end, summarized)
           values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, true)
           on conflict (user_id, report_id) do update set address = excluded.address, state = excluded.state, updated_at = excluded.updated_at,
             client_name = excluded.client_name, value = excluded.value, range_start = excluded.range_start, range_end = excluded.range_end,
             summarized = true, deleted_at = null
           returning id, (xmax = 0) as created`,
          [userId, reportId, address, state, now.toISOString(), summary.clientName, summary.value, summary.rangeStart, summary.rangeEnd],
        );
        return { id: Number(row!.id), created: Boolean(row!.created) };
      });
    },

    /** One page of the user's entries, most recently saved first; their saved states only when `withState`. */
    async page(userId: string, offset: number, limit: number, withState: boolean): Promise<{ rows: HistoryRow[]; total: number }> {
      // The total rides along with the page (one round trip); only a page past the end needs its own count.
      const rows = await database.query<HistoryRow & { total: number | string }>(
        `select id, report_id, address, ${withState ? 'state' : 'null as state'}, created_at, updated_at,
           (select count(*) from report_history where user_id = $1 and deleted_at is null) as total
         from report_history where user_id = $1 and deleted_at is null order by updated_at desc, id desc limit $2 offset $3`,
        [userId, limit, offset],
      );
      if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
      const [count] = await database.query<{ total: number | string }>('select count(*) as total from report_history where user_id = $1 and deleted_at is null', [userId]);
      return { rows: [], total: Number(count?.total ?? 0) };
    },

    /** One of the user's entries, whole; undefined when it is not theirs, deleted or does not exist. */
    async entry(userId: string, id: number): Promise<HistoryRow | undefined> {
      const [row] = await database.query<HistoryRow>(
        'select id, report_id, address, state, created_at, updated_at from report_history where user_id = $1 and id = $2 and deleted_at is null',
        [userId, id],
      );
      return row;
    },

    /** A page of the history list, with its sends and views; `search` matches the address, the client or the name. */
    async list(userId: string, search: string | null, offset: number, limit: number, now: Date): Promise<{ rows: HistoryListRow[]; total: number }> {
      const where = (p: string) => `h.user_id = $1 and h.deleted_at is null and (${p}::text is null or h.address ilike ${p} or h.client_name ilike ${p} or h.name ilike ${p})`;
      const pattern = search ? containing(search) : null;
      const rows = await database.query<HistoryListRow & { total: string | number }>(
        `select ${LIST_COLUMNS}, count(*) over () as total
         from report_history h where ${where('$3')} order by h.updated_at desc, h.id desc limit $4 offset $5`,
        [userId, now.toISOString(), pattern, limit, offset],
      );
      if (rows.length > 0) return { rows, total: Number(rows[0]!.total) };
      const [count] = await database.query<{ total: number | string }>(`select count(*) as total from report_history h where ${where('$2')}`, [userId, pattern]);
      return { rows: [], total: Number(count?.total ?? 0) };
    },

    /** One entry as the history list shows it (after a rename or an undo). */
    async listItem(userId: string, id: number, now: Date): Promise<HistoryListRow | undefined> {
      const [row] = await database.query<HistoryListRow>(
        `select ${LIST_COLUMNS} from report_history h where h.user_id = $1 and h.id = $3 and h.deleted_at is null`,
        [userId, now.toISOString(), id],
      );
      return row;
    },

    /** Up to `limit` of the user's entries saved before summaries were kept (each summarised once, lazily). */
    async unsummarized(userId: string, limit: number): Promise<{ id: number; state: string }[]> {
      return database.query<{ id: number; state: string }>('select id, state from report_history where user_id = $1 and not summarized order by id limit $2', [userId, limit]);
    },

    /** Stores a summary unless a save meanwhile stored a newer one. */
    async setSummary(id: number, summary: HistorySummaryColumns): Promise<void> {
      await database.query(
        'update report_history set client_name = $2, value = $3, range_start = $4, range_end = $5, summarized = true where id = $1 and not summarized',
        [id, summary.clientName, summary.value, summary.rangeStart, summary.rangeEnd],
      );
    },

    /** true when the entry was the user's and is now named `name` (null: the address again). */
    async rename(userId: string, id: number, name: string | null): Promise<boolean> {
      const rows = await database.query('update report_history set name = $3 where user_id = $1 and id = $2 and deleted_at is null returning id', [userId, id, name]);
      return rows.length === 1;
    },

    /** Soft delete; true when the entry was the user's and not deleted yet. */
    async softDelete(userId: string, id: number, at: Date): Promise<boolean> {
      const rows = await database.query('update report_history set deleted_at = $3 where user_id = $1 and id = $2 and deleted_at is null returning id', [userId, id, at.toISOString()]);
      return rows.length === 1;
    },

    /** Undoes a delete made at or after `since`; true when it did. */
    /** Removes for good up to `limit` entries deleted before `deletedBefore` (their links, views and sends go with them). */
    async purgeDeleted(deletedBefore: Date, limit: number): Promise<{ id: number; userId: string }[]> {
      const rows = await database.query<{ id: number; user_id: string }>(
        'delete from report_history where id in (select id from report_history where deleted_at < $1 order by deleted_at limit $2) returning id, user_id',
        [deletedBefore.toISOString(), limit],
      );
      return rows.map((row) => ({ id: Number(row.id), userId: row.user_id }));
    },

    async undoDelete(userId: string, id: number, since: Date): Promise<boolean> {
      const rows = await database.query('update report_history set deleted_at = null where user_id = $1 and id = $2 and deleted_at >= $3 returning id', [userId, id, since.toISOString()]);
      return rows.length === 1;
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
