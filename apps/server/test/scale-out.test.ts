import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app';
import { parseConfig } from '../src/config';
import { eventually, freePort, startTestSmtp, type TestSmtp } from './helpers';

// Two real server processes on one PostgreSQL database behave as one service (DESIGN.md §2, issue 10).
const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) console.log('scale-out test skipped: TEST_DATABASE_URL is not set (it needs PostgreSQL).');

const serverEntry = path.resolve(import.meta.dirname, '../bin/server.mjs');

async function waitReady(base: string, proc: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${log()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not ready: ${log()}`);
}

describe.skipIf(!pgUrl)('two instances on one PostgreSQL', () => {
  const instances: { base: string; proc: ChildProcess }[] = [];
  let smtp: TestSmtp;
  let dbName: string;
  let dataDir: string;
  let adminUrl: string;
  let databaseUrl: string;
  /** An instance's settings: the shared database and SMTP server, its own data folder. */
  const instanceEnv = (name: string) => ({
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(dataDir, name),
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  });

  beforeAll(async () => {
    smtp = await startTestSmtp();
    dbName = `scale_${randomBytes(5).toString('hex')}`;
    adminUrl = pgUrl!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    dataDir = await mkdtemp(path.join(tmpdir(), 'cma-scale-'));
    // Start both at once: migrations must be safe when instances boot together.
    const started = await Promise.all(
      [0, 1].map(async (i) => {
        const port = await freePort();
        let output = '';
        const proc = spawn(process.execPath, [serverEntry], {
          env: { ...process.env, ...instanceEnv(`i${i}`), PORT: String(port), HOST: '127.0.0.1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        proc.stdout!.on('data', (d) => (output += d));
        proc.stderr!.on('data', (d) => (output += d));
        const base = `http://127.0.0.1:${port}`;
        await waitReady(base, proc, () => output);
        return { base, proc };
      }),
    );
    instances.push(...started);
  }, 180_000);

  /** SIGTERM ends an instance gracefully: its poller finishes the jobs it claimed before the process exits. */
  async function stopInstances(): Promise<void> {
    for (const { proc } of instances) if (proc.exitCode === null) proc.kill('SIGTERM');
    await Promise.all(instances.map(({ proc }) => new Promise((r) => (proc.exitCode !== null ? r(null) : proc.on('exit', r)))));
  }

  afterAll(async () => {
    await stopInstances();
    await smtp?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const call = async (i: number, method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${instances[i % 2]!.base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  it('a session made on one instance works on the other, and logout on either ends it everywhere', async () => {
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
    const reg = await call(0, 'POST', '/api/register', { name: 'Scale Agent', email, password: 'Sunny-Day-42' });
    expect(reg.status).toBe(200);
    const token = reg.body.data.token as string;
    const details = await call(1, 'GET', '/api/user-details', undefined, token);
    expect(details.status).toBe(200);
    expect(details.body.data.user.email).toBe(email);
    const login = await call(1, 'POST', '/api/login', { email, password: 'Sunny-Day-42' });
    expect(login.status).toBe(200);
    expect((await call(0, 'GET', '/api/logout', undefined, login.body.data.token)).status).toBe(200);
    expect((await call(1, 'GET', '/api/user-details', undefined, login.body.data.token)).status).toBe(401);
    expect((await call(1, 'GET', '/api/user-details', undefined, token)).status).toBe(200); // other session untouched
  });


  it('a session cached by one instance ends there when the other ends it, and a subscription made on one opens the other', async () => {
    const email = `cache-${randomBytes(4).toString('hex')}@example.com`;
    const { token } = (await call(0, 'POST', '/api/register', { name: 'Cache Agent', email, password: 'Sunny-Day-42' })).body.data;
    // Instance 1 resolves (and keeps) the session while the account has no subscription: the subscriber route says 99.
    expect((await call(1, 'GET', '/api/get-history?page=1', undefined, token)).body.status_code).toBe(99);
    const year = new Date().getFullYear() + 2;
    const card = (await call(0, 'POST', '/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: year, cvc: '123' }, token)).body.data;
    const plan = (await call(0, 'GET', '/api/subscription-plan-list')).body.data[0];
    const subscribed = await call(0, 'POST', '/api/create-subscription', {
      exp_month: 12, exp_year: year, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: plan.amount,
    }, token);
    expect(subscribed.body.status_code).toBe(200);
    // The notification must beat the session cache's own 5 s expiry by a wide margin.
    expect(await eventually(async () => (await call(1, 'GET', '/api/get-history?page=1', undefined, token)).status === 200, 2_000)).toBe(true);
    // Instance 1 now holds the subscribed session; a logout on instance 0 must end it there too.
    expect((await call(1, 'GET', '/api/user-details', undefined, token)).status).toBe(200);
    expect((await call(0, 'GET', '/api/logout', undefined, token)).status).toBe(200);
    expect(await eventually(async () => (await call(1, 'GET', '/api/user-details', undefined, token)).status === 401, 2_000)).toBe(true);
  });

  it('a live link revoked on one instance answers 404 on the other at once, though that one kept its lookup (decision 3002)', async () => {
    const email = `links-${randomBytes(4).toString('hex')}@example.com`;
    const { token } = (await call(0, 'POST', '/api/register', { name: 'Link Agent', email, password: 'Sunny-Day-42' })).body.data;
    const year = new Date().getFullYear() + 2;
    const card = (await call(0, 'POST', '/api/test-billing/tokens', { number: '5555555555554444', exp_month: 12, exp_year: year, cvc: '123' }, token)).body.data;
    const plan = (await call(0, 'GET', '/api/subscription-plan-list')).body.data[0];
    const subscribed = await call(0, 'POST', '/api/create-subscription', {
      exp_month: 12, exp_year: year, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: plan.amount,
    }, token);
    const agent = subscribed.body.data.token ?? token;
    const state = await readFile(path.resolve(import.meta.dirname, '../../../samples/report-state.json'), 'utf8');
    const saved = (await call(0, 'POST', '/api/post-history', { address: '1234 Elm Street, Denver, CO 80220', state }, agent)).body.data;
    const link = (await call(0, 'POST', '/api/report-links', { history_id: saved.id }, agent)).body.data;
    const page = (i: number) => fetch(`${instances[i]!.base}/r/${link.token}`).then((res) => res.status);
    expect(await page(1)).toBe(200); // instance 1 now keeps the link's lookup for a few seconds
    expect((await call(0, 'DELETE', `/api/report-links/${link.token}`, undefined, agent)).status).toBe(200);
    // The database's notice reaches instance 1 well before the lookup's own 5 s would have run out.
    expect(await eventually(async () => (await page(1)) === 404, 1_500)).toBe(true);
  });

  it('counts a rate limit across both instances and delivers each queued e-mail exactly once', async () => {
    const email = `limits-${randomBytes(4).toString('hex')}@example.com`;
    expect((await call(0, 'POST', '/api/register', { name: 'Limit Agent', email, password: 'Sunny-Day-42' })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await call(i, 'POST', '/api/forgot-password', { email })).status);
    const accepted = statuses.filter((s) => s === 200).length;
    // Per-account limit is 5 per window; alternating instances must not double it.
    expect(accepted).toBe(5);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    await smtp.waitForTo(email, accepted, 30_000);
    // Nothing else arrives: both pollers finish what they claimed and stop (so this is the last test), then one drain
    // runs every job still due on the shared queue — a second claim or a second job of a request would be sent by now.
    await stopInstances();
    const drainer = await buildApp(parseConfig({ ...instanceEnv('drainer'), LOG_LEVEL: 'silent' }), { logger: false, runJobs: false });
    try {
      await drainer.ready();
      await drainer.ctx.jobs.drain();
    } finally {
      await drainer.close();
    }
    expect(smtp.to(email)).toHaveLength(accepted);
  }, 60_000);
});
