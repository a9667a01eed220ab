// `npm run bench -- mls` (issue 28 item 6), on PostgreSQL (TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432):
// a generated market of BENCH_LISTINGS listings (default 1,000,000) in one MLS source. BENCH_MLS_SYNC of them
// (default 100,000) come in through the real sync from a local RESO Web API server (its own process), timed, with the
// sync's memory sampled; the rest are generated inside the database. Then comparable search around subjects and
// address search, through the real listings service as a member of the MLS sees them. Last line: one JSON object.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createDatabase, type Database } from '@cma/db';
import { createListingsRepository } from '../../apps/server/src/modules/listings/listings.repository';
import { createListingsService } from '../../apps/server/src/modules/listings/listings.service';
import { createMlsRepository } from '../../apps/server/src/modules/mls/mls.repository';
import { createMlsService } from '../../apps/server/src/modules/mls/mls.service';
import { createLocalFileStorage } from '../../apps/server/src/adapters/storage/local-file-storage';
import { createRandom } from '../../apps/server/src/shared/seeded-random';
import { benchDatabase, fillAddressTerms } from './support';
import { BENCH_TOKEN, CITIES, MARKET, STREETS, SUFFIXES } from './mls-market';

const TOTAL = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const SYNCED = Math.min(TOTAL, Number(process.env.BENCH_MLS_SYNC ?? 100_000));
const QUERIES = 200;
const pgUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const p95 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))]!;
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;

async function startResoServer(count: number): Promise<{ url: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'mls-reso-server.ts'), String(count)], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`RESO server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${line.trim()}/reso`, stop: () => child.kill('SIGTERM') };
}

