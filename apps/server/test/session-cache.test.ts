import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthService, hashToken, SESSION_CACHE_MS } from '../src/modules/auth/auth.service';
import type { AuthRepository, SessionRow } from '../src/modules/auth/auth.repository';
import { createTestApp, createUserWithSession, eventually, testBackends, type TestApp } from './helpers';

/** An in-memory session table that counts its reads, to see when the service goes to the database. */
function fakeRepository(start: Date) {
  const sessions = new Map<string, SessionRow>();
  let reads = 0;
  let beforeRead: () => void = () => {};
  const repository: AuthRepository = {
    insertSession: async (userId, tokenHash, _now, expiresAt) => {
      sessions.set(tokenHash, { session_id: `s-${sessions.size + 1}`, user_id: userId, expires_at: expiresAt, last_used_at: start, subscribed: true });
    },
    findLiveSession: async (tokenHash, now) => {
      reads++;
      beforeRead();
      const row = sessions.get(tokenHash);
      return row && row.expires_at > now ? { ...row } : undefined;
    },
    extendSession: async () => {},
    deleteSession: async (sessionId) => {
      for (const [hash, row] of sessions) if (row.session_id === sessionId) sessions.delete(hash);
    },
    deleteUserSessions: async (userId) => {
      for (const [hash, row] of sessions) if (row.user_id === userId) sessions.delete(hash);
    },
    deleteUserSessionsExcept: async (userId, keptSessionId) => {
      for (const [hash, row] of sessions) if (row.user_id === userId && row.session_id !== keptSessionId) sessions.delete(hash);
    },
    isSubscribed: async () => true,
  };
  return {
    repository,
    sessions,
    reads: () => reads,
    onRead: (fn: () => void) => (beforeRead = fn),
  };
}

describe('session cache', () => {
  const start = new Date('2026-11-21T12:00:00Z');
  const setup = (watching = true) => {
    let clock = start;
    const db = fakeRepository(start);
    const auth = createAuthService(db.repository, () => clock);
    auth.setWatching(watching);
    return { db, auth, advance: (ms: number) => (clock = new Date(clock.getTime() + ms)) };
  };

  it('answers repeated lookups of a session from memory while change notifications arrive', async () => {
    const { db, auth } = setup();
    const token = await auth.startSession('user-1');
    expect(await auth.resolve(token)).toEqual({ sessionId: 's-1', userId: 'user-1', subscribed: true });
    expect(await auth.resolve(token)).toEqual({ sessionId: 's-1', userId: 'user-1', subscribed: true });
    expect(db.reads()).toBe(1);
  });

  it('reads every lookup from the database while the notification channel is down', async () => {
    const { db, auth } = setup(false);
    const token = await auth.startSession('user-1');
    await auth.resolve(token);
    await auth.resolve(token);
    expect(db.reads()).toBe(2);
  });

  it('losing the notification channel drops everything kept', async () => {
    const { db, auth } = setup();
    const token = await auth.startSession('user-1');
    await auth.resolve(token);
    auth.setWatching(false);
    auth.setWatching(true);
    await auth.resolve(token);
    expect(db.reads()).toBe(2);
  });

  it('sees a subscription change as soon as the user is forgotten', async () => {
    const { db, auth } = setup();
    const token = await auth.startSession('user-1');
    await auth.resolve(token);
    db.sessions.get(hashToken(token))!.subscribed = false;
    auth.forgetUser('user-1');
    expect((await auth.resolve(token))?.subscribed).toBe(false);
  });

  it('ends a session at once on this instance', async () => {
    const { auth } = setup();
    const token = await auth.startSession('user-1');
    const session = (await auth.resolve(token))!;
    await auth.endSession(session);
    expect(await auth.resolve(token)).toBeUndefined();
  });

  it('goes back to the database once an entry is SESSION_CACHE_MS old, and never serves an expired session', async () => {
    const { db, auth, advance } = setup();
    const token = await auth.startSession('user-1');
    await auth.resolve(token);
    advance(SESSION_CACHE_MS);
    await auth.resolve(token);
    expect(db.reads()).toBe(2);
    db.sessions.get(hashToken(token))!.expires_at = new Date(start.getTime() + SESSION_CACHE_MS + 1_000);
    auth.forgetUser('user-1');
    await auth.resolve(token); // kept, with its expiry one second ahead
    advance(1_000);
    expect(await auth.resolve(token)).toBeUndefined();
  });

  it('does not keep what a lookup read while the user was being forgotten', async () => {
    const { db, auth } = setup();
    const token = await auth.startSession('user-1');
    db.onRead(() => auth.forgetUser('user-1')); // a logout's notification lands while the lookup is in flight
    await auth.resolve(token);
    db.onRead(() => {});
    await auth.resolve(token);
    expect(db.reads()).toBe(2);
  });
});

describe.each(testBackends())('session cache and database notifications on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(backend)));
  afterAll(() => t.close());

  const historyStatus = async (token: string) =>
    (await t.app.inject({ url: '/api/get-history?page=1', headers: { authorization: `Bearer ${token}` } })).json().status_code as number;

  it('a subscription or session changed by another writer (another instance, a webhook) reaches the cache', async () => {
    const { userId, token } = await createUserWithSession(t);
    // Once the app listens for notifications it keeps the session it resolves.
    expect(await eventually(async () => (await historyStatus(token)) === 200 && t.app.ctx.auth.cachedSessions > 0)).toBe(true);
    // Written straight to the database, as another instance would: only the trigger's notification can tell this one.
    await t.database.query("update subscriptions set status = 'canceled' where user_id = $1", [userId]);
    expect(await eventually(async () => (await historyStatus(token)) === 99)).toBe(true);
    await t.database.query('delete from sessions where user_id = $1', [userId]);
    expect(await eventually(async () => (await t.app.inject({ url: '/api/user-details', headers: { authorization: `Bearer ${token}` } })).statusCode === 401)).toBe(true);
  });
});
