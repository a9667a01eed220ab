import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedSession } from '../modules/auth/auth.service';
import { NotSubscribedError, UnauthorizedError } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`: the signed-in user and the session used. */
    auth?: AuthenticatedSession;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** preHandler: a valid, unexpired session is required (401 otherwise). */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw new UnauthorizedError();
  const session = await request.server.ctx.auth.resolve(token);
  if (!session) throw new UnauthorizedError();
  request.auth = session;
}

/** preHandler: authenticate, then require a trialing/active subscription (403 with status 99 otherwise). */
export async function requireSubscriber(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request, reply);
  if (!request.auth!.subscribed) throw new NotSubscribedError();
}

/** The signed-in user's id inside a handler behind `authenticate`/`requireSubscriber`. */
export function currentUserId(request: FastifyRequest): string {
  if (!request.auth) throw new UnauthorizedError();
  return request.auth.userId;
}
