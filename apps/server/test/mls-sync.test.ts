import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { bearer, createTestApp, createUserWithSession, freePort, joinTestMls, testBackends, type TestApp } from './helpers';
import { resoPhotos, resoProperty, startFakeReso, type FakeReso } from './fake-reso';
import { createMlsService, type MlsService } from '../src/modules/mls/mls.service';
import { createMlsRepository } from '../src/modules/mls/mls.repository';
import { createListingsRepository } from '../src/modules/listings/listings.repository';
import { ResoError } from '../src/adapters/reso/reso-client';
import { MLS_SYNC_QUEUE } from '../src/modules/mls/mls.jobs';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';

// MLS sources synced from a RESO Web API server over real HTTP (issue 28 items 1–3).

const SECRET_KEY = 'a-test-key-of-at-least-thirty-two-characters';

interface Logged {
  message: string;
  data: Record<string, unknown>;
}

function serviceOn(t: TestApp, logged: Logged[] = []): MlsService {
  const log = { info: () => {}, warn: (data: Record<string, unknown>, message: string) => void logged.push({ message, data }) };
  return createMlsService({ database: t.database, repository: createMlsRepository(t.database), listings: createListingsRepository(t.database), storage: t.app.ctx.storage, now: () => new Date(), log, secretKey: SECRET_KEY });
}

const at = (day: number, hour = 10) => `2026-05-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00Z`;

/** Five closed sales around Highland (Denver), two photos each, modified on days 1–5. */
function seedMarket(reso: FakeReso): void {
  for (let i = 1; i <= 5; i++) {
    const key = `KH-${i}`;
    reso.properties.push(resoProperty(`H-${i}`, { ListingKey: key, StreetNumber: String(3100 + i * 10), Latitude: 39.7622 + i * 0.001, ModificationTimestamp: at(i) }));
    reso.media.push(...resoPhotos(reso, key, 2));
  }
}

