import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_STATE_KEYS, LISTING_POOL_NOT_SAVED_MESSAGE } from '@cma/contracts';
import { bearer, createTestApp, createUserWithSession, testBackends, type TestApp } from './helpers';
import { createHistoryRepository } from '../src/modules/history/history.repository';
import {
  DELETED_ENTRIES_PURGE_INTERVAL_MS, DELETED_ENTRIES_PURGE_QUEUE, DELETED_ENTRY_KEPT_MS, purgeDeletedHistoryEntries,
} from '../src/modules/history/deleted-entries-purge';

// A deleted history entry was kept forever with its saved listing pool (an MLS export the agent deleted). The daily
// purge removes entries deleted over an hour ago, with their pool files; recent deletions can still be undone.

const MINUTE = 60 * 1000;

describe.each(testBackends())('deleted history entries purge on %s', (backend) => {
  let t: TestApp;
  let now = new Date();
  let agent: { userId: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { now: () => now });
    agent = await createUserWithSession(t);
  });
  afterAll(() => t.close());

  async function savedEntry(reportId: string): Promise<number> {
    const state = { ...Object.fromEntries(HISTORY_STATE_KEYS.map((key) => [key, null])), comaparables: [], allCsvData: [], report_data: { reportId } };
    const res = await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(agent.token), payload: { address: `${reportId} Elm St`, state: JSON.stringify(state) } });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const pool = { hash: 'a1b2c3d4e5f60718', listings: [{ uuid: `${reportId}-1`, 'Listing Id': 'KC1', 'Close Price': 500_000 }] };
    const put = await t.app.inject({ method: 'PUT', url: `/api/history/${id}/listings`, headers: { ...bearer(agent.token), 'content-type': 'application/gzip' }, payload: gzipSync(JSON.stringify(pool)) });
    expect(put.statusCode).toBe(200);
    return id;
  }
  const poolFile = (id: number) => t.app.ctx.storage.get(`listing-pools/${agent.userId}/${id}.json.gz`);
  const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/history/${id}`, headers: bearer(agent.token) });
  const rows = async () => (await t.database.query<{ id: number }>('select id from report_history where user_id = $1 order by id', [agent.userId])).map((r) => Number(r.id));

  it('removes an entry deleted over an hour ago and its pool file; keeps a just-deleted entry (still undoable) and live ones', async () => {
    const old = await savedEntry('old');
    const recent = await savedEntry('recent');
    const live = await savedEntry('live');
    expect((await remove(old)).statusCode).toBe(200);
    now = new Date(now.getTime() + DELETED_ENTRY_KEPT_MS + MINUTE);
    expect((await remove(recent)).statusCode).toBe(200);

    expect(await purgeDeletedHistoryEntries(t.app.ctx, createHistoryRepository(t.database))).toBe(1);
    expect(await rows()).toEqual([recent, live]);
    expect(await poolFile(old)).toBeUndefined();
    expect(await poolFile(recent)).toBeDefined();
    expect(await poolFile(live)).toBeDefined();

    expect((await t.app.inject({ method: 'POST', url: `/api/history/${recent}/undo-delete`, headers: bearer(agent.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/history/${recent}/listings`, headers: bearer(agent.token) })).statusCode).toBe(200);

    // Saving the purged report again makes a new entry, which has no pool until the browser sends one.
    const again = await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(agent.token), payload: { address: 'old Elm St', state: JSON.stringify({ ...Object.fromEntries(HISTORY_STATE_KEYS.map((key) => [key, null])), comaparables: [], allCsvData: [], report_data: { reportId: 'old' } }) } });
    expect(again.json().data).toMatchObject({ created: true });
    expect(again.json().data.id).not.toBe(old);
    const missing = await t.app.inject({ method: 'GET', url: `/api/history/${again.json().data.id}/listings`, headers: bearer(agent.token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(LISTING_POOL_NOT_SAVED_MESSAGE);

    expect(await purgeDeletedHistoryEntries(t.app.ctx, createHistoryRepository(t.database))).toBe(0);
  });

  it('runs as a job scheduled at start-up and schedules itself once, a day on', async () => {
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    const pending = await t.database.query<{ run_at: Date }>("select run_at from jobs where queue = $1 and status = 'pending'", [DELETED_ENTRIES_PURGE_QUEUE]);
    expect(pending.map((row) => new Date(row.run_at).getTime())).toEqual([now.getTime() + DELETED_ENTRIES_PURGE_INTERVAL_MS]);
  });
});
