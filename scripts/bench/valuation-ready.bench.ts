// Time until /review has its value (issue 27 item 2): the background measurement of a new report — market-derived
// rates and the time index, the comparables valued on the latest 300 sales, the market model fitted twice, the
// subject's reading — exactly as the browser's worker runs it (measureCore), for 3,000 and 50,000 loaded listings.
// Targets: ≤ 3 s with 3,000 listings, ≤ 10 s with 50,000 (the worker has one core; CPU time is the idle-machine figure).
// Run: npx tsx scripts/bench/valuation-ready.bench.ts [FILE.csv]
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseListingsCsv } from '@cma/listings-import';
import { migrateCmaState, readComparable, readSubject, type CmaAdjustments, type ListingRecord } from '@cma/cma';
import { UAD_STEP_DEFAULTS } from '@cma/valuation';
import { createMeasurer } from '../../apps/web/src/features/cma/market-model/measureCore';

const file = resolve(process.argv[2] ?? new URL('../../../shared/datasets/king-county-sales-recolorado.csv', import.meta.url).pathname);
const log = (line: string) => process.stdout.write(`${line}\n`);
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const records = parseListingsCsv(readFileSync(file, 'utf8'), { format: 'auto' }).records as ListingRecord[];
log(`valuation-ready bench: ${records.length} listings from ${file}, ${new Date().toISOString()}, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const NEW_REPORT: CmaAdjustments = { ...migrateCmaState({}), adjustment_formulas: { stepValues: UAD_STEP_DEFAULTS } };
/** `count` listings: the King County sales, copied further east (0.6° a copy, another market of the same shape) as needed. */
function loadedListings(count: number): ListingRecord[] {
  const out: ListingRecord[] = [];
  for (let copy = 0; out.length < count; copy++) {
    for (const record of records) {
      if (out.length >= count) break;
      if (copy === 0) out.push(record);
      else out.push({ ...record, uuid: `${String(record.uuid)}-${copy}`, 'Listing Id': `${String(record['Listing Id'])}-${copy}`, properties_address: `${String(record.properties_address)} (${copy})`, Longitude: Number(record.Longitude) + 0.6 * copy });
    }
  }
  return out;
}
for (const count of [3_000, 50_000]) {
  // 3,000: the latest sales of one part of the county, as an agent's export around a subject would be.
  const closed = (r: ListingRecord) => readComparable(r).closeDate ?? '';
  const listings = count < records.length ? [...records].filter((r) => Number(r.Latitude) > 47.6).sort((a, b) => closed(b).localeCompare(closed(a))).slice(0, count) : loadedListings(count);
  const subject = readSubject(listings.find((r) => closed(r) >= '2015-04-01')!);
  const measure = createMeasurer();
  const wall = performance.now();
  const cpu = process.cpuUsage();
  const stages: Record<string, number> = {};
  let stage = '';
  let since = wall;
  const result = measure({ records: listings, poolKey: `bench-${count}`, subject, asOfDate: subject.closeDate!, adjustments: NEW_REPORT, marketRates: true }, (s) => {
    if (s === stage) return;
    if (stage) stages[stage] = performance.now() - since;
    stage = s;
    since = performance.now();
  });
  stages[stage] = performance.now() - since;
  const seconds = (performance.now() - wall) / 1000;
  const cpuSeconds = cpuMs(cpu) / 1000;
  const target = count <= 3_000 ? 3 : 10;
  log(
    `value ready on /review with ${count.toLocaleString('en-US')} loaded listings: ${seconds.toFixed(1)} s wall, CPU ${cpuSeconds.toFixed(1)} s (` +
      `${Object.entries(stages).map(([s, ms]) => `${s} ${(ms / 1000).toFixed(1)} s`).join(', ')}); ${result.reading!.calibration.sales} recent sales measured, model on ${result.modelSales.toLocaleString('en-US')} sales — target ≤ ${target} s: ${seconds <= target ? 'met' : cpuSeconds <= target ? 'met in CPU time, not on this loaded machine' : 'MISSED'}`,
  );
}

