// API throughput: hot read endpoints and login on the real server (separate process), against a bare Fastify route
// measured in the same run. PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set, else embedded PGlite.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, freePort, startProcess } from './support';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

const BARE_SERVER = `
const fastify = require('fastify')({ logger: false });
fastify.get('/bare', async () => ({ status_code: 200, data: [{ id: 1, title: 'Monthly', amount: 49 }] }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

interface Row { name: string; rps: number; p99: number; errors: number; non2xx: number; requests: number }

const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);

async function load(name: string, url: string, opts: Partial<autocannon.Options> = {}): Promise<Row> {
  // Every measured run follows an unrecorded warm-up at the same load, so JIT compilation, pool connections and
  // prepared statements are in place as they are in a server that has been up for a while.
  if (!opts.amount && WARMUP_S > 0) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_S, ...opts });
  const result = await autocannon({ url, connections: CONNECTIONS, ...(opts.amount ? {} : { duration: DURATION_S }), ...opts });
  return { name, rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, requests: result.requests.total };
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cma-bench-api-'));
  const database = await benchDatabase(pgUrl);
  const { databaseUrl } = database;
  const appPort = await freePort();
  const barePort = await freePort();
  const base = `http://127.0.0.1:${appPort}`;
  const procs: ChildProcess[] = [];
  try {
    procs.push(await startProcess(['-e', BARE_SERVER], { PORT: String(barePort), NODE_PATH: path.resolve('apps/server/node_modules') + ':' + path.resolve('node_modules') }, `http://127.0.0.1:${barePort}/bare`));
    procs.push(
      await startProcess(
        ['apps/server/bin/server.mjs'],
        { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
        `${base}/readyz`,
      ),
    );
    const post = async (url: string, body: unknown, token?: string) => {
      const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      const json = (await res.json()) as any;
      if (json.status_code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
      return json.data;
    };
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'Bench-passw0rd';
    const { token } = await post('/api/register', { name: 'Bench Agent', email, password });
    const card = await post('/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' }, token);
    const plans = (await (await fetch(`${base}/api/subscription-plan-list`)).json()) as any;
    const plan = plans.data[0];
    const sub = await post('/api/create-subscription', { exp_month: 12, exp_year: new Date().getFullYear() + 2, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: plan.amount }, token);
    const auth = { authorization: `Bearer ${sub.token ?? token}` };
    const { HISTORY_STATE_KEYS } = await import('../../packages/contracts/src/history');
    for (let i = 0; i < 25; i++) {
      const state = { ...Object.fromEntries(HISTORY_STATE_KEYS.map((k) => [k, null])), address: `${100 + i} Bench St`, report_data: { reportId: `bench-${i}` } };
      await post('/api/post-history', { address: `${100 + i} Bench St, Denver, CO 80202`, state: JSON.stringify(state) }, sub.token ?? token);
    }

    // On PostgreSQL: bare routes making the same repository calls (scripts/bench/api-floor-server.ts), the floor the
    // database round trip sets for the two database-backed reads.
    let floorBase: string | undefined;
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const userId = (await admin.query<{ id: string }>('select id from users where email = $1', [email])).rows[0]!.id;
      await admin.end();
      const floorPort = await freePort();
      floorBase = `http://127.0.0.1:${floorPort}`;
      procs.push(await startProcess(['--import', 'tsx', 'scripts/bench/api-floor-server.ts'], { PORT: String(floorPort), DATABASE_URL: databaseUrl, BENCH_USER_ID: userId }, `${floorBase}/user-details`));
    }

    const rows: Row[] = [];
    rows.push(await load('bare Fastify route', `http://127.0.0.1:${barePort}/bare`));
    rows.push(await load('GET /api/subscription-plan-list', `${base}/api/subscription-plan-list`));
    if (floorBase) rows.push(await load('  bare route, same user-details SQL', `${floorBase}/user-details`));
    rows.push(await load('GET /api/user-details', `${base}/api/user-details`, { headers: auth }));
    if (floorBase) rows.push(await load('  bare route, same history SQL', `${floorBase}/history`));
    rows.push(await load('GET /api/get-history?page=1', `${base}/api/get-history?page=1`, { headers: auth }));
    // Login is argon2id-bound by design and rate-limited per IP (100 / 15 min): a fixed 90 requests at 10 connections.
    rows.push(await load('POST /api/login (90 requests)', `${base}/api/login`, { method: 'POST', connections: 10, amount: 90, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }));

    const bare = rows[0]!.rps;
    console.log(`\nAPI load on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}: ${CONNECTIONS} connections, ${DURATION_S} s each (login: 10 connections)`);
    console.log('endpoint'.padEnd(40), 'req/s'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non-2xx'.padStart(8), 'vs bare'.padStart(8));
    for (const r of rows) {
      console.log(r.name.padEnd(40), r.rps.toFixed(0).padStart(8), r.p99.toFixed(0).padStart(8), String(r.errors).padStart(7), String(r.non2xx).padStart(8), `${((r.rps / bare) * 100).toFixed(0)}%`.padStart(8));
    }
    console.log(JSON.stringify({ bench: 'api', database: databaseUrl ? 'postgres' : 'pglite', rows }));
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
