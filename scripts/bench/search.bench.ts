// Listing search at scale: address search (prefix, typo, whole address, street, zip) and comparable search on a
// generated table of BENCH_LISTINGS rows (default 1,000,000) — on PGlite, and on PostgreSQL too when
// TEST_DATABASE_URL is set. Rows are generated inside the database (generate_series) so the run measures search,
// not loading. The queries go through the real listings service.
import { createDatabase, type Database } from '@cma/db';
import { createTestDatabase } from '@cma/db/testing';
import { createListingsRepository } from '../../apps/server/src/modules/listings/listings.repository';
import { createListingsService } from '../../apps/server/src/modules/listings/listings.service';
import { fillAddressTerms, madeUpWords } from './support';

const COUNT = Number(process.env.BENCH_LISTINGS ?? 1_000_000);
const RUNS = 15;


const STREETS = madeUpWords(4000, 7);
const CITIES = madeUpWords(60, 11);
const SUFFIXES = ['st', 'ave', 'dr', 'ct', 'ln', 'way', 'blvd', 'pl', 'cir', 'rd'];

async function generate(database: Database, count: number): Promise<string> {
  const batch = 50_000;
  const [{ id: sourceId }] = await database.query<{ id: string }>("insert into mls_sources (name, title) values ('bench', 'Bench MLS') returning id");
  // Bulk load without the search indexes, then build them once (as a bulk MLS load would).
  await database.exec('drop index listings_address_terms_idx; drop index listings_address_key_idx; drop index listings_geo_idx; drop index listings_close_date_idx');
  for (let start = 0; start < count; start += batch) {
    await database.query(
      `insert into listings (source, mls_source_id, listing_id, status, address, address_key, address_terms, city, postal_code, latitude, longitude,
         close_date, close_price, net_sales_price, above_grade_sqft, year_built, bedrooms, bathrooms, record)
       select 'recolorado', $8::uuid, 'B' || i, case when i % 5 = 0 then 'Active' else 'Closed' end,
         addr, addr, string_to_array(addr, ' '), city, zip,
         38.7 + (i * 7919 % 100000) / 100000.0 * 1.3, -105.2 + (i * 104729 % 100000) / 100000.0 * 0.6,
         case when i % 5 = 0 then null else date '2026-06-01' - (i % 700)::int end,
         300000 + (i % 9000) * 100, 300000 + (i % 9000) * 100, 900 + (i % 3000), (1950 + i % 75)::int, 1 + i % 5, 1 + i % 4,
         jsonb_build_object('Listing Id', 'B' || i, 'properties_address', addr, 'MLS', 'Closed')
       from (
         select i, city, zip,
           (1 + (i * 31 % 9999))::text || ' ' || ($1::text[])[(1 + (i * 13 % $3))::int] || ' ' || ($4::text[])[(1 + i % 10)::int] || ' ' || city || ' co ' || zip as addr
         from (
           select i, ($2::text[])[(1 + (i / 7) % $5)::int] as city, (80000 + (i * 17) % 999)::text as zip
           from generate_series($6::bigint, $7::bigint) i
         ) base
       ) rows`,
      [STREETS, CITIES, STREETS.length, SUFFIXES, CITIES.length, start, Math.min(count, start + batch) - 1, sourceId],
    );
    if (process.env.BENCH_VERBOSE) console.log(`  … ${Math.min(count, start + batch)} rows`);
  }
  const indexStarted = performance.now();
  await database.exec(`create index listings_address_terms_idx on listings using gin (address_terms);
    create index listings_address_key_idx on listings (address_key text_pattern_ops);
    create index listings_geo_idx on listings (latitude, longitude);
    create index listings_close_date_idx on listings (close_date)`);
  console.log(`  indexes built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
  await fillAddressTerms(database);
  await database.exec('analyze listings; analyze address_terms; analyze address_term_deletes');
  return sourceId;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! };
}

async function run(label: string, database: Database): Promise<void> {
  console.log(`${label}: generating ${COUNT.toLocaleString('en-US')} listings…`);
  let started = performance.now();
  const viewer = { mlsSourceIds: [await generate(database, COUNT)], demo: false };
  const [{ n }] = await database.query<{ n: number }>('select count(*)::int as n from listings');
  console.log(`${label}: generated ${n.toLocaleString('en-US')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const service = createListingsService(createListingsRepository(database), () => new Date('2026-06-01T00:00:00Z'));
  const [sample] = await database.query<{ address: string }>("select address from listings where listing_id = 'B424242'");
  const address = sample!.address;
  const [number, street, suffix, city] = address.split(' ');
  const typo = street!.slice(0, 2) + street![3] + street![2] + street!.slice(4);
  const queries: [string, string][] = [
    ['whole address', address],
    ['number + street prefix', `${number} ${street!.slice(0, 4)}`],
    ['number + street with a typo', `${number} ${typo} ${suffix} `],
    ['street + suffix (many)', `${street} ${suffix} `],
    ['city prefix (very many)', city!.slice(0, 4)],
    ['zip', `${address.split(' ').pop()} `],
  ];
  for (const [name, query] of queries) {
    const first = await service.searchAddress(viewer, query, 10);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      started = performance.now();
      await service.searchAddress(viewer, query, 10);
      times.push(performance.now() - started);
    }
    const { median, p95 } = stats(times);
    const found = first.hits.findIndex((h) => h.record['Listing Id'] === 'B424242');
    console.log(
      `  search "${query}" (${name}): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms; ${first.total.toLocaleString('en-US')} matches${found >= 0 ? `, target at rank ${found + 1}` : ''}`,
    );
  }
  const times: number[] = [];
  let comps = 0;
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    const hits = await service.searchComparables(viewer, { latitude: 39.3 + i * 0.01, longitude: -104.9, radius: 1, months: 12, limit: 100, aboveGradeFinishedArea: 2000 });
    times.push(performance.now() - started);
    comps = hits.length;
  }
  const { median, p95 } = stats(times);
  console.log(`  comparables within 1 mile, 12 months, ±20 % size: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${comps} found)`);
}

const pglite = await createDatabase();
try {
  await run('PGlite (embedded)', pglite);
} finally {
  await pglite.close();
}
if (process.env.TEST_DATABASE_URL) {
  const postgres = await createTestDatabase('postgres');
  try {
    await run('PostgreSQL', postgres);
  } finally {
    await postgres.close();
  }
}
