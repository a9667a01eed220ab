import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseListingsCsv, PROPERTY_RECORD_FIELDS } from '@cma/listings-import';
import { createDatabase } from '@cma/db';
import { createTestApp, createUserWithSession, joinTestMls, testBackends, type TestApp } from './helpers';
import { createListingsRepository } from '../src/modules/listings/listings.repository';
import { createMlsRepository } from '../src/modules/mls/mls.repository';
import { createListingsService } from '../src/modules/listings/listings.service';
import { seedDemoListings } from '../src/modules/listings/listings.startup';
import { parseLoadArguments } from '../src/modules/listings/load-listings.cli';
import { generateDemoRecords, DEMO_LISTING_COUNT } from '../src/modules/listings/demo/demo-listings';

const NOW = new Date('2026-06-01T12:00:00Z');
const HEADERS = 'Listing ID,Mls Status,Street Number,Street Name,Unit Number,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price,List Price,Close Date,Latitude,Longitude,Year Built,Bedrooms Total';
// Near-identical addresses so ranking has to choose; coordinates around Wash Park (39.7003, -104.9707).
const ROWS = [
  'T-1,Closed,1234,Main St,,Denver,CO,80209,1800,650000,,05/01/2026,39.7003,-104.9707,1950,3',
  'T-2,Closed,1243,Main St,,Denver,CO,80209,1750,640000,,04/01/2026,39.7013,-104.9707,1952,3',
  'T-3,Closed,1234,Maine Ave,,Denver,CO,80210,2400,820000,,03/01/2026,39.7103,-104.9707,1960,4',
  'T-4,Active,1234,Main St,7,Aurora,CO,80012,900,,350000,,39.7004,-104.9708,2001,2',
  'T-5,Closed,88,Mainview Ct,,Denver,CO,80209,1900,700000,,01/15/2025,39.7005,-104.9705,1948,3',
  'T-6,Closed,4410,Tejon St,,Denver,CO,80211,1700,720000,,05/20/2026,39.7762,-105.0112,1925,3',
  'T-7,Closed,1234,Main St,,Colorado Springs,CO,80903,1850,420000,,02/10/2026,38.8339,-104.8214,1975,3',
];
const FIXTURE_CSV = [HEADERS, ...ROWS].join('\n');

