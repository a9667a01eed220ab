import type { Database } from '@cma/db';

export function createListingPoolsRepository(database: Database) {
  return {
    /** True when the history entry is the user's and not deleted (another agent's id is not theirs to read or write). */
    async ownsEntry(userId: string, historyId: number): Promise<boolean> {
      const rows = await database.query<{ id: number }>('select id from report_history where user_id = $1 and id = $2 and deleted_at is null', [userId, historyId]);
      return rows.length > 0;
    },
  };
}
export type ListingPoolsRepository = ReturnType<typeof createListingPoolsRepository>;
