import type { Database } from '@cma/db';

export interface SessionRow {
  session_id: string;
  user_id: string;
  expires_at: Date;
  last_used_at: Date;
  /** Whether the session's user is subscribed right now, read in the same statement (one round trip per request). */
  subscribed: boolean;
}

/** Subscribed = a subscription that is trialing or active and not past its end (DESIGN.md §4). $userId and $now are SQL expressions. */
const subscribedSql = (userId: string, now: string) => `exists(
  select 1 from subscriptions where user_id = ${userId} and status in ('trialing', 'active')
    and (current_period_end is null or current_period_end > ${now} or not cancel_at_period_end)
)`;

export function createAuthRepository(database: Database) {
  return {
    async insertSession(userId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await database.query(
        'insert into sessions(user_id, token_hash, created_at, last_used_at, expires_at) values ($1, $2, $3, $3, $4)',
        [userId, tokenHash, now, expiresAt],
      );
    },
    async findLiveSession(tokenHash: string, now: Date): Promise<SessionRow | undefined> {
      const rows = await database.query<SessionRow>(
        `select id as session_id, user_id, expires_at, last_used_at, ${subscribedSql('sessions.user_id', '$2')} as subscribed
         from sessions where token_hash = $1 and expires_at > $2`,
        [tokenHash, now],
      );
      return rows[0];
    },
    async extendSession(sessionId: string, now: Date, expiresAt: Date): Promise<void> {
      await database.query('update sessions set last_used_at = $2, expires_at = $3 where id = $1', [sessionId, now, expiresAt]);
    },
    async deleteSession(sessionId: string): Promise<void> {
      await database.query('delete from sessions where id = $1', [sessionId]);
    },
    async deleteUserSessions(userId: string): Promise<void> {
      await database.query('delete from sessions where user_id = $1', [userId]);
    },
    async deleteUserSessionsExcept(userId: string, keptSessionId: string): Promise<void> {
      await database.query('delete from sessions where user_id = $1 and id <> $2', [userId, keptSessionId]);
    },
    async isSubscribed(userId: string, now: Date): Promise<boolean> {
      const rows = await database.query<{ ok: boolean }>(`select ${subscribedSql('$1', '$2')} as ok`, [userId, now]);
      return rows[0]?.ok === true;
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
