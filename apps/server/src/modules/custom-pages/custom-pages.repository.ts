import type { Database } from '@cma/db';

export interface CustomPageRow {
  id: string;
  name: string;
  page_count: number;
  bytes: number;
  storage_key: string;
  created_at: Date;
}

const COLUMNS = 'id, name, page_count, bytes, storage_key, created_at';

export function createCustomPagesRepository(database: Database) {
  return {
    /** The agent's uploaded pages, oldest first. */
    async list(userId: string): Promise<CustomPageRow[]> {
      return database.query<CustomPageRow>(`select ${COLUMNS} from custom_report_pages where user_id = $1 order by created_at, name, id`, [userId]);
    },
    async find(userId: string, id: string): Promise<CustomPageRow | undefined> {
      return (await database.query<CustomPageRow>(`select ${COLUMNS} from custom_report_pages where user_id = $1 and id = $2`, [userId, id]))[0];
    },
    /** Adds the upload unless the agent already has `maxPages` pages in all; undefined when it would go over. */
    async insertWithin(userId: string, page: Omit<CustomPageRow, 'id'>, maxPages: number): Promise<CustomPageRow | undefined> {
      const [row] = await database.query<CustomPageRow>(
        `insert into custom_report_pages (user_id, name, page_count, bytes, storage_key, created_at)
         select $1::uuid, $2::text, $3::int, $4::int, $5::text, $6::timestamptz
         where (select coalesce(sum(page_count), 0) from custom_report_pages where user_id = $1::uuid) + $3::int <= $7::int
         returning ${COLUMNS}`,
        [userId, page.name, page.page_count, page.bytes, page.storage_key, page.created_at, maxPages],
      );
      return row;
    },
    async remove(userId: string, id: string): Promise<CustomPageRow | undefined> {
      return (await database.query<CustomPageRow>(`delete from custom_report_pages where user_id = $1 and id = $2 returning ${COLUMNS}`, [userId, id]))[0];
    },
  };
}
export type CustomPagesRepository = ReturnType<typeof createCustomPagesRepository>;
