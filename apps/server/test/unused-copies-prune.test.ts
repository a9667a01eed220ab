import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { parseListingsCsv } from '@cma/listings-import';
import { bearer, createTestApp, createUserWithSession, joinTestMls, multipart, testBackends, testMlsSource, type TestApp } from './helpers';
import { createListingsRepository } from '../src/modules/listings/listings.repository';
import { demoPhotoPaths } from '../src/modules/listings/demo/demo-listings';
import { createImagesRepository } from '../src/modules/images/images.repository';
import {
  pruneUnusedListingCopies, UNUSED_COPIES_PRUNE_INTERVAL_MS, UNUSED_COPIES_PRUNE_QUEUE, UNUSED_COPY_MAX_AGE_MS,
} from '../src/modules/images/unused-copies-prune';

// Issue 16 item 4: a comparable ticked and then unticked kept its copied listing photos forever (decision 0701). The
// daily prune deletes copies 30 days old of properties no saved report mentions: rows, files and the claim.

const DAY = 24 * 60 * 60 * 1000;

describe.each(testBackends())('unused listing photo copies prune on %s', (backend) => {
  let t: TestApp;
  // Well before the real clock: the test user's trial (set from the database's now()) must outlive the 31 days.
  let now = new Date(Date.now() - 40 * DAY);
  let agent: { userId: string; token: string };
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { now: () => now });
    agent = await createUserWithSession(t);
    await joinTestMls(t, agent.userId);
    const csv = ['Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price']
      .concat(['11', '12', '13'].map((n) => `DEMO-0000${n},Closed,${n},Elm St,Denver,CO,80209,1500,500000`))
      .join('\n');
    const records = parseListingsCsv(`${csv}\n`, { format: 'recolorado' }).records;
    const mlsSourceId = await testMlsSource(t);
    await createListingsRepository(t.database).upsert(records.map((record) => ({ source: 'recolorado' as const, record, photoUrls: demoPhotoPaths(record['Listing Id']), mlsSourceId })), now);
  });
  afterAll(async () => {
    await t.close();
  });

  const copy = (listingId: string, propertyId: string) =>
    t.app.inject({ method: 'POST', url: '/api/save-image-rets', headers: bearer(agent.token), payload: { listing_id: listingId, property_id: propertyId } });
  const photos = async (propertyId: string) =>
    t.database.query<{ original_name: string; storage_key: string }>('select original_name, storage_key from property_images where user_id = $1 and property_id = $2 order by original_name', [agent.userId, propertyId]);
  const claims = async () =>
    (await t.database.query<{ property_id: string }>('select property_id from listing_photo_copies where user_id = $1 order by property_id', [agent.userId])).map((r) => r.property_id);

  it("deletes an unticked comparable's old copies with their files and claim; keeps copies a saved report uses, the agent's uploads and young copies", async () => {
    expect((await copy('DEMO-000011', 'comp-unticked')).statusCode).toBe(200);
    expect((await copy('DEMO-000012', 'comp-in-report')).statusCode).toBe(200);
    const own = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#c84' } }).png().toBuffer();
    const { payload, headers } = multipart([{ name: 'property_id', value: 'comp-unticked' }, { name: 'images[]', value: own, filename: 'agent-own.png', type: 'image/png' }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/store-property-images', payload, headers: { ...headers, ...bearer(agent.token) } })).statusCode).toBe(200);
    const state = { ...Object.fromEntries(HISTORY_STATE_KEYS.map((key) => [key, null])), comaparables: [{ uuid: 'comp-in-report' }], report_data: {} };
    expect((await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(agent.token), payload: { address: '1 Elm St', state: JSON.stringify(state) } })).statusCode).toBe(200);

    const copiedFiles = (await photos('comp-unticked')).filter((p) => p.original_name.startsWith('DEMO-000011')).map((p) => p.storage_key);
    expect(copiedFiles).toHaveLength(3);
    for (const key of copiedFiles) expect(await t.app.ctx.storage.get(key)).toBeDefined();

    now = new Date(now.getTime() + UNUSED_COPY_MAX_AGE_MS + DAY);
    agent.token = await t.app.ctx.auth.startSession(agent.userId); // the first session has expired by now
    expect((await copy('DEMO-000013', 'comp-young')).statusCode).toBe(200);

    expect(await pruneUnusedListingCopies(t.app.ctx, createImagesRepository(t.database))).toEqual({ claims: 1, photos: 3 });
    expect((await photos('comp-unticked')).map((p) => p.original_name)).toEqual(['agent-own.png']);
    for (const key of copiedFiles) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    expect(await claims()).toEqual(['comp-in-report', 'comp-young']);
    expect(await photos('comp-in-report')).toHaveLength(3);
    expect(await photos('comp-young')).toHaveLength(3);

    // Without its claim, ticking the comparable again copies its photos again.
    expect((await copy('DEMO-000011', 'comp-unticked')).json().data).toHaveLength(4);
    // A second run finds nothing more to delete.
    expect(await pruneUnusedListingCopies(t.app.ctx, createImagesRepository(t.database))).toEqual({ claims: 0, photos: 0 });
  });

  it('runs as a job scheduled at start-up and schedules itself once, a day on', async () => {
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    const pending = await t.database.query<{ run_at: Date }>("select run_at from jobs where queue = $1 and status = 'pending'", [UNUSED_COPIES_PRUNE_QUEUE]);
    expect(pending.map((row) => new Date(row.run_at).getTime())).toEqual([now.getTime() + UNUSED_COPIES_PRUNE_INTERVAL_MS]);
  });
});