describe.each(testBackends())('MLS sync from a RESO Web API on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let reso: FakeReso;
  let mls: MlsService;
  const logged: Logged[] = [];

  const search = async (address: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/search-address-rets', headers: bearer(token), payload: { address } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { records: Record<string, unknown>[]; hits: { mls: string | null; photos: string[]; record: Record<string, unknown> }[] };
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { MLS_SECRET_KEY: SECRET_KEY });
    const agent = await createUserWithSession(t);
    token = agent.token;
    reso = await startFakeReso({ auth: { clientId: 'cma-studio', clientSecret: 's3cret-client', tokenLifetimeSeconds: 3600 }, mediaStyle: 'resource', maxPageSize: 2 });
    seedMarket(reso);
    mls = serviceOn(t, logged);
    await mls.addSource({
      name: 'highland',
      title: 'Highland MLS',
      resoUrl: reso.url,
      credentials: { tokenUrl: reso.tokenUrl, clientId: reso.clientId, clientSecret: reso.clientSecret },
    });
    await joinTestMls(t, agent.userId, 'highland');
  });
  afterAll(async () => {
    await t.close();
    await reso.close();
  });

  it('stores the secret encrypted and never shows it', async () => {
    const [row] = await t.database.query<{ secret: string }>("select secret from mls_sources where name = 'highland'");
    expect(row!.secret.startsWith('v1:')).toBe(true);
    expect(row!.secret).not.toContain('s3cret-client');
    const state = await mls.state('highland');
    expect(JSON.stringify(state)).not.toContain('s3cret-client');
    expect(state).toMatchObject({ auth: 'oauth2', secretEncrypted: true, health: 'never synced' });
  });

  it('pulls every page with OAuth2 client credentials, then downloads the photos in two sizes', async () => {
    const run = await mls.sync('highland', { owner: 'test', reconcile: 'always' });
    expect(run).toMatchObject({ written: 5, removed: 0, skipped: 0, complete: true });
    // Five properties at two per page: three Property pages, the later ones from @odata.nextLink; one token for all.
    expect(reso.requests.filter((r) => r.startsWith('/reso/Property?') && r.includes('$orderby') && !/\$top=1(&|$)/.test(r))).toHaveLength(3);
    expect(reso.tokensIssued).toBe(1);
    const photos = await mls.storePhotos({ sourceId: (await mls.sourceNamed('highland')).id });
    expect(photos).toEqual({ stored: 10, failed: 0 });
    const state = await mls.state('highland');
    expect(state).toMatchObject({ listings: 5, photos: 10, photosPending: 0, health: 'ok', lastError: null });
    const [files] = await t.database.query<{ thumb_key: string; report_key: string }>('select thumb_key, report_key from mls_photos limit 1');
    const thumb = await sharp((await t.app.ctx.storage.get(files!.thumb_key))!).metadata();
    const report = await sharp((await t.app.ctx.storage.get(files!.report_key))!).metadata();
    expect([thumb.format, thumb.width]).toEqual(['jpeg', 480]);
    expect([report.format, report.width]).toEqual(['jpeg', 1600]); // the MLS's 2400 px fitted in 1600
  });

  it("serves the listings with our own signed photo URLs, which load without a token and with long cache headers", async () => {
    const found = await search('3110 Vallejo');
    const hit = found.hits[0]!;
    expect(hit.mls).toBe('highland');
    expect(hit.record['Listing Id']).toBe('H-1');
    expect(hit.photos).toHaveLength(2);
    expect(hit.photos[0]).toMatch(/^\/api\/mls-photos\/[0-9a-f-]{36}\/[\w-]{32}\/thumb\.jpg$/);
    expect(hit.record.propertyImages).toEqual(hit.photos);
    const photo = await t.app.inject({ method: 'GET', url: hit.photos[0]! });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const report = await t.app.inject({ method: 'GET', url: hit.photos[0]!.replace('thumb.jpg', 'report.jpg') });
    expect((await sharp(report.rawPayload).metadata()).width).toBe(1600);
    // A URL with another signature, or another photo's id under this signature, is not found.
    const forged = hit.photos[0]!.replace(/\/[\w-]{32}\//, `/${'A'.repeat(32)}/`);
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const otherId = hit.photos[1]!.split('/')[3]!;
    expect((await t.app.inject({ method: 'GET', url: hit.photos[0]!.replace(/mls-photos\/[0-9a-f-]{36}/, `mls-photos/${otherId}`) })).statusCode).toBe(404);
  });

  it('asks only for changes since the watermark; a price change and a withdrawal show at the next sync, with the photos removed', async () => {
    reso.requests.length = 0;
    const [withdrawnFiles] = await t.database.query<{ keys: string[] }>(
      `select array_agg(p.thumb_key) || array_agg(p.report_key) as keys from mls_photos p join listings l on l.id = p.listing_id where l.listing_key = 'KH-2'`,
    );
    reso.properties[0] = { ...reso.properties[0]!, ClosePrice: 845000, ModificationTimestamp: at(20) };
    reso.properties[1] = { ...reso.properties[1]!, StandardStatus: 'Withdrawn', ModificationTimestamp: at(21) };
    const run = await mls.sync('highland', { owner: 'test', reconcile: 'never' });
    expect(run).toMatchObject({ written: 1, removed: 1 });
    expect(reso.requests.find((r) => r.startsWith('/reso/Property?') && r.includes('$orderby'))).toContain(`ModificationTimestamp gt ${new Date(at(5)).toISOString()}`);
    expect((await search('3110 Vallejo')).records[0]!['Close Price']).toBe(845000);
    expect((await search('3120 Vallejo')).records.map((r) => r['Listing Id'])).not.toContain('H-2');
    for (const key of withdrawnFiles!.keys) expect(await t.app.ctx.storage.get(key)).toBeUndefined();
    expect(await mls.state('highland')).toMatchObject({ listings: 4, photos: 8 });
  });

  it('removes a listing that left the feed when the keys are reconciled', async () => {
    const gone = reso.properties.splice(2, 1)[0]!;
    expect((await mls.sync('highland', { owner: 'test', reconcile: 'always' })).removed).toBe(1);
    expect(reso.requests.some((r) => r.includes('$select=ListingKey'))).toBe(true);
    expect((await search(`${gone.StreetNumber} Vallejo`)).records.map((r) => r['Listing Id'])).not.toContain(gone.ListingId);
    expect((await mls.state('highland')).listings).toBe(3);
  });

  it('waits out a 429 for its Retry-After, renews an expired token, and keeps going', async () => {
    reso.properties.push(resoProperty('H-9', { ListingKey: 'KH-9', StreetNumber: '3190', ModificationTimestamp: at(25) }));
    reso.rateLimitNext(1, 1);
    reso.expireTokens();
    const issuedBefore = reso.tokensIssued;
    const started = Date.now();
    const run = await mls.sync('highland', { owner: 'test', reconcile: 'never' });
    expect(run.written).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(reso.tokensIssued).toBe(issuedBefore + 1);
    expect(reso.refusedTokens).toBeGreaterThanOrEqual(1);
  });

  it('skips malformed records, logging each key and reason, and stores the others', async () => {
    logged.length = 0;
    reso.properties.push(
      resoProperty('H-10', { ListingKey: 'KH-10', StreetNumber: '3200', ModificationTimestamp: at(26) }),
      { ListingKey: 'KH-BAD', ListingId: 'H-BAD', ModificationTimestamp: 'yesterday' },
      resoProperty('H-11', { ListingKey: null, ListingId: null, ModificationTimestamp: at(27) }),
    );
    const run = await mls.sync('highland', { owner: 'test', reconcile: 'never' });
    expect(run).toMatchObject({ written: 1, skipped: 2 });
    const skipped = logged.filter((l) => l.message === 'MLS record skipped');
    expect(skipped.map((l) => [l.data.key, String(l.data.reason).split(' (')[0]]).sort()).toEqual([
      ['(none)', 'no ListingKey or ListingId'],
      ['KH-BAD', 'ModificationTimestamp is not a timestamp'],
    ]);
    const state = await mls.state('highland');
    expect(state.lastError).toMatch(/2 records skipped as malformed/);
    expect(state.health).toBe('failing');
    reso.properties.splice(-2, 2);
  });

  it('fails with one clear error and loses nothing when the credentials are refused or the server cannot be reached', async () => {
    const before = (await mls.state('highland')).listings;
    await mls.addSource({ name: 'highland', title: 'Highland MLS', resoUrl: reso.url, credentials: { tokenUrl: reso.tokenUrl, clientId: reso.clientId, clientSecret: 'wrong' } });
    const refused = await mls.sync('highland', { owner: 'test' }).catch((error) => error);
    expect(refused).toBeInstanceOf(ResoError);
    expect(refused.message).toBe('the token endpoint refused the client credentials (401 invalid_client)');
    expect(refused.message).not.toContain('wrong');
    expect(await mls.state('highland')).toMatchObject({ listings: before, lastError: refused.message, health: 'failing' });

    const closed = await freePort();
    await mls.addSource({ name: 'highland', title: 'Highland MLS', resoUrl: `http://127.0.0.1:${closed}/reso`, credentials: { token: 'x' } });
    const quick = createMlsService({ database: t.database, repository: createMlsRepository(t.database), listings: createListingsRepository(t.database), storage: t.app.ctx.storage, now: () => new Date(), log: { info() {}, warn() {} }, secretKey: SECRET_KEY, clientOptions: { sleep: async () => {} } });
    const unreachable = await quick.sync('highland', { owner: 'test' }).catch((error) => error);
    expect(unreachable.message).toBe(`cannot reach http://127.0.0.1:${closed}/reso/Property (ECONNREFUSED)`);
    expect((await mls.state('highland')).listings).toBe(before);
    // Back to the real feed for the tests below.
    await mls.addSource({ name: 'highland', title: 'Highland MLS', resoUrl: reso.url, credentials: { tokenUrl: reso.tokenUrl, clientId: reso.clientId, clientSecret: reso.clientSecret } });
  });

  it('resumes from the watermark saved page by page after a failure part-way', async () => {
    const before = (await mls.sourceNamed('highland')).watermark!;
    const held = (await mls.state('highland')).listings;
    for (let i = 0; i < 6; i++) reso.properties.push(resoProperty(`H-${30 + i}`, { ListingKey: `KH-${30 + i}`, StreetNumber: String(4000 + i), ModificationTimestamp: `2026-06-0${i + 1}T10:00:00Z` }));
    // A connection that breaks after two Property pages (every later request fails).
    let propertyPages = 0;
    const breaking: typeof fetch = async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      const query = new URL(url).searchParams;
      if (url.includes('/Property?') && query.has('$orderby') && query.get('$top') !== '1' && ++propertyPages > 2) throw new TypeError('fetch failed');
      return fetch(input, init);
    };
    const failing = createMlsService({ database: t.database, repository: createMlsRepository(t.database), listings: createListingsRepository(t.database), storage: t.app.ctx.storage, now: () => new Date(), log: { info() {}, warn() {} }, secretKey: SECRET_KEY, clientOptions: { sleep: async () => {}, fetchFn: breaking } });
    const failed = await failing.sync('highland', { owner: 'test', reconcile: 'never' }).catch((error) => error);
    expect(failed).toBeInstanceOf(ResoError);
    expect((await mls.state('highland')).lastError).toMatch(/^cannot reach /);
    // Two pages of two were stored: the watermark is the first page's newest (a tie could go on) … then the second's.
    const saved = (await mls.sourceNamed('highland')).watermark!;
    expect(new Date(saved).toISOString()).toBe('2026-06-03T10:00:00.000Z');
    expect(new Date(saved).getTime()).toBeGreaterThan(new Date(before).getTime());
    reso.requests.length = 0;
    const resumed = await mls.sync('highland', { owner: 'test', reconcile: 'never' });
    expect(reso.requests.find((r) => r.startsWith('/reso/Property?') && r.includes('$orderby'))).toContain('gt 2026-06-03T10:00:00.000Z');
    expect(resumed.written).toBe(3);
    expect((await mls.state('highland')).listings).toBe(held + 6);
  });

  it('a scheduled sync runs once per slot for each source across instances', async () => {
    // A second instance on the same database, as N instances behind a load balancer are.
    const second = await buildApp(parseConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', DEMO_DATA: 'false', MAP_TILE_URL: 'off', MLS_SECRET_KEY: SECRET_KEY }), { database: t.database, logger: false, runJobs: false });
    await second.ready();
    try {
      await Promise.all([t.app.ctx.jobs.drain(), second.ctx.jobs.drain()]);
      await Promise.all([t.app.ctx.jobs.drain(), second.ctx.jobs.drain()]);
      const rows = await t.database.query<{ status: string; last_error: string | null }>('select status, last_error from jobs where queue = $1', [MLS_SYNC_QUEUE]);
      expect(rows).toEqual([{ status: 'done', last_error: null }]);
    } finally {
      await second.close();
    }
  });
});
