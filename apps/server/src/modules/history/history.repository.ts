import type { Database } from '@cma/db';

export interface HistoryRow {
  id: number;
  report_id: string;
  address: string;
  state: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export function createHistoryRepository(database: Database) {
  return {
    /** Inserts, or updates the user's entry with the same report id; `created` tells which happened. */
    async upsert(userId: string, reportId: string, address: string, state: string, now: Date): Promise<{ id: number; created: boolean }> {
      const [row] = await database.query<{ id: number; created: boolean }>(
        `insert into report_history (user_id, report_id, address, state, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $5)
         on conflict (user_id, report_id) do update set address = excluded.address, state = excluded.state, updated_at = excluded.updated_at
         returning id, (xmax = 0) as created`,
        [userId, reportId, address, state, now.toISOString()],
      );
      return { id: Number(row!.id), created: Boolean(row!.created) };
    },

    /** One page of the user's entries, most recently saved first; their saved states only when `withState`. */
    async page(userId: string, offset: number, limit: number, withState: boolean): Promise<{ rows: HistoryRow[]; total: number }> {
      // The total rides along with the page (one round trip); only a page past the end needs its own count.
      const rows = await database.query<HistoryRow & { total: number | string }>(
        `select id, report_id, address, ${withState ? 'state' : 'null as state'}, created_at, updated_at,
           (select count(*) from report_history where user_id = $1) as total
         from report_history where user_id = $1 order by updated_at desc, id desc limit $2 offset $3`,
        [userId, limit, offset],
      );
      if (rows.length > 0) return { rows: rows.map(({ total: _total, ...row }) => row), total: Number(rows[0]!.total) };
      const [count] = await database.query<{ total: number | string }>('select count(*) as total from report_history where user_id = $1', [userId]);
      return { rows: [], total: Number(count?.total ?? 0) };
    },

    /** One of the user's entries, whole; undefined when it is not theirs or does not exist. */
    async entry(userId: string, id: number): Promise<HistoryRow | undefined> {
      const [row] = await database.query<HistoryRow>(
        'select id, report_id, address, state, created_at, updated_at from report_history where user_id = $1 and id = $2',
        [userId, id],
      );
      return row;
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
