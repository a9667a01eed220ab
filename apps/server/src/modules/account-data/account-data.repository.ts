import type { Database } from '@cma/db';

/** One saved report as the export writes it. */
export interface ExportedReport {
  id: number;
  address: string;
  name: string | null;
  client_name: string | null;
  state: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export function createAccountDataRepository(database: Database) {
  return {
    /** The account, its business details and brand kit, as stored (no password hash). */
    async account(userId: string): Promise<Record<string, unknown>> {
      const [user] = await database.query('select id, email, name, phone, created_at, updated_at from users where id = $1', [userId]);
      const [business] = await database.query('select * from business_details where user_id = $1', [userId]);
      const [brandKit] = await database.query('select * from brand_kits where user_id = $1', [userId]);
      const [subscription] = await database.query(
        `select s.status, p.title as plan, s.trial_end, s.current_period_end, s.cancel_at_period_end, s.card_brand, s.card_last4, s.created_at
         from subscriptions s join subscription_plans p on p.id = s.plan_id where s.user_id = $1`,
        [userId],
      );
      return { user, business: business ?? null, brand_kit: brandKit ?? null, subscription: subscription ?? null };
    },

    /** Every saved report not deleted, oldest first. */
    async reports(userId: string): Promise<ExportedReport[]> {
      return database.query<ExportedReport>(
        'select id, address, name, client_name, state, created_at, updated_at from report_history where user_id = $1 and deleted_at is null order by id',
        [userId],
      );
    },

    async uploadedPages(userId: string): Promise<{ id: string; name: string; storage_key: string }[]> {
      return database.query('select id, name, storage_key from custom_report_pages where user_id = $1 order by created_at', [userId]);
    },

    /** Every file the account has in FileStorage, and its history ids (each may have a listing pool file). */
    async files(userId: string): Promise<{ keys: string[]; historyIds: number[] }> {
      const rows = await database.query<{ key: string | null }>(
        `select storage_key as key from property_images where user_id = $1
         union all select storage_key from custom_report_pages where user_id = $1
         union all select brokerage_logo_key from brand_kits where user_id = $1
         union all select logo_key from business_details where user_id = $1
         union all select profile_image_key from users where id = $1`,
        [userId],
      );
      const history = await database.query<{ id: number }>('select id from report_history where user_id = $1', [userId]);
      return { keys: rows.map((row) => row.key).filter((key): key is string => !!key), historyIds: history.map((row) => Number(row.id)) };
    },

    /** Deletes the account row; every table that belongs to it goes with it (ON DELETE CASCADE). */
    async deleteUser(userId: string): Promise<void> {
      await database.query('delete from users where id = $1', [userId]);
    },
  };
}
export type AccountDataRepository = ReturnType<typeof createAccountDataRepository>;
