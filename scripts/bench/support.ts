// What several benches share: a free port, a server started as its own process (so its memory is its own) and
// stopped with its database and files, made-up street and city names.
import { randomBytes } from 'node:crypto';
import { randomTestCardNumber } from '../../packages/contracts/src/index';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { rm } from 'node:fs/promises';
import { createRandom } from '../../apps/server/src/shared/seeded-random';
import { MIN_TYPO_LENGTH } from '../../apps/server/src/modules/listings/address-text';
import type { Database } from '@cma/db';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Spawns `node <args>` and waits until readyUrl answers 2xx (two minutes at most). */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const proc = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`process exited: ${err}`);
    try {
      if ((await fetch(readyUrl)).ok) return proc;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready: ${err}`);
}

/**
 * A fresh PostgreSQL database for one bench run when pgUrl is set (dropped by `drop()`), else nothing: the server then
 * runs on embedded PGlite.
 */
export async function benchDatabase(pgUrl: string | undefined): Promise<{ databaseUrl: string | undefined; drop(): Promise<void> }> {
  if (!pgUrl) return { databaseUrl: undefined, drop: async () => {} };
  const { default: pg } = await import('pg');
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** Registers an agent and starts a test-mode trial on a running server; the subscribed session's token. */
export async function subscribedBenchAgent(base: string): Promise<string> {
  const post = async (url: string, body: unknown, token?: string) => {
    const res = await fetch(base + url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    const json = (await res.json()) as { status_code: number; data: Record<string, unknown> };
    if (json.status_code !== 200) throw new Error(`${url}: ${JSON.stringify(json)}`);
    return json.data;
  };
  const { token: registered } = (await post('/api/register', { name: 'Bench Agent', email: `bench-${randomBytes(4).toString('hex')}@example.com`, password: 'Bench-passw0rd' })) as { token: string };
  const card = (await post('/api/test-billing/tokens', { number: randomTestCardNumber(), exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' }, registered)) as { id: string; last4: string };
  const plan = ((await (await fetch(`${base}/api/subscription-plan-list`)).json()) as { data: Array<{ id: number; amount: number }> }).data[0]!;
  const sub = (await post('/api/create-subscription', { exp_month: 12, exp_year: new Date().getFullYear() + 2, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: plan.amount }, registered)) as { token?: string };
  return sub.token ?? registered;
}

/** Stops a bench's server, then drops its database and its data folder. */
export async function stopBenchServer(server: ChildProcess | undefined, database: { drop(): Promise<void> }, dataDir: string): Promise<void> {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
}

/** `count` distinct made-up words (street and city names), the same ones for the same seed. */
export function madeUpWords(count: number, seed: number): string[] {
  const onsets = ['b', 'br', 'c', 'ch', 'd', 'f', 'g', 'gr', 'h', 'k', 'l', 'm', 'n', 'p', 'r', 's', 'st', 't', 'tr', 'v', 'w', 'z'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'oo'];
  const codas = ['', 'n', 'r', 'l', 'st', 'ck', 'm', 'rd', 'ng', 'ss'];
  const { next, pick } = createRandom(seed);
  const result = new Set<string>();
  while (result.size < count) result.add(Array.from({ length: 2 + Math.floor(next() * 2) }, () => pick(onsets) + pick(vowels) + pick(codas)).join(''));
  return [...result];
}

/** After a bulk load that bypassed the repository: the address search's term and one-typo tables, from the listings. */
export async function fillAddressTerms(database: Pick<Database, 'exec' | 'query'>): Promise<void> {
  await database.exec('insert into address_terms(term) select distinct unnest(address_terms) from listings on conflict do nothing');
  await database.query(
    `insert into address_term_deletes(delete_key, term)
     select substr(term, 1, i - 1) || substr(term, i + 1), term from address_terms, generate_series(1, length(term)) i
     where length(term) >= $1 on conflict do nothing`,
    [MIN_TYPO_LENGTH],
  );
}
