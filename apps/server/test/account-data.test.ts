import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE, randomTestCardNumber } from '@cma/contracts';
import { bearer, createTestApp, testBackends, type TestApp } from './helpers';

const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');
const PASSWORD = 'Leaving-Home-2026';

describe.each(testBackends())('leaving, and taking the data along (issue 30) on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(backend)));
  afterAll(() => t.close());

  const post = (url: string, payload: object, token?: string) => t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });

  /** A subscribed agent with a saved report, a live link and a listing pool. */
  async function agentWithData() {
    const email = `leaving-${Math.random().toString(36).slice(2)}@example.com`;
    let token = (await post('/api/register', { name: 'Leaving Agent', email, password: PASSWORD })).json().data.token as string;
    const card = (await post('/api/test-billing/tokens', { number: randomTestCardNumber(), exp_month: 12, exp_year: 2031, cvc: '123' }, token)).json().data;
    const plan = (await t.app.inject({ url: '/api/subscription-plan-list' })).json().data[0];
    const order = await post('/api/create-subscription', { exp_month: 12, exp_year: 2031, subscription_plan_id: plan.id, card_number: card.last4, stripe_token: card.id, coupon_id: '', plan_amount: plan.amount }, token);
    token = order.json().data.token ?? token;
    const historyId = (await post('/api/post-history', { address: '1234 Elm Street, Denver, CO 80220', state: sampleState }, token)).json().data.id as number;
    const link = (await post('/api/report-links', { history_id: historyId }, token)).json().data as { token: string };
    const pool = await t.app.inject({ method: 'PUT', url: `/api/history/${historyId}/listings`, headers: { ...bearer(token), 'content-type': 'application/gzip' }, payload: gzipSync(JSON.stringify({ hash: 'a1b2c3d4e5f60718', listings: [{ uuid: 'one' }] })) });
    expect(pool.statusCode).toBe(200);
    const [{ id: userId }] = await t.database.query<{ id: string }>('select id from users where email = $1', [email]);
    return { email, token, historyId, link, userId: userId! };
  }

  it('exports every saved report (state and PDF) and the account as one zip', async () => {
    const agent = await agentWithData();
    const res = await t.app.inject({ url: '/api/account-export', headers: bearer(agent.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cma-studio-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    const folder = `reports/${agent.historyId}-1234-Elm-Street-Denver-CO-80220`;
    expect(names).toEqual(expect.arrayContaining(['account.json', `${folder}/state.json`, `${folder}/report.pdf`, `${folder}/report.json`]));
    expect(JSON.parse(Buffer.from(files[`${folder}/state.json`]!).toString('utf8')).address).toBe(JSON.parse(sampleState).address);
    expect(Buffer.from(files[`${folder}/report.pdf`]!).subarray(0, 5).toString()).toBe('%PDF-');
    const account = JSON.parse(Buffer.from(files['account.json']!).toString('utf8'));
    expect(account.user).toMatchObject({ email: agent.email, name: 'Leaving Agent' });
    expect(JSON.stringify(account)).not.toMatch(/password|argon2/);
    // Another agent's export holds nothing of this one; no session, no export.
    const other = await agentWithData();
    const theirs = Object.keys(unzipSync(new Uint8Array((await t.app.inject({ url: '/api/account-export', headers: bearer(other.token) })).rawPayload)));
    expect(theirs.some((name) => name.startsWith(`reports/${agent.historyId}-`))).toBe(false);
    expect((await t.app.inject({ url: '/api/account-export' })).statusCode).toBe(401);
  });

  it('deletes the account only with its password; then nothing of the agent remains reachable', async () => {
    const agent = await agentWithData();
    const wrong = await post('/api/delete-account', { password: 'Not-My-Password-1' }, agent.token);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().data).toEqual({ password: [DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE] });
    expect((await t.app.inject({ url: `/r/${agent.link.token}`, headers: { 'user-agent': 'Mozilla/5.0 (iPhone)' } })).statusCode).toBe(200);

    const done = await post('/api/delete-account', { password: PASSWORD }, agent.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status_code: 200, data: { deleted: true } });

    expect((await t.app.inject({ url: '/api/user-details', headers: bearer(agent.token) })).statusCode).toBe(401);
    expect((await post('/api/login', { email: agent.email, password: PASSWORD })).statusCode).toBe(422);
    expect((await t.app.inject({ url: `/r/${agent.link.token}` })).statusCode).toBe(404);
    // No row anywhere names the agent: every table with a user_id column, and the users table.
    const tables = await t.database.query<{ table_name: string }>(
      "select table_name from information_schema.columns where column_name = 'user_id' and table_schema = current_schema() and table_name not like 'pg_%'",
    );
    for (const { table_name } of tables) {
      const [row] = await t.database.query<{ n: number }>(`select count(*)::int as n from ${table_name} where user_id::text = $1`, [agent.userId]);
      expect(row!.n, table_name).toBe(0);
    }
    expect(await t.database.query('select 1 from users where id = $1 or email = $2', [agent.userId, agent.email])).toEqual([]);
    expect(await t.database.query('select 1 from report_history where id = $1', [agent.historyId])).toEqual([]);
    // The saved listing pool file is gone from storage.
    expect(await t.app.ctx.storage.get(`listing-pools/${agent.userId}/${agent.historyId}.json.gz`)).toBeUndefined();
    // Only the billing record the law asks for remains, with nothing personal in it.
    const kept = await t.database.query('select * from retained_billing_records');
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(kept)).not.toContain(agent.email);
    expect(JSON.stringify(kept)).not.toContain(agent.userId);
  });
});