describe.each(testBackends())('listing database on %s', (backend) => {
  let t: TestApp;
  let token: string;
  let mlsSourceId: string;
  beforeAll(async () => {
    t = await createTestApp(backend, {}, { now: () => NOW });
    const agent = await createUserWithSession(t);
    token = agent.token;
    const service = createListingsService(createListingsRepository(t.database), () => NOW);
    const { records } = parseListingsCsv(FIXTURE_CSV, { format: 'recolorado' });
    expect(records).toHaveLength(ROWS.length);
    mlsSourceId = (await createMlsRepository(t.database).ensureSource('recolorado')).id;
    await joinTestMls(t, agent.userId, 'recolorado');
    await service.load(records.map((record) => ({ source: 'recolorado', record, mlsSourceId })));
  });
  afterAll(() => t.close());

  const search = (address: string, limit?: number) =>
    t.app.inject({ method: 'POST', url: '/api/search-address-rets', headers: { authorization: `Bearer ${token}` }, payload: { address, limit } });
  const ids = async (address: string, limit?: number) => {
    const res = await search(address, limit);
    expect(res.statusCode).toBe(200);
    return (res.json().data.records as any[]).map((r) => r['Listing Id']);
  };

  it('finds the exact address first, and returns records in the CSV import shape', async () => {
    const res = await search('1234 Main St, Denver');
    const body = res.json();
    expect(body.data.records[0]['Listing Id']).toBe('T-1');
    expect(Object.keys(body.data.records[0]).sort()).toEqual([...PROPERTY_RECORD_FIELDS].sort());
    expect(body.data.records[0]).toMatchObject({ properties_address: '1234 Main St, Denver, CO 80209', 'Net Sales Price': 650000, MLS: 'Closed' });
  });

  it('matches street-type spellings and ranks whole words above prefixes', async () => {
    expect((await ids('1234 main street denver '))[0]).toBe('T-1');
    // "Mai" still being typed: Main and Maine at number 1234; never 1243 (house numbers are not typo-corrected).
    const typed = await ids('1234 Mai');
    expect(new Set(typed)).toEqual(new Set(['T-1', 'T-3', 'T-4', 'T-7']));
  });

  it('tolerates typos', async () => {
    expect((await ids('1234 Mian St Denvr '))[0]).toBe('T-1');
    expect(await ids('4410 Tejn')).toEqual(['T-6']);
    expect((await ids('1234 main st colorado sprngs '))[0]).toBe('T-7');
  });

  it('finds by zip, honours the limit, and answers nothing for an address not there', async () => {
    expect(new Set(await ids('80209 '))).toEqual(new Set(['T-1', 'T-2', 'T-5']));
    expect(await ids('main', 2)).toHaveLength(2);
    expect(await ids('9999 Nowhere Rd ')).toEqual([]);
  });

  it('validates the request and requires a subscribed session', async () => {
    const short = await search('1');
    expect(short.statusCode).toBe(422);
    expect(short.json().data.address[0]).toMatch(/at least 2/);
    expect((await t.app.inject({ method: 'POST', url: '/api/search-address-rets', payload: { address: 'main' } })).statusCode).toBe(401);
    const unsubscribed = await createUserWithSession(t, { subscribed: false });
    const res = await t.app.inject({ method: 'POST', url: '/api/search-address-rets', headers: { authorization: `Bearer ${unsubscribed.token}` }, payload: { address: 'main' } });
    expect(res.json().status).toBe(99);
  });

  it('finds comparable sales by distance, recency and size', async () => {
    const comps = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/search-comparables-rets', headers: { authorization: `Bearer ${token}` }, payload });
    const res = await comps({ latitude: 39.7003, longitude: -104.9707, radius: 1, months: 12 });
    expect(res.statusCode).toBe(200);
    const hits = res.json().data.hits as any[];
    // T-3 is 0.69 mi north; T-5 closed 16 months ago; T-4 is active; T-6 and T-7 are far away.
    expect(hits.map((h) => h.record['Listing Id'])).toEqual(['T-1', 'T-2', 'T-3']);
    expect(hits[1].distanceMiles).toBeCloseTo(0.07, 1);
    expect(hits[2].distanceMiles).toBeCloseTo(0.69, 1);

    const sized = (await comps({ latitude: 39.7003, longitude: -104.9707, radius: 1, months: 12, aboveGradeFinishedArea: 1800, excludeListingId: 'T-1' })).json().data.hits;
    expect(sized.map((h: any) => h.record['Listing Id'])).toEqual(['T-2']);
    const wider = (await comps({ latitude: 39.7003, longitude: -104.9707, radius: 0.5, months: 24, includeActive: true })).json().data.hits;
    expect(wider.map((h: any) => h.record['Listing Id']).sort()).toEqual(['T-1', 'T-2', 'T-4', 'T-5']);
    expect((await comps({ latitude: 123, longitude: 0 })).statusCode).toBe(422);
  });

  it('replaces a listing loaded again (unique per MLS and listing id)', async () => {
    const repository = createListingsRepository(t.database);
    const before = await repository.count();
    const { records } = parseListingsCsv([HEADERS, ROWS[1]!.replace('640000', '645000')].join('\n'), { format: 'recolorado' });
    await repository.upsert([{ source: 'recolorado', record: records[0]!, mlsSourceId }], NOW);
    expect(await repository.count()).toBe(before);
    expect((await repository.findByListingId({ mlsSourceIds: [mlsSourceId], demo: false }, 'T-2'))!.record['Close Price']).toBe(645000);
  });
});

describe.each(testBackends())('demo listings on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { DEMO_DATA: 'true' }, { now: () => NOW });
  });
  afterAll(() => t.close());

  it('are seeded at startup once, with photos, and searchable', async () => {
    const repository = createListingsRepository(t.database);
    expect(await repository.count('demo')).toBe(DEMO_LISTING_COUNT);
    await seedDemoListings(t.app.ctx, { listings: createListingsService(repository, t.app.ctx.now) });
    expect(await repository.count('demo')).toBe(DEMO_LISTING_COUNT);

    const { token } = await createUserWithSession(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/search-address-rets', headers: { authorization: `Bearer ${token}` }, payload: { address: 'Flying Horse Club Dr colorado springs', limit: 5 } });
    const hit = res.json().data.hits[0];
    expect(hit.record.City).toBe('Colorado Springs');
    expect(hit.photos).toHaveLength(3);
    const photo = await t.app.inject({ method: 'GET', url: hit.photos[0] });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(photo.body).toContain('<svg');
    expect((await t.app.inject({ method: 'GET', url: '/api/listing-photos/demo/DEMO-999999/1.svg' })).statusCode).toBe(404);
  });
});

