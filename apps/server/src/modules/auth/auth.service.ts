import { createHash, randomBytes } from 'node:crypto';
import type { AuthRepository } from './auth.repository';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads do not turn into writes on every request. */
const SLIDE_EVERY_MS = 60 * 60 * 1000;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
/** Opaque 256-bit random token, base64url. */
export const newToken = (): string => randomBytes(32).toString('base64url');

export interface AuthenticatedSession {
  sessionId: string;
  userId: string;
}

export function createAuthService(repository: AuthRepository, now: () => Date) {
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
      const session = await repository.findLiveSession(hashToken(token), at);
      if (!session) return undefined;
      if (at.getTime() - new Date(session.last_used_at).getTime() > SLIDE_EVERY_MS) {
        await repository.extendSession(session.session_id, at, new Date(at.getTime() + SESSION_TTL_MS));
      }
      return { sessionId: session.session_id, userId: session.user_id };
    },
    endSession: (sessionId: string) => repository.deleteSession(sessionId),
    endAllSessions: (userId: string) => repository.deleteUserSessions(userId),
    isSubscribed: (userId: string) => repository.isSubscribed(userId, now()),
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
