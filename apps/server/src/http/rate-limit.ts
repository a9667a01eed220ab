import type { Database } from '@cma/db';
import type { FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors';

// Fixed-window counters in the database, so every app instance shares them (DESIGN.md §2).
export function createRateLimiter(database: Database, now: () => Date) {
  return {
    /** Counts one hit on each key; throws RateLimitedError when any key is over its limit. */
    async hit(keys: string[], limit: number, windowMs: number): Promise<void> {
      const at = now().getTime();
      const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
      for (const key of keys) {
        const rows = await database.query<{ count: number }>(
          `insert into rate_limit_counters(key, window_start, count) values ($1, $2, 1)
           on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
           returning count`,
          [key, windowStart],
        );
        if ((rows[0]?.count ?? 0) > limit) throw new RateLimitedError((windowStart.getTime() + windowMs - at) / 1000);
      }
    },
    /** Drops finished windows; run by a periodic job. */
    async prune(olderThanMs = 24 * 60 * 60 * 1000): Promise<void> {
      await database.query('delete from rate_limit_counters where window_start < $1', [new Date(now().getTime() - olderThanMs)]);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** preHandler factory: limit requests per client IP (and any extra keys the request yields, e.g. the account e-mail). */
export function rateLimit(options: { name: string; limit: number; windowMs: number; extraKeys?: (request: FastifyRequest) => string[] }) {
  return async (request: FastifyRequest): Promise<void> => {
    const keys = [`${options.name}:ip:${request.ip}`, ...(options.extraKeys?.(request) ?? []).map((k) => `${options.name}:${k}`)];
    await request.server.ctx.rateLimiter.hit(keys, options.limit, options.windowMs);
  };
}
