// The listing pool upload under attack (issue 30 item 1, decision 3001): PUT /api/history/<id>/listings with the
// outside test's bodies, against the real server in its own process, while another agent keeps asking for their
// details. For each body: the answer and how long it took (target ≤ 5 s), the server's memory growth (target ≤ 300 MB)
// and the other agent's latency meanwhile, beside that latency at rest.
//   - the bomb: 511 KB of gzip that unpacks to 250 MB of tiny listings ({"uuid":"a"} × 19 million);
//   - one 250 MB listing (255 KB of gzip);
//   - two bombs at once;
//   - the heaviest body the caps let through: listings just under the per-listing cap up to the unpacked-bytes cap;
//   - a real pool: 50,000 King County listings (128 MB of JSON).
// Run: npx tsx scripts/bench/listing-pool-upload.bench.ts (PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL).
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { createGzip } from 'node:zlib';
import { HISTORY_STATE_KEYS, LISTING_POOL_MAX_JSON_BYTES, LISTING_POOL_MAX_LISTING_BYTES } from '../../packages/contracts/src/index';
import { parseListingsCsv } from '../../packages/listings-import/src/index';
import { benchDatabase, freePort, startProcess, stopBenchServer, subscribedBenchAgent } from './support';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const HASH = 'a1b2c3d4e5f60718';
const ANSWER_TARGET_MS = 5_000;
const GROWTH_TARGET_MB = 300;

/** gzip of `head`, then `piece` `times` times, then `tail`, made piece by piece (never the whole text in memory). */
async function gzipOf(head: string, piece: string, times: number, tail: string): Promise<Buffer> {
  const gzip = createGzip({ level: 9 });
  const out: Buffer[] = [];
  gzip.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => gzip.on('end', resolve));
  const write = (text: string) => (gzip.write(text) ? Promise.resolve() : new Promise((resolve) => gzip.once('drain', resolve)));
  await write(head);
  for (let i = 0; i < times; i++) await write(piece);
  gzip.end(tail);
  await done;
  return Buffer.concat(out);
}

/** The server's resident memory now (MB), from /proc. */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return kb / 1024;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

