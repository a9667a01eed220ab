#!/usr/bin/env node
// Issue 28's "done when", against a RESO server nobody here wrote: SAP's OData V4 mock server
// (@sap-ux/fe-mockserver-core, installed into a temporary folder, never a dependency of the project) serving Property,
// Media and Member as SAP implements $filter/$orderby/$top/$skip (it pages only when asked: no @odata.nextLink).
//   node scripts/mls-check/check.mjs            (needs PostgreSQL at postgres://postgres@127.0.0.1:5432 and the npm registry)
// Steps: cma mls add + sync → listings and two photos each; an active member finds them with photos the app serves;
// an inactive member and a non-member find none; a comparable search around one returns the nearby sales; the MLS
// changes a price and withdraws a listing (PATCH and DELETE through SAP's server) → the next sync shows both.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PG = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RESO_PORT = 4600 + Math.floor(Math.random() * 300);
const APP_PORT = RESO_PORT + 400;
const results = [];
const check = (name, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
};

// 1. The independent server, in a folder of its own.
const work = mkdtempSync(path.join(tmpdir(), 'cma-mls-check-'));
for (const file of ['independent-reso-server.mjs', 'reso-metadata.xml']) cpSync(path.join(import.meta.dirname, file), path.join(work, file));
execFileSync('npm', ['init', '-y'], { cwd: work, stdio: 'ignore' });
execFileSync('npm', ['install', '--no-audit', '--no-fund', '@sap-ux/fe-mockserver-core@1.7.16', 'sharp@0.35.5'], { cwd: work, stdio: 'ignore' });
const reso = spawn(process.execPath, ['independent-reso-server.mjs'], { cwd: work, env: { ...process.env, PORT: String(RESO_PORT) }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise((resolve) => reso.stdout.once('data', resolve));
const RESO = `http://127.0.0.1:${RESO_PORT}`;

// 2. A fresh PostgreSQL database for the app and the cma command.
const dbName = `mls_check_${Date.now()}`;
const admin = new pg.Client({ connectionString: PG });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(PG);
dbUrl.pathname = `/${dbName}`;
const env = { ...process.env, DATABASE_URL: dbUrl.toString(), DATA_DIR: path.join(work, 'app'), MLS_SECRET_KEY: 'mls-check-key-of-at-least-32-characters', DEMO_DATA: 'false', LOG_LEVEL: 'warn' };
const cma = (...args) => {
  try {
    return { code: 0, out: execFileSync(process.execPath, [path.join(ROOT, 'apps/cli/bin/cma.mjs'), 'mls', ...args], { cwd: ROOT, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }) };
  } catch (error) {
    return { code: error.status, out: `${error.stdout}${error.stderr}` };
  }
};

let app;
try {
  const added = cma('add', 'indep', '--reso-url', `${RESO}/reso`, '--token-url', `${RESO}/oauth/token`, '--client-id', 'indep', '--client-secret', 'indep-secret', '--title', 'Independent MLS', '--page-size', '3');
  check('cma mls add', added.code === 0 && !added.out.includes('indep-secret'), added.out.trim());
  const first = cma('sync', 'indep', '--json');
  const firstLine = JSON.parse(first.out.trim().split('\n').pop());
  check('cma mls sync brings in the listings and two photos each', first.code === 0 && firstLine.listings === 8 && firstLine.photos === 16, JSON.stringify(firstLine));

  // 3. The app on the same database.
  app = spawn(process.execPath, [path.join(ROOT, 'apps/server/bin/server.mjs')], { cwd: ROOT, env: { ...env, PORT: String(APP_PORT), WEB_DIST_DIR: path.join(work, 'no-web') }, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${APP_PORT}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const call = async (method, url, body, token) => {
    const res = await fetch(base + url, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: body ? JSON.stringify(body) : undefined });
    return { status: res.status, json: await res.json().catch(() => null) };
  };
  const agent = async (name) => {
    const { json: reg } = await call('POST', '/api/register', { name, email: `${name.toLowerCase()}-${Date.now()}@example.com`, password: 'Check-passw0rd-28' });
    const { json: card } = await call('POST', '/api/test-billing/tokens', { number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' }, reg.data.token);
    const plans = (await (await fetch(`${base}/api/subscription-plan-list`)).json()).data;
    const { json: sub } = await call('POST', '/api/create-subscription', { exp_month: 12, exp_year: 2030, subscription_plan_id: plans[0].id, card_number: card.data.last4, stripe_token: card.data.id, coupon_id: '', plan_amount: plans[0].amount }, reg.data.token);
    return sub.data.token ?? reg.data.token;
  };
  const [active, inactive, outsider] = [await agent('Ada'), await agent('Ivan'), await agent('Olga')];
  const joined = await call('POST', '/api/mls-membership', { mls: 'indep', member_id: 'IND-ACTIVE' }, active);
  check('an active member joins (200)', joined.status === 200, JSON.stringify(joined.json?.data));
  const refused = await call('POST', '/api/mls-membership', { mls: 'indep', member_id: 'IND-GONE' }, inactive);
  check('an inactive member is refused (422 on member_id)', refused.status === 422 && !!refused.json?.data?.member_id, refused.json?.data?.member_id?.[0]);

  const search = async (token, address) => (await call('POST', '/api/search-address-rets', { address }, token)).json.data.hits;
  const hits = await search(active, '3200 Zuni');
  const hit = hits[0];
  check('the active member finds the listing', hit?.record?.['Listing Id'] === 'I1000', `${hits.length} hits`);
  const photo = hit ? await fetch(base + hit.photos[0]) : null;
  check('with two photos served by the app', hit?.photos.length === 2 && photo?.status === 200 && photo.headers.get('content-type') === 'image/jpeg', hit?.photos[0]);
  check('an inactive member finds none', (await search(inactive, 'Zuni')).length === 0);
  check('a non-member finds none', (await search(outsider, 'Zuni')).length === 0);
  const comps = (await call('POST', '/api/search-comparables-rets', { latitude: hit.record.Latitude, longitude: hit.record.Longitude, radius: 1, months: 24, excludeListingId: 'I1000' }, active)).json.data.hits;
  check('a comparable search around it returns the nearby sales', comps.length === 5, comps.map((c) => `${c.record['Listing Id']} ${c.distanceMiles} mi`).join(', '));

  // 4. The MLS changes a price and withdraws a listing, through SAP's OData implementation.
  const token = (await (await fetch(`${RESO}/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'indep', client_secret: 'indep-secret' }) })).json()).access_token;
  const odata = (method, url, body) => fetch(`${RESO}/reso/${url}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body && JSON.stringify(body) });
  const patched = await odata('PATCH', "Property('IND-1')", { ClosePrice: 799000, ModificationTimestamp: '2026-06-01T09:00:00Z' });
  const deleted = await odata('DELETE', "Property('IND-2')");
  check('the MLS changes a price and withdraws a listing', patched.ok && deleted.ok, `${patched.status} ${deleted.status}`);
  const second = cma('sync', 'indep', '--json');
  const secondLine = JSON.parse(second.out.trim().split('\n').pop());
  check('the next sync removes the withdrawn listing', second.code === 0 && secondLine.removed === 1 && secondLine.listings === 7 && secondLine.photos === 14, JSON.stringify(secondLine));
  const after = (await search(active, '3200 Zuni'))[0];
  check('and shows the new price', after?.record?.['Close Price'] === 799000, String(after?.record?.['Close Price']));
  check('the withdrawn listing is gone', (await search(active, '3212 Vallejo')).every((h) => h.record['Listing Id'] !== 'I1001'));
  console.log(cma('list').out);
} finally {
  app?.kill('SIGTERM');
  reso.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1500));
  const drop = new pg.Client({ connectionString: PG });
  await drop.connect();
  await drop.query(`drop database if exists ${dbName} with (force)`);
  await drop.end();
  rmSync(work, { recursive: true, force: true });
}
const failed = results.filter((ok) => !ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
