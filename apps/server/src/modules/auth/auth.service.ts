import { createHash, randomBytes } from 'node:crypto';
import type { AuthRepository } from './auth.repository';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads do not turn into writes on every request. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;
/** How long an instance trusts a session it resolved (decision 1000); changes evict entries sooner. */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 20_000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** Opaque 256-bit random token, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export interface AuthenticatedSession {
  sessionId: string;
  userId: string;
  /** Subscription state when the request began (requireSubscriber and user-details read it; no second query). */
  subscribed: boolean;
}

interface CachedSession {
  session: AuthenticatedSession;
  expiresAt: number;
  /** When it was read, on the service clock and on the monotonic clock: a test clock that jumps ends the entry too. */
  readAt: number;
  readAtMonotonic: number;
}

/**
 * Sessions are resolved on every authenticated request. Each instance keeps a resolved session for SESSION_CACHE_MS,
 * and only while it is subscribed to the database's change notifications (`watching`): a logout, password reset or
 * subscription change evicts the user's entries here at once and on every other instance when the notification
 * arrives. Without the notification channel nothing is cached.
 */
export function createAuthService(repository: AuthRepository, now: () => Date, cacheMs = SESSION_CACHE_MS) {
  const cache = new Map<string, CachedSession>();
  const tokensByUser = new Map<string, Set<string>>();
  let watching = false;
  // Bumped by every eviction: a lookup that raced with one does not keep what it read.
  let evictions = 0;

  function remember(tokenHash: string, session: AuthenticatedSession, expiresAt: Date, at: Date, evictionsBefore: number): void {
    if (!watching || cacheMs <= 0 || evictions !== evictionsBefore) return;
    if (cache.size >= SESSION_CACHE_MAX_ENTRIES) forget(cache.keys().next().value!);
    cache.set(tokenHash, { session, expiresAt: new Date(expiresAt).getTime(), readAt: at.getTime(), readAtMonotonic: performance.now() });
    let tokens = tokensByUser.get(session.userId);
    if (!tokens) tokensByUser.set(session.userId, (tokens = new Set()));
    tokens.add(tokenHash);
  }

  function recall(tokenHash: string, at: Date): AuthenticatedSession | undefined {
    const entry = cache.get(tokenHash);
    if (!entry) return undefined;
    const age = Math.max(at.getTime() - entry.readAt, performance.now() - entry.readAtMonotonic);
    if (!watching || age >= cacheMs || age < 0 || entry.expiresAt <= at.getTime()) {
      forget(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  function forget(tokenHash: string): void {
    const entry = cache.get(tokenHash);
    if (!entry) return;
    cache.delete(tokenHash);
    const tokens = tokensByUser.get(entry.session.userId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensByUser.delete(entry.session.userId);
  }

  function forgetUser(userId: string): void {
    evictions++;
    for (const tokenHash of tokensByUser.get(userId) ?? []) cache.delete(tokenHash);
    tokensByUser.delete(userId);
  }

  return {
    /** Starts a session and returns the token; only its hash is stored. */
    async startSession(userId: string): Promise<string> {
      const token = newToken();
      const at = now();
      await repository.insertSession(userId, hashToken(token), at, new Date(at.getTime() + SESSION_TTL_MS));
      return token;
    },
    async resolve(token: string): Promise<AuthenticatedSession | undefined> {
      const at = now();
      const tokenHash = hashToken(token);
      const cached = recall(tokenHash, at);
      if (cached) return cached;
      const evictionsBefore = evictions;
      const row = await repository.findLiveSession(tokenHash, at);
      if (!row) return undefined;
      let expiresAt = row.expires_at;
      if (at.getTime() - new Date(row.last_used_at).getTime() > SLIDE_EVERY_MS) {
        expiresAt = new Date(at.getTime() + SESSION_TTL_MS);
        await repository.extendSession(row.session_id, at, expiresAt);
      }
      const session = { sessionId: row.session_id, userId: row.user_id, subscribed: row.subscribed === true };
      remember(tokenHash, session, expiresAt, at, evictionsBefore);
      return session;
    },
    async endSession(session: AuthenticatedSession): Promise<void> {
      forgetUser(session.userId);
      await repository.deleteSession(session.sessionId);
      forgetUser(session.userId); // a request resolved meanwhile may have cached it again
    },
    async endAllSessions(userId: string): Promise<void> {
      forgetUser(userId);
      await repository.deleteUserSessions(userId);
      forgetUser(userId);
    },
    /** Ends every session of the user but this one (a password changed here signs the other devices out). */
    async endOtherSessions(session: AuthenticatedSession): Promise<void> {
      forgetUser(session.userId);
      await repository.deleteUserSessionsExcept(session.userId, session.sessionId);
      forgetUser(session.userId);
    },
    isSubscribed: (userId: string) => repository.isSubscribed(userId, now()),
    /** The user's sessions or subscription changed (here or, via a database notification, on another instance). */
    forgetUser,
    /** Whether change notifications are arriving; while they are not, every request reads its session from the database. */
    setWatching(connected: boolean): void {
      watching = connected;
      evictions++;
      cache.clear();
      tokensByUser.clear();
    },
    get cachedSessions(): number {
      return cache.size;
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** The channel the 1000 migration's triggers notify with a user id when that user's sessions or subscription change. */
export const AUTH_CHANGE_CHANNEL = 'cma_auth_change';
