import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { freePort } from './helpers';

// Fault tests (issue 10): a server killed with SIGKILL loses no acknowledged save; a PostgreSQL restart under load is
// survived without restarting the server.

const serverEntry = path.resolve(import.meta.dirname, '../bin/server.mjs');

async function startServer(env: Record<string, string>): Promise<{ base: string; proc: ChildProcess }> {
  const port = await freePort();
  let output = '';
  const proc = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DEMO_DATA: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return { base, proc };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready: ${output}`);
}

const exited = (proc: ChildProcess) => new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r(null) : proc.once('exit', r)));

async function json(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(base + url, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as any;
}

/** Registers and subscribes (test-mode billing) through the public API; returns a subscriber token. */
async function subscribedAgent(base: string): Promise<string> {
  const email = `fault-${randomBytes(4).toString('hex')}@example.com`;
  const { data } = await json(base, 'POST', '/api/register', { name: 'Fault Agent', email, password: 'Sunny-Day-42' });
  const year = new Date().getFullYear() + 2;
  const card = await json(base, 'POST', '/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123' }, data.token);
  const plans = await json(base, 'GET', '/api/subscription-plan-list');
  const plan = plans.data[0];
  const sub = await json(base, 'POST', '/api/create-subscription', {
    exp_month: 12, exp_year: year, subscription_plan_id: plan.id, card_number: card.data.last4, stripe_token: card.data.id, coupon_id: '', plan_amount: plan.amount,
  }, data.token);
  expect(sub.data.is_subscribed).toBe(1);
  return sub.data.token ?? data.token;
}

const reportState = (i: number) =>
  JSON.stringify({
    ...Object.fromEntries(HISTORY_STATE_KEYS.map((k) => [k, null])),
    address: `${i} Crash Test Ln`,
    report_data: { reportId: `crash-${i}` },
    // Sizeable, so a torn write would show.
    csvNewData: Array.from({ length: 40 }, (_, j) => ({ 'Listing Id': `L${i}-${j}`, remarks: 'x'.repeat(200) })),
  });

async function allHistory(base: string, token: string): Promise<{ address: string; state: string }[]> {
  const rows: { address: string; state: string }[] = [];
  for (let page = 1; page <= 10_000; page++) {
    const res = await json(base, 'GET', `/api/get-history?page=${page}`, undefined, token);
    rows.push(...res.data.data);
    if (!res.data.next_page_url) break;
  }
  return rows;
}

describe('SIGKILL during a stream of history saves (embedded PGlite)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cma-kill-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps every acknowledged save and no half-written row', async () => {
    const env = { DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') };
    const first = await startServer(env);
    const token = await subscribedAgent(first.base);
    const acknowledged = new Set<string>();
    let i = 0;
    let killed = false;
    // Four writers in parallel; the server is killed mid-stream, so some saves are in flight.
    const writers = Array.from({ length: 4 }, async () => {
      while (!killed) {
        const n = i++;
        try {
          const res = await json(first.base, 'POST', '/api/post-history', { address: `${n} Crash Test Ln, Denver, CO 80202`, state: reportState(n) }, token);
          if (res.status_code === 200 && !killed) acknowledged.add(`${n} Crash Test Ln`);
        } catch {
          return; // connection died with the server
        }
      }
    });
    while (acknowledged.size < 25) await new Promise((r) => setTimeout(r, 20));
    killed = true;
    first.proc.kill('SIGKILL');
    await Promise.all(writers);
    await exited(first.proc);

    const second = await startServer(env);
    try {
      const rows = await allHistory(second.base, token);
      const saved = new Set(rows.map((r) => r.address.split(',')[0]));
      const lost = [...acknowledged].filter((a) => !saved.has(a));
      expect(lost, 'acknowledged saves missing after SIGKILL').toEqual([]);
      for (const row of rows) {
        const state = JSON.parse(row.state); // a torn row would not parse
        expect(HISTORY_STATE_KEYS.every((k) => k in state)).toBe(true);
        expect(state.csvNewData).toHaveLength(40);
      }
    } finally {
      second.proc.kill('SIGTERM');
      await exited(second.proc);
    }
  }, 300_000);
});

// A private PostgreSQL cluster (initdb as the postgres user) so restarting it disturbs nothing else.
const pgBin = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').map((v) => `/usr/lib/postgresql/${v}/bin`).find((b) => existsSync(`${b}/initdb`)) : undefined;
const canRunPrivateCluster = Boolean(pgBin) && process.getuid?.() === 0 && spawnSync('id', ['postgres']).status === 0;
if (!canRunPrivateCluster) console.log('PostgreSQL restart test skipped: needs PostgreSQL binaries, root and a postgres user to run a private cluster.');

describe.skipIf(!canRunPrivateCluster)('PostgreSQL restarted under load', () => {
  let clusterDir: string;
  let port: number;
  const asPostgres = (args: string[]) => spawnSync('runuser', ['-u', 'postgres', '--', ...args], { encoding: 'utf8' });

  beforeAll(async () => {
    clusterDir = await mkdtemp(path.join(tmpdir(), 'cma-pg-'));
    chmodSync(clusterDir, 0o777);
    port = await freePort();
    const init = asPostgres([`${pgBin}/initdb`, '-D', `${clusterDir}/data`, '-A', 'trust', '-U', 'postgres']);
    if (init.status !== 0) throw new Error(init.stderr);
    const start = asPostgres([`${pgBin}/pg_ctl`, '-D', `${clusterDir}/data`, '-o', `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1`, '-l', `${clusterDir}/log`, '-w', 'start']);
    if (start.status !== 0) throw new Error(start.stderr + start.stdout);
  }, 120_000);
  afterAll(async () => {
    asPostgres([`${pgBin}/pg_ctl`, '-D', `${clusterDir}/data`, '-m', 'immediate', 'stop']);
    await rm(clusterDir, { recursive: true, force: true });
  });

  it('recovers without a server restart, and loses no acknowledged save', async () => {
    const dataDir = path.join(clusterDir, 'app');
    const server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres`, DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web') });
    try {
      const token = await subscribedAgent(server.base);
      const acknowledged: string[] = [];
      const failures: number[] = [];
      let n = 0;
      let stop = false;
      const load = (async () => {
        while (!stop) {
          const i = n++;
          try {
            const res = await json(server.base, 'POST', '/api/post-history', { address: `${i} Restart Rd, Denver, CO 80202`, state: reportState(i) }, token);
            if (res.status_code === 200) acknowledged.push(`${i} Restart Rd`);
            else failures.push(i);
          } catch {
            failures.push(i);
          }
        }
      })();
      while (acknowledged.length < 10) await new Promise((r) => setTimeout(r, 20));
      const restart = asPostgres([`${pgBin}/pg_ctl`, '-D', `${clusterDir}/data`, '-o', `-p ${port} -k ${clusterDir} -c listen_addresses=127.0.0.1`, '-l', `${clusterDir}/log`, '-m', 'fast', '-w', 'restart']);
      expect(restart.status, restart.stderr).toBe(0);
      const before = acknowledged.length;
      const until = Date.now() + 30_000;
      while (acknowledged.length < before + 10 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      stop = true;
      await load;
      expect(acknowledged.length, 'saves succeed again after the restart').toBeGreaterThanOrEqual(before + 10);
      const ready = await fetch(`${server.base}/readyz`);
      expect(ready.status).toBe(200);
      const saved = new Set((await allHistory(server.base, token)).map((r) => r.address.split(',')[0]));
      expect(acknowledged.filter((a) => !saved.has(a))).toEqual([]);
    } finally {
      server.proc.kill('SIGTERM');
      await exited(server.proc);
    }
  }, 300_000);
});
