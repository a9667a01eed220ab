import type { Database } from '@cma/db';

export function createColumnMappingsRepository(database: Database) {
  return {
    async find(userId: string, signature: string): Promise<Record<string, string | null> | undefined> {
      const [row] = await database.query<{ mapping: Record<string, string | null> }>('select mapping from user_column_mappings where user_id = $1 and header_signature = $2', [userId, signature]);
      return row?.mapping;
    },

    async save(userId: string, signature: string, mapping: Record<string, string | null>, at: Date): Promise<void> {
      await database.query(
        `insert into user_column_mappings (user_id, header_signature, mapping, updated_at) values ($1, $2, $3, $4)
         on conflict (user_id, header_signature) do update set mapping = excluded.mapping, updated_at = excluded.updated_at`,
        [userId, signature, JSON.stringify(mapping), at],
      );
    },
  };
}
export type ColumnMappingsRepository = ReturnType<typeof createColumnMappingsRepository>;
