// The listing pool in the browser (issue 16 item 3, decision 2131): how long Chromium takes to keep a pool in IndexedDB
// and to read it back on a reload, and the page's JavaScript heap once it is loaded, for 3,000 and 50,000 King County
// listings (the real records the import makes; 50,000 = the 21,613 sales repeated with fresh ids); plus what the
// pool weighs on its way to the server (JSON and gzipped). The module measured is the app's own, bundled as it is.
// Run: npx tsx scripts/bench/listing-pool.bench.ts [CSV]. Times are the best of RUNS on a shared machine.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Page } from 'playwright-core';
import { parseListingsCsv } from '../../packages/listings-import/src/index';
import { freePort } from './support';

const csv = path.resolve(process.argv[2] ?? '../shared/datasets/king-county-sales-recolorado.csv');
const RUNS = Number(process.env.RUNS ?? 3);
const SIZES = [3000, 50_000];
const log = (line: string) => process.stdout.write(`${line}\n`);

const parsed = parseListingsCsv(readFileSync(csv, 'utf8')).records as unknown as Record<string, unknown>[];
const poolOf = (n: number) => Array.from({ length: n }, (_, i) => ({ ...parsed[i % parsed.length]!, uuid: `bench-${i}` }));
const bodies = new Map(SIZES.map((n) => [n, JSON.stringify(poolOf(n))]));

// The app's module, bundled for the page as Vite would (React and the contracts' zod included).
const bundle = await build({
  stdin: {
    contents: "import * as pool from './apps/web/src/shared/listing-pool/listingPool'; (globalThis as any).pool = pool;",
    resolveDir: process.cwd(),
    loader: 'ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'error',
});
const script = bundle.outputFiles[0]!.text;

const port = await freePort();
const server = createServer((request, response) => {
  if (request.url === '/pool.js') return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
  const size = /^\/records-(\d+)\.json$/.exec(request.url ?? '')?.[1];
  if (size) return void response.writeHead(200, { 'content-type': 'application/json' }).end(bodies.get(Number(size)));
  response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>pool</title><script src="/pool.js"></script>');
}).listen(port, '127.0.0.1');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext();

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize / 2 ** 20;
}

interface Row {
  n: number;
  writeMs: number;
  readMs: number;
  heapBefore: number;
  heapAfter: number;
  jsonMb: number;
  gzipMb: number;
}
const rows: Row[] = [];
for (const n of SIZES) {
  let writeMs = Infinity;
  let readMs = Infinity;
  let heapBefore = 0;
  let heapAfter = 0;
  for (let run = 0; run < RUNS; run++) {
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    writeMs = Math.min(writeMs, await page.evaluate(async (size) => {
      const { pool } = globalThis as unknown as { pool: typeof import('../../apps/web/src/shared/listing-pool/listingPool') };
      await pool.loadListingPool();
      const records = (await (await fetch(`/records-${size}.json`)).json()) as { uuid: string }[];
      const start = performance.now();
      await pool.replaceListings(records);
      return performance.now() - start;
    }, n));
    // A reload: a fresh page reads the pool back from IndexedDB.
    await page.goto(`http://127.0.0.1:${port}/`);
    heapBefore = await heapMb(page);
    const read = await page.evaluate(async () => {
      const { pool } = globalThis as unknown as { pool: typeof import('../../apps/web/src/shared/listing-pool/listingPool') };
      const start = performance.now();
      await pool.loadListingPool();
      return { ms: performance.now() - start, count: pool.listingPoolSnapshot().records.length };
    });
    if (read.count !== n) throw new Error(`read back ${read.count} of ${n} listings`);
    readMs = Math.min(readMs, read.ms);
    heapAfter = await heapMb(page);
    await page.evaluate(() => (globalThis as unknown as { pool: { clearListingPool(): Promise<void> } }).pool.clearListingPool());
    await page.close();
  }
  const json = JSON.stringify({ hash: '0'.repeat(16), listings: JSON.parse(bodies.get(n)!) });
  rows.push({ n, writeMs, readMs, heapBefore, heapAfter, jsonMb: Buffer.byteLength(json) / 2 ** 20, gzipMb: gzipSync(json).length / 2 ** 20 });
}
await browser.close();
server.close();

log(`Listing pool in Chromium's IndexedDB (${path.basename(csv)}, ${parsed.length.toLocaleString('en-US')} rows read; best of ${RUNS}):`);
log('  listings  keep (write)  reload (read)  heap before → after load   upload JSON → gzipped');
for (const r of rows) {
  log(`  ${r.n.toLocaleString('en-US').padStart(8)}  ${`${r.writeMs.toFixed(0)} ms`.padStart(11)}  ${`${r.readMs.toFixed(0)} ms`.padStart(13)}  ${`${r.heapBefore.toFixed(1)} → ${r.heapAfter.toFixed(1)} MB`.padStart(24)}   ${r.jsonMb.toFixed(1)} MB → ${r.gzipMb.toFixed(1)} MB`);
}
const [small, big] = rows;
if (small && big) {
  log(`  ratio ${(big.n / small.n).toFixed(1)}× listings: write ×${(big.writeMs / small.writeMs).toFixed(1)}, read ×${(big.readMs / small.readMs).toFixed(1)}, heap added ×${((big.heapAfter - big.heapBefore) / Math.max(0.1, small.heapAfter - small.heapBefore)).toFixed(1)} (linear is ≈ ${(big.n / small.n).toFixed(1)})`);
  log(`  per listing: ${(((big.heapAfter - big.heapBefore) * 2 ** 20) / big.n / 1024).toFixed(2)} KB of heap, ${((big.gzipMb * 2 ** 20) / big.n).toFixed(0)} bytes gzipped on the wire`);
}
