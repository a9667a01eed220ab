// The live report page /r/<token> under 50 concurrent viewers: p95 time to first byte against the floor measured in
// the same run (GET /healthz, no database, same viewers): target p95 ≤ 1.5× the floor's (issue 30; < 100 ms in issue 18).
// The real server in its own process on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite otherwise, marked so).
// Each opening comes from its own address (X-Forwarded-For behind TRUST_PROXY; a person opens a report a few times, not
// hundreds) with a phone user agent, so every request is rate-limit counted and recorded as a view, as a real opening is.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { benchDatabase, freePort, startProcess, stopBenchServer, subscribedBenchAgent } from './support';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = 5;
const TARGET_RATIO = 1.5;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** VIEWERS loops, each opening the page again as soon as the last one arrived; time to the response headers per request. */
async function load(url: string, seconds: number): Promise<{ ttfb: number[]; total: number[]; non200: number; bytes: number }> {
  const ttfb: number[] = [];
  const total: number[] = [];
  let non200 = 0;
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  let opening = 0;
  await Promise.all(
    Array.from({ length: VIEWERS }, async () => {
      while (performance.now() < until) {
        const n = opening++;
        const headers = { 'user-agent': PHONE_UA, 'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n & 255}`, 'accept-encoding': 'br, gzip' };
        const start = performance.now();
        const res = await fetch(url, { headers });
        const first = performance.now();
        const body = await res.arrayBuffer();
        const end = performance.now();
        if (res.status !== 200) non200++;
        bytes = body.byteLength;
        ttfb.push(first - start);
        total.push(end - start);
      }
    }),
  );
  return { ttfb: ttfb.sort((a, b) => a - b), total: total.sort((a, b) => a - b), non200, bytes };
}

async function main() {
  const loadBefore = os.loadavg()[0]!;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-bench-live-'));
  const database = await benchDatabase(pgUrl);
  const { databaseUrl } = database;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = await startProcess(
      ['apps/server/bin/server.mjs'],
      {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        TRUST_PROXY: 'true',
        WEB_DIST_DIR: path.join(dataDir, 'no-web'),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      },
      `${base}/readyz`,
    );
    const token = await subscribedBenchAgent(base);
    const post = async (url: string, body: unknown) => {
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
      return ((await res.json()) as { data: { id: number; token: string } }).data;
    };
    const state = await readFile('samples/report-state.json', 'utf8');
    const saved = await post('/api/post-history', { address: '1234 Elm Street, Denver, CO 80220', state });
    const link = await post('/api/report-links', { history_id: saved.id });
    const pageUrl = `${base}/r/${link.token}`;

    if (WARMUP_S > 0) await load(pageUrl, WARMUP_S);
    // The floor on this host at this hour: a route without the database, under the same viewers. Page and floor take
    // turns (ROUNDS slices of each), so a change in what else runs on the shared host weighs on both alike.
    const run = { ttfb: [] as number[], total: [] as number[], non200: 0, bytes: 0 };
    const floor = { ttfb: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      const page = await load(pageUrl, DURATION_S / ROUNDS);
      run.ttfb.push(...page.ttfb);
      run.total.push(...page.total);
      run.non200 += page.non200;
      run.bytes = page.bytes;
      floor.ttfb.push(...(await load(`${base}/healthz`, DURATION_S / ROUNDS / 2)).ttfb);
    }
    run.ttfb.sort((a, b) => a - b);
    run.total.sort((a, b) => a - b);
    floor.ttfb.sort((a, b) => a - b);
    const databaseName = databaseUrl ? 'PostgreSQL' : 'PGlite (set TEST_DATABASE_URL for the PostgreSQL figure)';
    const p95 = percentile(run.ttfb, 95);
    console.log(`\nGET /r/<token> on ${databaseName}: ${VIEWERS} concurrent viewers, ${DURATION_S} s, ${run.ttfb.length} requests (${(run.ttfb.length / DURATION_S).toFixed(0)}/s), ${run.bytes} bytes of HTML`);
    // The viewers and the server share the host: its load says how much of it this run had (figures vary with it).
    console.log(`load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores (load before the run: ${loadBefore.toFixed(1)})`);
    console.log(`time to first byte  p50 ${percentile(run.ttfb, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${percentile(run.ttfb, 99).toFixed(1)} ms`);
    console.log(`whole response      p50 ${percentile(run.total, 50).toFixed(1)} ms   p95 ${percentile(run.total, 95).toFixed(1)} ms   non-200: ${run.non200}`);
    console.log(`floor (GET /healthz, no database, same viewers): TTFB p50 ${percentile(floor.ttfb, 50).toFixed(1)} ms   p95 ${percentile(floor.ttfb, 95).toFixed(1)} ms   ${(floor.ttfb.length / (DURATION_S / 2)).toFixed(0)} req/s (${ROUNDS} turns of each)`);
    const ratio = p95 / percentile(floor.ttfb, 95);
    console.log(`p95 TTFB ${ratio.toFixed(2)}× the floor's; target ≤ ${TARGET_RATIO}×: ${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}`);
    console.log(JSON.stringify({ bench: 'live-page', database: databaseUrl ? 'postgres' : 'pglite', load_average: os.loadavg()[0], viewers: VIEWERS, requests: run.ttfb.length, ttfb_p50: percentile(run.ttfb, 50), ttfb_p95: p95, ttfb_p99: percentile(run.ttfb, 99), floor_ttfb_p95: percentile(floor.ttfb, 95), ratio, non200: run.non200 }));
    if (run.non200 > 0) process.exitCode = 1;
  } finally {
    await stopBenchServer(server, database, dataDir);
  }
}

await main();
