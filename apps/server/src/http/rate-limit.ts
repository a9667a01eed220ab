import type { Database } from '@cma/db';
import type { FastifyRequest } from 'fastify';
import { RateLimitedError } from './errors';

// Fixed-window counters in the database, so every app instance shares them (DESIGN.md §2).

const LEGACY_COUNTER_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function createRateLimiter(database: Database, now: () => Date) {
  return {
    /** Counts one hit on each key; throws RateLimitedError when any key is over its limit. */
    async hit(keys: string[], limit: number, windowMs: number): Promise<void> {
      const at = now().getTime();
      const windowStart = new Date(Math.floor(at / windowMs) * windowMs);
      for (const key of keys) {
        const rows = await database.query<{ count: number }>(
          `insert into rate_limit_counters(key, window_start, count, expires_at) values ($1, $2, 1, $3)
           on conflict (key, window_start) do update set count = rate_limit_counters.count + 1
           returning count`,
          [key, windowStart, new Date(windowStart.getTime() + windowMs)],
        );
        if ((rows[0]?.count ?? 0) > limit) throw new RateLimitedError((windowStart.getTime() + windowMs - at) / 1000);
      }
    },
    /**
     * Deletes the counters whose window is over (run by the throttle prune job); counters written before their end was
     * stored (migration 2100) go once they are a day old, longer than any window. Returns how many went.
     */
    async prune(): Promise<number> {
      const at = now();
      const rows = await database.query<{ deleted: number }>(
        `with gone as (delete from rate_limit_counters where expires_at <= $1 or (expires_at is null and window_start < $2) returning 1)
         select count(*)::int as deleted from gone`,
        [at, new Date(at.getTime() - LEGACY_COUNTER_LIFETIME_MS)],
      );
      return rows[0]?.deleted ?? 0;
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
