import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getListingPoolResponse, HISTORY_STATE_KEYS, LISTING_POOL_MAX_JSON_BYTES, LISTING_POOL_MAX_LISTINGS, LISTING_POOL_NOT_SAVED_MESSAGE, putListingPoolResponse,
} from '@cma/contracts';
import { createTestApp, createUserWithSession, testBackends, type TestApp, bearer } from './helpers';

function savedState(address: string, reportId: string): string {
  const state: Record<string, unknown> = Object.fromEntries(HISTORY_STATE_KEYS.map((key) => [key, null]));
  return JSON.stringify({ ...state, address, comaparables: [], allCsvData: [], report_data: { reportId } });
}

/** `count` listings shaped like an import's records. */
function listings(count: number, tag = 'l') {
  return Array.from({ length: count }, (_, i) => ({ uuid: `${tag}-${i}`, 'Listing Id': `KC${i}`, 'Close Price': 400_000 + i, Latitude: 47.5 + i / 1e5, Longitude: -122.2, MLS: 'Closed' }));
}

const HASH = 'a1b2c3d4e5f60718';

describe.each(testBackends())('listing pools saved with history entries on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(backend)));
  afterAll(() => t.close());

  async function entry(token: string, reportId: string): Promise<number> {
    const res = await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(token), payload: { address: `${reportId} Main St`, state: savedState(`${reportId} Main St`, reportId) } });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  }
  const putGzipped = (token: string, id: number | string, body: Buffer) =>
    t.app.inject({ method: 'PUT', url: `/api/history/${id}/listings`, headers: { ...bearer(token), 'content-type': 'application/gzip' }, payload: body });
  const get = (token: string, id: number | string, acceptEncoding = 'gzip, deflate, br') =>
    t.app.inject({ method: 'GET', url: `/api/history/${id}/listings`, headers: { ...bearer(token), 'accept-encoding': acceptEncoding } });

  it('keeps every listing of a big pool (gzipped both ways) and gives it back whole, replacing the one saved before', async () => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, 'big');
    const first = await putGzipped(token, id, gzipSync(JSON.stringify({ hash: HASH, listings: listings(10) })));
    expect(first.statusCode).toBe(200);
    const pool = listings(12_000);
    const saved = await putGzipped(token, id, gzipSync(JSON.stringify({ hash: 'ffff0000ffff0000', listings: pool })));
    expect(saved.statusCode).toBe(200);
    expect(putListingPoolResponse.parse(saved.json()).data).toMatchObject({ history_id: id, hash: 'ffff0000ffff0000', count: 12_000 });

    const res = await get(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const answer = getListingPoolResponse.parse(JSON.parse(gunzipSync(res.rawPayload).toString('utf8')));
    expect(answer.data).toMatchObject({ hash: 'ffff0000ffff0000', count: 12_000 });
    expect(answer.data.listings).toEqual(pool);
    // A client that does not take gzip gets the same answer unpacked.
    const plain = await get(token, id, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(getListingPoolResponse.parse(plain.json()).data.listings.at(-1)).toEqual(pool.at(-1));
  });

  it('takes plain JSON too', async () => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, 'plain');
    const res = await t.app.inject({ method: 'PUT', url: `/api/history/${id}/listings`, headers: bearer(token), payload: { hash: HASH, listings: listings(3) } });
    expect(res.statusCode).toBe(200);
    expect(getListingPoolResponse.parse(JSON.parse(gunzipSync((await get(token, id)).rawPayload).toString('utf8'))).data.count).toBe(3);
  });

  it("answers 404 for another agent's entry, a missing one, a deleted one, and an entry saved without a pool", async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const id = await entry(alice.token, 'alice');
    expect((await putGzipped(alice.token, id, gzipSync(JSON.stringify({ hash: HASH, listings: listings(2, 'alice') })))).statusCode).toBe(200);
    expect((await get(bob.token, id)).statusCode).toBe(404);
    expect((await putGzipped(bob.token, id, gzipSync(JSON.stringify({ hash: HASH, listings: listings(2, 'bob') })))).statusCode).toBe(404);
    // Bob's failed write changed nothing of Alice's.
    expect(JSON.parse(gunzipSync((await get(alice.token, id)).rawPayload).toString('utf8')).data.listings[0].uuid).toBe('alice-0');
    expect((await get(alice.token, 999_999)).statusCode).toBe(404);

    const bare = await entry(alice.token, 'bare');
    const none = await get(alice.token, bare);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ status_code: 404, message: LISTING_POOL_NOT_SAVED_MESSAGE });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/history/${id}`, headers: bearer(alice.token) })).statusCode).toBe(200);
    expect((await get(alice.token, id)).statusCode).toBe(404);
  });

  it('refuses a missing session (401) and an unsubscribed one (status 99)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/history/1/listings' })).statusCode).toBe(401);
    const { token } = await createUserWithSession(t, { subscribed: false });
    const res = await putGzipped(token, 1, gzipSync(JSON.stringify({ hash: HASH, listings: [] })));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 99 });
  });

  it.each([
    ['a body that is not gzip', Buffer.from('not gzip at all'), 'body'],
    ['gzip that is not JSON', gzipSync('{"hash": '), 'body'],
    ['a listing without a uuid', gzipSync(JSON.stringify({ hash: HASH, listings: [{ 'Listing Id': 'x' }] })), 'listings.0.uuid'],
    ['a bad hash', gzipSync(JSON.stringify({ hash: 'not hex', listings: [] })), 'hash'],
    ['more listings than a report keeps', gzipSync(JSON.stringify({ hash: HASH, listings: Array.from({ length: LISTING_POOL_MAX_LISTINGS + 1 }, (_, i) => ({ uuid: `u${i}` })) })), 'listings'],
  ])('refuses %s with a 422 naming the field', async (_label, body, field) => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, `bad-${field}`);
    const res = await putGzipped(token, id, body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data)).toContain(field);
  });

  it('refuses with 413 a small body that unpacks beyond the limit, before reading it all', async () => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, 'bomb');
    const bomb = gzipSync(Buffer.alloc(LISTING_POOL_MAX_JSON_BYTES + 1024, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await putGzipped(token, id, bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/too large/);
  });
});
