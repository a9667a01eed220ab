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
    /** Adds counts to several keys' windows in one statement; each key's total in its window afterwards. */
    async add(counts: { key: string; windowStart: Date; windowMs: number; count: number }[]): Promise<Map<string, number>> {
      if (counts.length === 0) return new Map();
      const rows = await database.query<{ key: string; count: number }>(
        `insert into rate_limit_counters(key, window_start, count, expires_at)
         select * from unnest($1::text[], $2::timestamptz[], $3::int[], $4::timestamptz[])
         on conflict (key, window_start) do update set count = rate_limit_counters.count + excluded.count
         returning key, count`,
        [counts.map((c) => c.key), counts.map((c) => c.windowStart), counts.map((c) => c.count), counts.map((c) => new Date(c.windowStart.getTime() + c.windowMs))],
      );
      return new Map(rows.map((row) => [row.key, Number(row.count)]));
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

export interface BatchedRateLimit {
  /** Counts one request under `key`: null when it may go on, else the seconds until the window ends. No I/O. */
  hit(key: string): number | null;
  /** Adds what was counted since the last flush to the shared counters (also run by a timer). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** Keys one instance tracks before it flushes at once rather than after flushMs (the windows that ended are then forgotten). */
const BATCHED_KEYS_MAX = 100_000;

/**
 * A fixed-window limit counted in this instance's memory on the request path and added to the shared database
 * counters in batches, every `flushMs` (decision 3002): nothing is written before a response. Each instance knows the
 * others' counts as of its last flush, so a client spread over N instances gets at most N flushes' worth more.
 */
export function createBatchedRateLimit(
  limiter: Pick<RateLimiter, 'add'>,
  options: { limit: number; windowMs: number; flushMs?: number; now: () => Date; onError: (error: unknown) => void },
): BatchedRateLimit {
  const { limit, windowMs, now } = options;
  /** Per key: its window, the shared count read at the last flush, and what this instance counted since. */
  const windows = new Map<string, { start: number; shared: number; pending: number }>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  async function flushNow(): Promise<void> {
    timer = undefined;
    const batch = [...windows].filter(([, w]) => w.pending > 0).map(([key, w]) => ({ key, window: w, count: w.pending }));
    for (const item of batch) item.window.pending = 0;
    try {
      const totals = await limiter.add(batch.map(({ key, window, count }) => ({ key, windowStart: new Date(window.start), windowMs, count })));
      for (const { key, window } of batch) window.shared = Math.max(window.shared, totals.get(key) ?? 0);
    } catch (error) {
      for (const { window, count } of batch) window.pending += count; // kept for the next flush
      options.onError(error);
    }
    const current = Math.floor(now().getTime() / windowMs) * windowMs;
    for (const [key, w] of windows) if (w.start < current && w.pending === 0) windows.delete(key);
  }

  const flush = () => (flushing = flushing.then(flushNow));

  return {
    hit(key) {
      const at = now().getTime();
      const start = Math.floor(at / windowMs) * windowMs;
      let window = windows.get(key);
      if (!window || window.start !== start) {
        window = { start, shared: 0, pending: 0 };
        windows.set(key, window);
      }
      if (window.shared + window.pending >= limit) return (start + windowMs - at) / 1000;
      window.pending++;
      timer ??= setTimeout(() => void flush(), windows.size > BATCHED_KEYS_MAX ? 0 : (options.flushMs ?? 1000)).unref();
      return null;
    },
    flush,
    async close() {
      clearTimeout(timer);
      await flush();
    },
  };
}

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
