// The live report page /r/<token> under 50 concurrent viewers: p95 time to first byte (target < 100 ms, issue 18).
// The real server in its own process on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL; PGlite otherwise, marked so).
// Each opening comes from its own address (X-Forwarded-For behind TRUST_PROXY; a person opens a report a few times, not
// hundreds) with a phone user agent, so every request is rate-limit counted and recorded as a view, as a real opening is.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 50);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const TARGET_P95_MS = 100;
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServer(env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['apps/server/bin/server.mjs'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${err}`);
    try {
      if ((await fetch(readyUrl)).ok) return proc;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${err}`);
}

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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-bench-live-'));
  let dbName: string | undefined;
  let databaseUrl: string | undefined;
  if (pgUrl) {
    dbName = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(pgUrl);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    server = await startServer(
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
    const post = async (url: string, body: unknown, token?: string) => {
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const json = (await res.json()) as any;
      if (json.status_code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const { token: registered } = await post('/api/register', { name: 'Bench Agent', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'Bench-passw0rd' });
    const card = await post('/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' }, registered);
    const plan = ((await (await fetch(`${base}/api/subscription-plan-list`)).json()) as any).data[0];
    const sub = await post('/api/create-subscription', { exp_month: 12, exp_year: new Date().getFullYear() + 2, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: plan.amount }, registered);
    const token = sub.token ?? registered;
    const state = await readFile('samples/report-state.json', 'utf8');
    const saved = await post('/api/post-history', { address: '1234 Elm Street, Denver, CO 80220', state }, token);
    const link = await post('/api/report-links', { history_id: saved.id }, token);
    const pageUrl = `${base}/r/${link.token}`;

    if (WARMUP_S > 0) await load(pageUrl, WARMUP_S);
    const run = await load(pageUrl, DURATION_S);
    const database = databaseUrl ? 'PostgreSQL' : 'PGlite (set TEST_DATABASE_URL for the PostgreSQL figure)';
    const p95 = percentile(run.ttfb, 95);
    console.log(`\nGET /r/<token> on ${database}: ${VIEWERS} concurrent viewers, ${DURATION_S} s, ${run.ttfb.length} requests (${(run.ttfb.length / DURATION_S).toFixed(0)}/s), ${run.bytes} bytes of HTML`);
    console.log(`time to first byte  p50 ${percentile(run.ttfb, 50).toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   p99 ${percentile(run.ttfb, 99).toFixed(1)} ms`);
    console.log(`whole response      p50 ${percentile(run.total, 50).toFixed(1)} ms   p95 ${percentile(run.total, 95).toFixed(1)} ms   non-200: ${run.non200}`);
    console.log(`target p95 TTFB < ${TARGET_P95_MS} ms: ${p95 < TARGET_P95_MS ? 'met' : 'MISSED'}`);
    console.log(JSON.stringify({ bench: 'live-page', database: databaseUrl ? 'postgres' : 'pglite', viewers: VIEWERS, requests: run.ttfb.length, ttfb_p50: percentile(run.ttfb, 50), ttfb_p95: p95, ttfb_p99: percentile(run.ttfb, 99), non200: run.non200 }));
    if (run.non200 > 0) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dbName) {
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
