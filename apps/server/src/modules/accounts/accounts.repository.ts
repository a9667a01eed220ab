import type { Database, SqlRunner } from '@cma/db';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  password_hash: string;
  profile_image_key: string | null;
  report_count: number;
  created_at: Date;
}

export interface BusinessRow {
  business_name: string;
  agent_name: string;
  license_number: string;
  phone: string;
  email: string;
  website: string;
  address: string;
  logo_key: string | null;
  updated_at: Date;
}

export interface SubscriptionRow {
  id: string;
  plan_id: number;
  plan_title: string;
  plan_amount_cents: number;
  plan_interval: string;
  status: string;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
}

export type BusinessFields = Omit<BusinessRow, 'logo_key' | 'updated_at'>;

const USER_COLUMNS = 'id, email, name, phone, password_hash, profile_image_key, report_count, created_at';

const BUSINESS_SELECT = 'select business_name, agent_name, license_number, phone, email, website, address, logo_key, updated_at from business_details';
const SUBSCRIPTION_SELECT = `select s.id, s.plan_id, p.title as plan_title, p.amount_cents as plan_amount_cents, p.interval as plan_interval, s.status,
  s.trial_end, s.current_period_end, s.cancel_at_period_end, s.card_brand, s.card_last4, s.card_exp_month, s.card_exp_year
  from subscriptions s join subscription_plans p on p.id = s.plan_id`;

