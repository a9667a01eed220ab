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

export interface RateLimitOptions {
  name: string;
  limit: number;
  windowMs: number;
  /** Count per client IP too (default true); false limits only the extra keys, e.g. per account. */
  perIp?: boolean;
  /** Further keys the request is counted under, e.g. the account e-mail. */
  extraKeys?: (request: FastifyRequest) => string[];
}

/** preHandler factory: limit requests per client IP and/or per the extra keys the request yields. */
export function rateLimit(options: RateLimitOptions) {
  return async (request: FastifyRequest): Promise<void> => {
    const keys = [
      ...(options.perIp === false ? [] : [`${options.name}:ip:${request.ip}`]),
      ...(options.extraKeys?.(request) ?? []).map((k) => `${options.name}:${k}`),
    ];
    if (keys.length > 0) await request.server.ctx.rateLimiter.hit(keys, options.limit, options.windowMs);
  };
}
