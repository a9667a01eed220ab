import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type TestApp } from './helpers';
import { THROTTLE_PRUNE_INTERVAL_MS, THROTTLE_PRUNE_QUEUE } from '../src/modules/accounts/throttle-prune';

// Issue 20: sign-in throttles and rate-limit counters were written on every failure and limited request and never
// deleted. The prune job (scheduled at start-up, then once an hour) deletes the ones that hold nothing back any more.

const HOUR = 60 * 60 * 1000;

describe.each(testBackends())('throttle prune job on %s', (backend) => {
  let t: TestApp;
  let now = new Date('2026-11-25T12:30:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { now: () => now });
  });
  afterAll(async () => {
    await t.close();
  });

  const throttleKeys = async () => (await t.database.query<{ key_hash: string }>('select key_hash from login_throttles order by key_hash')).map((r) => r.key_hash);
  const counterKeys = async () => (await t.database.query<{ key: string }>('select key from rate_limit_counters order by key')).map((r) => r.key);

  it('deletes throttles quiet for a day and counters whose window is over, keeps the live ones, and runs again an hour later', async () => {
    const throttle = (key: string, updatedAt: Date, blockedUntil: Date | null) =>
      t.database.query('insert into login_throttles(key_hash, failures, blocked_until, updated_at) values ($1, 7, $2, $3)', [key, blockedUntil, updatedAt]);
    await throttle('a-quiet-for-a-day', ago(24 * HOUR + 1000), ago(24 * HOUR - 60_000));
    await throttle('b-failed-an-hour-ago', ago(HOUR), null);
    await throttle('c-still-held-back', ago(24 * HOUR + 1000), new Date(now.getTime() + 60_000));

    // Real counters: one in a finished 5-minute window, one in the current hour's window.
    const hitAt = async (at: Date, key: string, windowMs: number) => {
      const saved = now;
      now = at;
      await t.app.ctx.rateLimiter.hit([key], 100, windowMs);
      now = saved;
    };
    await hitAt(ago(10 * 60_000), 'd-five-minutes-ended', 5 * 60_000);
    await hitAt(ago(10 * 60_000), 'e-hour-still-open', HOUR);
    // A counter from before windows carried their end (migration 2100): kept for a day.
    await t.database.query('insert into rate_limit_counters(key, window_start, count) values ($1, $2, 3), ($3, $4, 3)', ['f-old-row-two-days', ago(48 * HOUR), 'g-old-row-an-hour', ago(HOUR)]);

    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1); // the run scheduled at start-up
    expect(await throttleKeys()).toEqual(['b-failed-an-hour-ago', 'c-still-held-back']);
    expect(await counterKeys()).toEqual(['e-hour-still-open', 'g-old-row-an-hour']);

    // The next run is scheduled once, an hour on (not again by a second instance starting up).
    const pending = await t.database.query<{ run_at: Date }>("select run_at from jobs where queue = $1 and status = 'pending'", [THROTTLE_PRUNE_QUEUE]);
    expect(pending.map((row) => new Date(row.run_at).getTime())).toEqual([now.getTime() + THROTTLE_PRUNE_INTERVAL_MS]);
    now = new Date(now.getTime() + THROTTLE_PRUNE_INTERVAL_MS);
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    expect(await counterKeys()).toEqual(['g-old-row-an-hour']); // the hour's window has closed
    expect(await throttleKeys()).toEqual(['b-failed-an-hour-ago']); // no longer held back
  });
});