/** Postgres unique_violation: a concurrent registration took the e-mail first. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export function createAccountsRepository(database: Database) {
  return {
    async findUserByEmail(email: string): Promise<UserRow | undefined> {
      return (await database.query<UserRow>(`select ${USER_COLUMNS} from users where email = $1`, [email]))[0];
    },
    async findUserById(id: string): Promise<UserRow | undefined> {
      return (await database.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]))[0];
    },
    async emailExists(email: string): Promise<boolean> {
      const rows = await database.query<{ found: boolean }>('select exists(select 1 from users where email = $1) as found', [email]);
      return rows[0]?.found === true;
    },
    async insertUser(user: { email: string; name: string; phone: string | null; passwordHash: string; now: Date }): Promise<UserRow> {
      const rows = await database.query<UserRow>(
        `insert into users(email, name, phone, password_hash, password_changed_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $5, $5) returning ${USER_COLUMNS}`,
        [user.email, user.name, user.phone, user.passwordHash, user.now],
      );
      return rows[0]!;
    },
    /** When the (e-mail, address) pair may try again, if it is being held back. */
    async loginBlockedUntil(keyHash: string, now: Date): Promise<Date | undefined> {
      const rows = await database.query<{ blocked_until: Date }>('select blocked_until from login_throttles where key_hash = $1 and blocked_until > $2', [keyHash, now]);
      return rows[0]?.blocked_until;
    },
    /**
     * Counts one wrong password for the pair in one statement (concurrent attempts cannot lose counts); a pair quiet
     * for `forgetAfter` starts again. Returns the new count so the caller can set the delay.
     */
    async recordLoginFailure(keyHash: string, now: Date, forgetBefore: Date): Promise<number> {
      const rows = await database.query<{ failures: number }>(
        `insert into login_throttles(key_hash, failures, updated_at) values ($1, 1, $2)
         on conflict (key_hash) do update set
           failures = case when login_throttles.updated_at < $3 then 1 else login_throttles.failures + 1 end,
           updated_at = excluded.updated_at
         returning failures`,
        [keyHash, now, forgetBefore],
      );
      return rows[0]?.failures ?? 1;
    },
    async blockLogin(keyHash: string, until: Date): Promise<void> {
      await database.query('update login_throttles set blocked_until = greatest(blocked_until, $2) where key_hash = $1', [keyHash, until]);
    },
    /** Deletes the pairs quiet since `forgetBefore` and no longer held back (their count would start again anyway). */
    async pruneLoginThrottles(forgetBefore: Date, now: Date): Promise<number> {
      const rows = await database.query<{ deleted: number }>(
        `with gone as (delete from login_throttles where updated_at < $1 and (blocked_until is null or blocked_until <= $2) returning 1)
         select count(*)::int as deleted from gone`,
        [forgetBefore, now],
      );
      return rows[0]?.deleted ?? 0;
    },
    async clearLoginFailures(keyHash: string): Promise<void> {
      await database.query('delete from login_throttles where key_hash = $1', [keyHash]);
    },
    async updatePersonalDetails(userId: string, changes: { name?: string; phone?: string | null }, now: Date, runner: SqlRunner = database): Promise<void> {
      await runner.query('update users set name = coalesce($2, name), phone = case when $3 then $4 else phone end, updated_at = $5 where id = $1', [
        userId,
        changes.name ?? null,
        changes.phone !== undefined,
        changes.phone ?? null,
        now,
      ]);
    },
    async setProfileImageKey(userId: string, key: string, now: Date): Promise<string | null> {
      // Returns the previous key so the old file can be deleted after the row points at the new one.
      const rows = await database.query<{ previous: string | null }>(
        `with old as (select profile_image_key from users where id = $1)
         update users set profile_image_key = $2, updated_at = $3 from old where users.id = $1
         returning old.profile_image_key as previous`,
        [userId, key, now],
      );
      return rows[0]?.previous ?? null;
    },
    async findBusiness(userId: string): Promise<BusinessRow | undefined> {
      return (
        await database.query<BusinessRow>(
          `${BUSINESS_SELECT} where user_id = $1`,
          [userId],
        )
      )[0];
    },
    /** Inserts or replaces the business details; logoKey undefined keeps the stored logo, null removes it. */
    async upsertBusiness(userId: string, fields: BusinessFields, logoKey: string | null | undefined, now: Date, runner: SqlRunner = database): Promise<void> {
      await runner.query(
        `insert into business_details(user_id, business_name, agent_name, license_number, phone, email, website, address, logo_key, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $11)
         on conflict (user_id) do update set business_name = $2, agent_name = $3, license_number = $4, phone = $5, email = $6,
           website = $7, address = $8, logo_key = case when $10 then $9 else business_details.logo_key end, updated_at = $11`,
        [userId, fields.business_name, fields.agent_name, fields.license_number, fields.phone, fields.email, fields.website, fields.address, logoKey ?? null, logoKey !== undefined, now],
      );
    },
    /** The user with business details and subscription in one round trip (user-details is read on every page load). */
    async findUserWithDetails(userId: string): Promise<{ user: UserRow; business: BusinessRow | null; subscription: SubscriptionRow | null } | undefined> {
      const [row] = await database.query<UserRow & { business: BusinessRow | null; subscription: SubscriptionRow | null }>(
        `select ${USER_COLUMNS},
           (select row_to_json(b) from (${BUSINESS_SELECT} where user_id = users.id) b) as business,
           (select row_to_json(s) from (${SUBSCRIPTION_SELECT} where s.user_id = users.id) s) as subscription
         from users where id = $1`,
        [userId],
      );
      if (!row) return undefined;
      const { business, subscription, ...user } = row;
      return { user, business, subscription };
    },
    async findSubscription(userId: string): Promise<SubscriptionRow | undefined> {
      return (
        await database.query<SubscriptionRow>(
          `${SUBSCRIPTION_SELECT} where s.user_id = $1`,
          [userId],
        )
      )[0];
    },
    async insertResetToken(userId: string, tokenHash: string, expiresAt: Date, now: Date): Promise<void> {
      await database.query('insert into password_reset_tokens(user_id, token_hash, expires_at, created_at) values ($1, $2, $3, $4)', [userId, tokenHash, expiresAt, now]);
    },
    async deleteResetToken(tokenHash: string): Promise<void> {
      await database.query('delete from password_reset_tokens where token_hash = $1', [tokenHash]);
    },
    /**
     * Marks an unused, unexpired token as used and returns its user, in one statement so two
     * concurrent uses of one link cannot both succeed.
     */
    async consumeResetToken(tokenHash: string, now: Date, runner: SqlRunner = database): Promise<string | undefined> {
      const rows = await runner.query<{ user_id: string }>(
        'update password_reset_tokens set used_at = $2 where token_hash = $1 and used_at is null and expires_at > $2 returning user_id',
        [tokenHash, now],
      );
      return rows[0]?.user_id;
    },
    async setPassword(userId: string, passwordHash: string, now: Date, runner: SqlRunner = database): Promise<void> {
      await runner.query(
        'update users set password_hash = $2, password_changed_at = $3, updated_at = $3 where id = $1',
        [userId, passwordHash, now],
      );
      // Every other link sent to this user stops working once the password changed.
      await runner.query('update password_reset_tokens set used_at = $2 where user_id = $1 and used_at is null', [userId, now]);
    },
    async setEmail(userId: string, email: string, now: Date): Promise<void> {
      await database.query('update users set email = $2, updated_at = $3 where id = $1', [userId, email, now]);
    },
    transaction: <T>(fn: (tx: SqlRunner) => Promise<T>) => database.transaction(fn),
  };
}
export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
