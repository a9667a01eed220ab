import { Readable } from 'node:stream';
import { createGzip, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getListingPoolResponse, HISTORY_STATE_KEYS, LISTING_POOL_LISTING_TOO_LARGE_MESSAGE, LISTING_POOL_MAX_JSON_BYTES, LISTING_POOL_MAX_LISTING_BYTES, LISTING_POOL_MAX_LISTINGS,
  LISTING_POOL_NOT_SAVED_MESSAGE, LISTING_POOL_TOO_MANY_MESSAGE, putListingPoolResponse,
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

/**
 * A gzipped upload made as it is read: `head`, then `repeat` sent `times` times (the bomb inflates to 250 MB
 * this way). `taken()` says how much of the text the server pulled through the gzip: a reader that stops early pulls
 * little of it.
 */
function lazyGzip(head: string, repeat: string, times: number): { body: Readable; taken(): number; total: number } {
  let taken = 0;
  let sent = -1;
  const piece = Buffer.from(repeat);
  const text = new Readable({
    highWaterMark: 64 * 1024,
    read() {
      if (sent === -1) {
        sent = 0;
        taken += head.length;
        return void this.push(head);
      }
      if (sent === times) return void this.push(null);
      sent++;
      taken += piece.length;
      this.push(piece);
    },
  });
  return { body: text.pipe(createGzip({ level: 1 })), taken: () => taken, total: head.length + piece.length * times };
}

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

  it('stops at the 50,001st listing of a small body that unpacks to 250 MB of tiny listings (the issue\'s bomb): 422, the rest never unpacked', async () => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, 'tiny-bomb');
    // `{"uuid":"a"}` about nineteen million times, as the outside test sent it, 1 MB of text per piece.
    const tiny = '{"uuid":"a"},'.repeat(80_000);
    const upload = lazyGzip(`{"hash":"${HASH}","listings":[`, tiny, Math.ceil((250 * 1024 * 1024) / tiny.length));
    const res = await putGzipped(token, id, upload.body as unknown as Buffer);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message: LISTING_POOL_TOO_MANY_MESSAGE, data: { listings: [LISTING_POOL_TOO_MANY_MESSAGE] } });
    // The 50,001st listing starts 650 KB in: the reader stopped there, not 250 MB later (what was pulled beyond it is
    // the few compressed pieces in flight, at this body's 250:1 ratio).
    expect(upload.taken()).toBeLessThan(64 * 1024 * 1024);
    expect(upload.total).toBeGreaterThan(250 * 1024 * 1024);
    // Nothing was saved: the entry still has no pool.
    expect((await get(token, id)).statusCode).toBe(404);
  });

  it('refuses one listing over the per-listing cap (the issue\'s 250 MB listing) as soon as it passes the cap, naming it', async () => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, 'huge-listing');
    const fine = JSON.stringify(listings(2)).slice(1, -1);
    const upload = lazyGzip(`{"hash":"${HASH}","listings":[${fine},{"uuid":"big","Public-Remarks":"`, 'x'.repeat(1024 * 1024), 250);
    const res = await putGzipped(token, id, upload.body as unknown as Buffer);
    expect(res.statusCode).toBe(422);
    expect(res.json().data).toEqual({ 'listings.2': [LISTING_POOL_LISTING_TOO_LARGE_MESSAGE] });
    expect(upload.taken()).toBeLessThan(64 * 1024 * 1024);
    // Just under the cap is a listing like any other.
    const remarks = 'y'.repeat(LISTING_POOL_MAX_LISTING_BYTES - 200);
    const ok = await putGzipped(token, id, gzipSync(JSON.stringify({ hash: HASH, listings: [...listings(2), { uuid: 'long', 'Public-Remarks': remarks }] })));
    expect(ok.statusCode).toBe(200);
    const saved = getListingPoolResponse.parse(JSON.parse(gunzipSync((await get(token, id)).rawPayload).toString('utf8'))).data;
    expect(saved.listings.at(-1)).toEqual({ uuid: 'long', 'Public-Remarks': remarks });
  });

  it('validates each listing as it is read and names the first bad one; keeps the listings as sent (escapes, any key order, hash last)', async () => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, 'per-listing');
    const bad = await putGzipped(token, id, gzipSync(`{"listings":[${JSON.stringify(listings(3)).slice(1, -1)},{"uuid":""}],"hash":"${HASH}"}`));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data).toEqual({ 'listings.3.uuid': ['Each listing needs a uuid.'] });
    // A NUL, escaped as JSON writes it, is refused on the field as everywhere else; a raw one makes the listing not JSON.
    const nul = await putGzipped(token, id, gzipSync(`{"hash":"${HASH}","listings":[{"uuid":"n","City":"Den\\u0000ver"}]}`));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().data).toEqual({ 'listings.0.City': ['This field contains a character that is not allowed.'] });
    const rawNul = await putGzipped(token, id, gzipSync(`{"hash":"${HASH}","listings":[{"uuid":"n","City":"Den\u0000ver"}]}`));
    expect(rawNul.json().data).toEqual({ 'listings.0': ['This listing is not valid JSON.'] });
    const tricky = [{ uuid: 'q"1', Remarks: 'a \\" quote ] and } and [ { inside', 'Listing Id': '\u00e9' }, { uuid: 'é-2', nested: { a: [1, { b: '}' }] } }];
    const body = `{ "other": {"x": [1, "]"]}, "listings" : [ ${tricky.map((l) => JSON.stringify(l, null, 2)).join(' ,\n')} ] , "hash": "${HASH}" }`;
    const res = await putGzipped(token, id, gzipSync(body));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ hash: HASH, count: 2 });
    expect(getListingPoolResponse.parse(JSON.parse(gunzipSync((await get(token, id)).rawPayload).toString('utf8'))).data.listings).toEqual(tricky);
  });

  it.each([
    ['a pool cut short', gzipSync(`{"hash":"${HASH}","listings":[{"uuid":"a"}`), 'body'],
    ['a trailing comma', gzipSync(`{"hash":"${HASH}","listings":[{"uuid":"a"},]}`), 'listings.1'],
    ['a listing that is not JSON', gzipSync(`{"hash":"${HASH}","listings":[{"uuid":"a",}]}`), 'listings.0'],
    ['listings that are not a list', gzipSync(`{"hash":"${HASH}","listings":{"uuid":"a"}}`), 'listings'],
    ['no listings at all', gzipSync(`{"hash":"${HASH}"}`), 'listings'],
    ['an array instead of the pool', gzipSync('[]'), 'body'],
    ['an empty body', Buffer.alloc(0), 'body'],
  ])('refuses %s with a 422 naming the field', async (_label, body, field) => {
    const { token } = await createUserWithSession(t);
    const id = await entry(token, `broken-${field}`);
    const res = await putGzipped(token, id, body);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().data)).toEqual([field]);
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