describe('demo generator', () => {
  it('is deterministic and plausible', () => {
    const a = generateDemoRecords({ count: 300, referenceDate: NOW });
    const b = generateDemoRecords({ count: 300, referenceDate: NOW });
    expect(b.map((r) => [r.uuid, r.properties_address, r['Net Sales Price']])).toEqual(a.map((r) => [r.uuid, r.properties_address, r['Net Sales Price']]));
    const closed = a.filter((r) => r.MLS === 'Closed');
    expect(closed.length).toBeGreaterThan(200);
    expect(a.some((r) => r.MLS === 'Active')).toBe(true);
    for (const r of closed) {
      const perSqft = (r['Net Sales Price'] as number) / (r['Above Grade Finished Area'] as number);
      expect(perSqft).toBeGreaterThan(120);
      expect(perSqft).toBeLessThan(900);
      expect(r.State).toBe('CO');
      expect(r.Latitude as number).toBeGreaterThan(38.6);
      expect(r.Latitude as number).toBeLessThan(39.95);
    }
    // Denver neighbourhoods sell dearer per sq ft than Security-Widefield.
    const median = (hood: string) => {
      const v = closed.filter((r) => r.Neighborhood === hood).map((r) => r.perSquareFeet as number).sort((x, y) => x - y);
      return v[Math.floor(v.length / 2)]!;
    };
    expect(median('Cherry Creek')).toBeGreaterThan(median('Security-Widefield') * 2);
  });
});

describe('load-listings command', () => {
  it.each([
    [['a.csv'], { files: ['a.csv'], format: 'auto', mls: null }],
    [['a.csv', 'b.csv', '--format', 'ppar'], { files: ['a.csv', 'b.csv'], format: 'ppar', mls: null }],
    [['--format=recolorado', 'a.csv', '--mls', 'pikes-peak'], { files: ['a.csv'], format: 'recolorado', mls: 'pikes-peak' }],
  ])('reads %j', (argv, expected) => {
    expect(parseLoadArguments(argv)).toEqual(expected);
  });

  it.each([[[]], [['--format', 'zillow', 'a.csv']], [['--bogus', 'a.csv']], [['a.csv', '--mls', 'Not A Name']]])('refuses %j with the usage', (argv) => {
    expect(() => parseLoadArguments(argv)).toThrow(/usage|format must be|--mls must/);
  });

  it('loads a PPAR export into the embedded database', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cma-load-'));
    try {
      const csv = ['MLS #,Status,Address,Postal City,State,Zip,Above Grade Fin Area (SqFt),Sold Price,Sold Date,Beds,Baths Full', '7001,Sold,"55 Pikes Peak Ave, Colorado Springs, CO 80903",Colorado Springs,CO,80903,1500,400000,03/02/2026,3,2', '7002,Sold,12 Tejon St,Colorado Springs,CO,80903,1400,,03/02/2026,3,2'].join('\r\n');
      await writeFile(path.join(dir, 'ppar.csv'), csv);
      const { stdout } = await promisify(execFile)('npx', ['tsx', 'apps/server/src/modules/listings/load-listings.cli.ts', path.join(dir, 'ppar.csv')], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      });
      expect(stdout).toMatch(/format PPAR \(detected\)/);
      const database = await createDatabase({ dataDir: dir });
      try {
        const rows = await database.query<{ source: string; listing_id: string; mls: string }>(
          'select l.source, l.listing_id, s.name as mls from listings l join mls_sources s on s.id = l.mls_source_id order by listing_id',
        );
        // The listings belong to the MLS source named after the format (made without a feed on first load).
        expect(rows[0]).toEqual({ source: 'ppar', listing_id: '7001', mls: 'ppar' });
      } finally {
        await database.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('reports rows without a Listing Id on their line, and prints a bad header with its escape sequences shown, not run', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'cma-load-'));
    try {
      const good = ['MLS #,Status,Address,Above Grade Fin Area (SqFt),Sold Price', '7001,Sold,12 Tejon St,1500,400000', ',Sold,14 Tejon St,1400,390000', '7003,Sold,16 Tejon St,1300,380000'].join('\n');
      await writeFile(path.join(dir, 'good.csv'), good);
      await writeFile(path.join(dir, 'bad.csv'), '\u001b[2J\u001b]0;owned\u0007Name,\u001b[31mColour\n1,2\n');
      const result = await promisify(execFile)('npx', ['tsx', 'apps/server/src/modules/listings/load-listings.cli.ts', path.join(dir, 'good.csv'), path.join(dir, 'bad.csv')], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      }).then(() => ({ code: 0, stdout: '', stderr: '' }), (error: { code: number; stdout: string; stderr: string }) => error);
      expect(result.code).toBe(1); // bad.csv could not be loaded
      expect(result.stdout).toMatch(/good\.csv: .*rows read 3, records 2, listings written 2, problems 1;/);
      expect(result.stdout).toContain('  line 3: no Listing Id; row skipped');
      expect(result.stderr).toContain('(headers: \\x1b[2J\\x1b]0;owned\\x07Name, \\x1b[31mColour)');
      expect(result.stdout + result.stderr).not.toContain('\u001b');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