/** The listings beyond the synced ones, made inside the database (indexes dropped and rebuilt, as a bulk load would). */
async function generateRest(database: Database, sourceId: string, from: number, to: number): Promise<void> {
  const indexes = await database.query<{ indexname: string; indexdef: string }>(
    "select indexname, indexdef from pg_indexes where tablename = 'listings' and indexname in ('listings_address_terms_idx', 'listings_address_key_idx', 'listings_geo_idx', 'listings_close_date_idx', 'listings_mls_key_idx')",
  );
  for (const index of indexes) await database.exec(`drop index ${index.indexname}`);
  const batch = 50_000;
  const streets = STREETS.map((s) => s.toLowerCase());
  const cities = CITIES.map((c) => c.toLowerCase());
  const suffixes = SUFFIXES.map((s) => s.toLowerCase());
  for (let start = from; start < to; start += batch) {
    await database.query(
      `insert into listings (source, mls_source_id, listing_id, listing_key, status, address, address_key, address_terms, city, postal_code, latitude, longitude,
         close_date, close_price, net_sales_price, above_grade_sqft, year_built, bedrooms, bathrooms, record)
       select 'reso', $8::uuid, 'B' || i, 'BK' || i, case when i % 5 = 0 then 'Active' else 'Closed' end,
         addr, addr, string_to_array(addr, ' '), city, zip,
         $9 + (i * 7919 % 100000) / 100000.0 * $10, $11 + (i * 104729 % 100000) / 100000.0 * $12,
         case when i % 5 = 0 then null else date '2026-05-01' - (i % 720)::int end,
         300000 + (i % 9000) * 100, 300000 + (i % 9000) * 100, 850 + (i % 3350), (1900 + i % 125)::int, 1 + i % 6, 1 + i % 4,
         jsonb_build_object('Listing Id', 'B' || i, 'properties_address', addr, 'MLS', case when i % 5 = 0 then 'Active' else 'Closed' end)
       from (
         select i, city, zip,
           (1 + (i * 31 % 9999))::text || ' ' || ($1::text[])[(1 + (i * 13 % $3))::int] || ' ' || ($4::text[])[(1 + i % 10)::int] || ' ' || city || ' co ' || zip as addr
         from (
           select i, ($2::text[])[(1 + (i / 7) % $5)::int] as city, lpad((80000 + (i * 17) % 999)::text, 5, '0') as zip
           from generate_series($6::bigint, $7::bigint) i
         ) base
       ) rows`,
      [streets, cities, streets.length, suffixes, cities.length, start, Math.min(to, start + batch) - 1, sourceId, MARKET.lat, MARKET.latSpan, MARKET.lng, MARKET.lngSpan],
    );
  }
  const started = performance.now();
  for (const index of indexes) await database.exec(index.indexdef);
  console.log(`  ${indexes.length} indexes rebuilt in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await fillAddressTerms(database);
  await database.exec('analyze listings; analyze address_terms; analyze address_term_deletes; analyze mls_photos');
}

const db = await benchDatabase(pgUrl);
const database = await createDatabase({ url: db.databaseUrl });
const files = await mkdtemp(path.join(tmpdir(), 'cma-mls-bench-'));
const reso = await startResoServer(SYNCED);
try {
  const mlsRepository = createMlsRepository(database);
  const listingsRepository = createListingsRepository(database);
  const mls = createMlsService({
    database,
    repository: mlsRepository,
    listings: listingsRepository,
    storage: createLocalFileStorage(files),
    now: () => new Date(),
    log: { info() {}, warn: (data, message) => console.log(`  ${message}: ${JSON.stringify(data)}`) },
    secretKey: null,
  });
  // Pages of 1,000, as Trestle serves them (MLS Grid allows 5,000; Bridge 200).
  await mls.addSource({ name: 'bench', title: 'Bench MLS', resoUrl: reso.url, credentials: { token: BENCH_TOKEN }, pageSize: 1000 });

  // --- sync ---
  console.log(`PostgreSQL: syncing ${SYNCED.toLocaleString('en-US')} listings (two photos each, Media inline, pages of 1,000) from a local RESO server…`);
  const heapStart = process.memoryUsage();
  let peakRss = heapStart.rss;
  let peakHeap = heapStart.heapUsed;
  const heapAt: number[] = [];
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
    heapAt.push(m.heapUsed);
  }, 250);
  const started = performance.now();
  const run = await mls.sync('bench', { owner: 'bench', reconcile: 'never' });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const perSecond = Math.round(run.written / seconds);
  const firstTenth = heapAt.slice(0, Math.max(1, Math.floor(heapAt.length / 10)));
  const lastTenth = heapAt.slice(-Math.max(1, Math.floor(heapAt.length / 10)));
  console.log(`  ${run.written.toLocaleString('en-US')} listings in ${seconds.toFixed(1)} s: ${perSecond.toLocaleString('en-US')} listings/s (skipped ${run.skipped})`);
  console.log(`  memory while syncing: RSS ${mb(heapStart.rss)} → peak ${mb(peakRss)} MB; heap ${mb(heapStart.heapUsed)} → peak ${mb(peakHeap)} MB; median heap in the first tenth of the run ${mb(median(firstTenth))} MB, in the last tenth ${mb(median(lastTenth))} MB`);
  const [photoRows] = await database.query<{ n: number }>('select count(*)::int as n from mls_photos');
  console.log(`  photo rows waiting for download: ${photoRows!.n.toLocaleString('en-US')}`);

  // --- the rest of the market, then search ---
  const source = await mls.sourceNamed('bench');
  if (TOTAL > SYNCED) {
    const genStarted = performance.now();
    await generateRest(database, source.id, SYNCED, TOTAL);
    console.log(`  ${(TOTAL - SYNCED).toLocaleString('en-US')} more listings generated in ${((performance.now() - genStarted) / 1000).toFixed(1)} s`);
  } else await database.exec('analyze listings');
  const [{ n: listings }] = await database.query<{ n: number }>('select count(*)::int as n from listings where mls_source_id = $1', [source.id]);
  const service = createListingsService(listingsRepository, () => new Date('2026-05-01T00:00:00Z'), () => mls.photoUrls.signer('thumb'));
  const viewer = { mlsSourceIds: [source.id], demo: false };
  const random = createRandom(42);
  const subjects = await database.query<{ address: string; latitude: number; longitude: number; above_grade_sqft: number; listing_id: string }>(
    `select address, latitude, longitude, above_grade_sqft, listing_id from listings where mls_source_id = $1 and listing_id = any($2::text[])`,
    [source.id, Array.from({ length: QUERIES }, () => `B${random.int(0, TOTAL - 1)}`)],
  );

  // Warm up (plans, caches), then time.
  for (const s of subjects.slice(0, 10)) await service.searchAddress(viewer, s.address, 10);
  const address: number[] = [];
  let found = 0;
  for (const s of subjects) {
    const t = performance.now();
    const result = await service.searchAddress(viewer, s.address, 10);
    address.push(performance.now() - t);
    if (result.hits[0]?.record['Listing Id'] === s.listing_id) found++;
  }
  const typed: number[] = [];
  for (const s of subjects.slice(0, 100)) {
    const [number, street] = s.address.split(' ');
    const t = performance.now();
    await service.searchAddress(viewer, `${number} ${street!.slice(0, 5)}`, 10);
    typed.push(performance.now() - t);
  }
  // The one-search flow's query: sales and active/pending listings within a mile, a year back (± size like /compare).
  const comps: number[] = [];
  let compCount = 0;
  for (const s of subjects.slice(0, 10)) await service.searchComparables(viewer, { latitude: s.latitude, longitude: s.longitude, radius: 1, months: 12, limit: 300, includeActive: true });
  for (const s of subjects) {
    const t = performance.now();
    const hits = await service.searchComparables(viewer, { latitude: s.latitude, longitude: s.longitude, radius: 1, months: 12, limit: 300, includeActive: true, excludeListingId: s.listing_id });
    comps.push(performance.now() - t);
    compCount += hits.length;
  }
  console.log(`  ${listings.toLocaleString('en-US')} listings in the MLS; ${subjects.length} subjects`);
  console.log(`  address search, whole address: median ${median(address).toFixed(1)} ms, p95 ${p95(address).toFixed(1)} ms (the listing first for ${found} of ${subjects.length})`);
  console.log(`  address search, number + street prefix: median ${median(typed).toFixed(1)} ms, p95 ${p95(typed).toFixed(1)} ms`);
  console.log(`  comparables within 1 mile, 12 months, with active/pending: median ${median(comps).toFixed(1)} ms, p95 ${p95(comps).toFixed(1)} ms (${Math.round(compCount / subjects.length)} found on average)`);
  console.log(JSON.stringify({ bench: 'mls', listings, comparables_p95_ms: Number(p95(comps).toFixed(1)), address_p95_ms: Number(p95(address).toFixed(1)), sync_listings_per_s: perSecond }));
} finally {
  reso.stop();
  await database.close();
  await db.drop();
  await rm(files, { recursive: true, force: true });
}