async function main() {
  const loadBefore = os.loadavg()[0]!;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-bench-pool-upload-'));
  const database = await benchDatabase(pgUrl);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = await startProcess(
      ['apps/server/bin/server.mjs'],
      { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}) },
      `${base}/readyz`,
    );
    const pid = server.pid!;
    const attacker = await subscribedBenchAgent(base);
    const other = await subscribedBenchAgent(base);
    let reports = 0;
    const entry = async () => {
      const state = { ...Object.fromEntries(HISTORY_STATE_KEYS.map((key) => [key, null])), address: '1 Bench St', comaparables: [], allCsvData: [], report_data: { reportId: `bench-${++reports}` } };
      const res = await fetch(`${base}/api/post-history`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${attacker}` }, body: JSON.stringify({ address: '1 Bench St', state: JSON.stringify(state) }) });
      return ((await res.json()) as { data: { id: number } }).data.id;
    };

    console.log('making the bodies…');
    const tiny = '{"uuid":"a"},'.repeat(80_000);
    const bomb = await gzipOf(`{"hash":"${HASH}","listings":[`, tiny, Math.floor((250 * 2 ** 20) / tiny.length), '{"uuid":"a"}]}');
    const hugeListing = await gzipOf(`{"hash":"${HASH}","listings":[{"uuid":"big","Public-Remarks":"`, 'x'.repeat(2 ** 20), 250, '"}]}');
    const nearCap = JSON.stringify({ uuid: 'u', 'Public-Remarks': 'r'.repeat(LISTING_POOL_MAX_LISTING_BYTES - 100) });
    const heaviest = await gzipOf(`{"hash":"${HASH}","listings":[`, `${nearCap},`, Math.floor(LISTING_POOL_MAX_JSON_BYTES / (nearCap.length + 1)) - 1, `${nearCap}]}`);
    const csv = readFileSync(path.resolve('../shared/datasets/king-county-sales-recolorado.csv'), 'utf8');
    const records = parseListingsCsv(csv).records as unknown as Record<string, unknown>[];
    const realJson = JSON.stringify({ hash: HASH, listings: Array.from({ length: 50_000 }, (_, i) => ({ ...records[i % records.length]!, uuid: `bench-${i}` })) });
    const real = await gzipOf('', realJson, 1, '');

    // Another agent's request, every 100 ms: how long it waits while the upload is read.
    const probe = async (until: () => boolean): Promise<number[]> => {
      const times: number[] = [];
      while (!until()) {
        const start = performance.now();
        const res = await fetch(`${base}/api/user-details`, { headers: { authorization: `Bearer ${other}` }, signal: AbortSignal.timeout(30_000) });
        await res.arrayBuffer();
        times.push(performance.now() - start);
        await new Promise((r) => setTimeout(r, 100));
      }
      return times;
    };
    let stop = false;
    setTimeout(() => (stop = true), 3000);
    const atRest = await probe(() => stop);
    console.log(`\nanother agent's GET /api/user-details at rest: p50 ${percentile(atRest, 50).toFixed(1)} ms, max ${percentile(atRest, 100).toFixed(1)} ms`);

    const cases: [string, Buffer[]][] = [
      [`bomb: ${(bomb.length / 1024).toFixed(0)} KB gzip → 250 MB of tiny listings`, [bomb]],
      [`one 250 MB listing: ${(hugeListing.length / 1024).toFixed(0)} KB gzip`, [hugeListing]],
      ['two bombs at once', [bomb, bomb]],
      [`heaviest the caps admit: ${(heaviest.length / 2 ** 20).toFixed(1)} MB gzip → ${(LISTING_POOL_MAX_JSON_BYTES / 2 ** 20).toFixed(0)} MB of ${LISTING_POOL_MAX_LISTING_BYTES / 1024} KB listings`, [heaviest]],
      [`real pool: 50,000 King County listings, ${(real.length / 2 ** 20).toFixed(1)} MB gzip → ${(realJson.length / 2 ** 20).toFixed(0)} MB`, [real]],
    ];
    const results = [];
    for (const [name, bodies] of cases) {
      const ids = await Promise.all(bodies.map(() => entry()));
      const rssBefore = rssMb(pid);
      let peak = rssBefore;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);
      let finished = false;
      const probing = probe(() => finished);
      const start = performance.now();
      const answers = await Promise.all(
        bodies.map(async (body, i) => {
          const res = await fetch(`${base}/api/history/${ids[i]}/listings`, { method: 'PUT', headers: { 'content-type': 'application/gzip', authorization: `Bearer ${attacker}` }, body: new Uint8Array(body), signal: AbortSignal.timeout(300_000) });
          const json = (await res.json()) as { message?: string; data?: unknown };
          return { status: res.status, ms: performance.now() - start, message: res.status === 200 ? `${(json.data as { count: number }).count} listings saved` : json.message };
        }),
      );
      finished = true;
      const waits = await probing;
      clearInterval(sampler);
      peak = Math.max(peak, rssMb(pid));
      const slowest = Math.max(...answers.map((a) => a.ms));
      console.log(`\n${name}`);
      for (const a of answers) console.log(`  ${a.status} in ${(a.ms / 1000).toFixed(2)} s: ${a.message}`);
      console.log(`  server memory: ${rssBefore.toFixed(0)} → peak ${peak.toFixed(0)} MB (growth ${(peak - rssBefore).toFixed(0)} MB)`);
      console.log(`  another agent meanwhile: ${waits.length} requests, p50 ${percentile(waits, 50).toFixed(1)} ms, max ${percentile(waits, 100).toFixed(1)} ms`);
      console.log(`  answer ≤ ${ANSWER_TARGET_MS / 1000} s: ${slowest <= ANSWER_TARGET_MS ? 'met' : 'MISSED'}; growth ≤ ${GROWTH_TARGET_MB} MB: ${peak - rssBefore <= GROWTH_TARGET_MB ? 'met' : 'MISSED'}`);
      results.push({ name, answers, growth_mb: Math.round(peak - rssBefore), other_p50_ms: percentile(waits, 50), other_max_ms: percentile(waits, 100) });
    }
    console.log(`\nload average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (before the run: ${loadBefore.toFixed(1)}); ${database.databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
    console.log(JSON.stringify({ bench: 'listing-pool-upload', load_average: os.loadavg()[0], at_rest_p50_ms: percentile(atRest, 50), results }));
  } finally {
    await stopBenchServer(server, database, dataDir);
  }
}

await main();
