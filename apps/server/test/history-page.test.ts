import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { buildReportInput } from '@cma/report';
import { createUserWithSession, testBackends, type TestApp, type TestSmtp, createTestAppWithSmtp, closeAll, ONE_PDF_WORKER, bearer } from './helpers';

// The history page's API (issue 18): summaries, search, sends and views, rename, delete with undo; owner only.
const sampleState = readFileSync(new URL('../../../samples/report-state.json', import.meta.url), 'utf8');
const PHONE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** The sample report under another report id, address and client. */
function stateFor(reportId: string, address: string, clientName: string): string {
  const state = JSON.parse(sampleState);
  return JSON.stringify({ ...state, clientName, address, selectedPropertyAddress: address, report_data: { ...(state.report_data ?? {}), reportId } });
}

describe.each(testBackends())('history page API on %s', (backend) => {
  let t: TestApp;
  let smtp: TestSmtp;
  let clock = new Date('2026-11-21T10:00:00Z').getTime();
  beforeAll(async () => ({ t, smtp } = await createTestAppWithSmtp(backend, { PUBLIC_URL: 'https://cma.example' }, { now: () => new Date((clock += 1000)), pdfRenders: ONE_PDF_WORKER })));
  afterAll(() => closeAll(t, smtp));

  const save = async (token: string, state: string, address = '1234 Elm Street, Denver, CO 80220') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/post-history', headers: bearer(token), payload: { address, state } });
    expect(res.statusCode).toBe(200);
    return res.json().data.id as number;
  };
  const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/history${query}`, headers: bearer(token) });
  const rename = (token: string, id: number | string, payload: unknown) => t.app.inject({ method: 'PATCH', url: `/api/history/${id}`, headers: bearer(token), payload: payload as object });
  const remove = (token: string, id: number | string) => t.app.inject({ method: 'DELETE', url: `/api/history/${id}`, headers: bearer(token) });
  const undo = (token: string, id: number | string) => t.app.inject({ method: 'POST', url: `/api/history/${id}/undo-delete`, headers: bearer(token) });
  const share = async (token: string, historyId: number) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/report-links', headers: bearer(token), payload: { history_id: historyId } });
    expect(res.statusCode).toBe(200);
    return res.json().data as { token: string; url: string };
  };
  const visit = (linkToken: string, remoteAddress = '203.0.113.9') => t.app.inject({ method: 'GET', url: `/r/${linkToken}`, headers: { 'user-agent': PHONE_UA }, remoteAddress });

  it('shows each entry with its client, value and range as the report prints them, newest first', async () => {
    const agent = await createUserWithSession(t);
    const first = await save(agent.token, stateFor('r-first', '1234 Elm Street', 'Taylor Reed'));
    const second = await save(agent.token, stateFor('r-second', '1234 Elm Street', 'Morgan Lee'));
    const res = await list(agent.token);
    expect(res.statusCode).toBe(200);
    const { data, total, next_page, per_page } = res.json().data;
    expect({ total, next_page, per_page }).toEqual({ total: 2, next_page: null, per_page: 20 });
    expect(data.map((e: { id: number }) => e.id)).toEqual([second, first]);
    // Two CMAs of one house told apart by their client; the numbers are the engine's, as in the PDF.
    const input = buildReportInput(JSON.parse(sampleState));
    expect(data[1]).toMatchObject({
      address: '1234 Elm Street, Denver, CO 80220',
      name: null,
      client_name: 'Taylor Reed',
      value: input.reconciliation!.value,
      range_start: input.range!.start,
      range_end: input.range!.end,
      sends: [],
      send_count: 0,
      links: { total: 0, live: 0, views: 0, last_viewed_at: null },
    });
    expect(data[0].client_name).toBe('Morgan Lee');
  });

  it('fills the summary of an entry saved before summaries were kept, once, when the list is read', async () => {
    const agent = await createUserWithSession(t);
    const [old] = await t.database.query<{ id: number }>(
      "insert into report_history (user_id, report_id, address, state) values ($1, 'r-old', '9 Old Road, Denver, CO', $2) returning id",
      [agent.userId, stateFor('r-old', '9 Old Road', 'Casey Old')],
    );
    await t.database.query("insert into report_history (user_id, report_id, address, state) values ($1, 'r-broken', '1 Broken Way', 'not json')", [agent.userId]);
    const res = await list(agent.token, '?q=casey');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data).toHaveLength(1);
    expect(res.json().data.data[0]).toMatchObject({ id: Number(old!.id), client_name: 'Casey Old', value: buildReportInput(JSON.parse(sampleState)).reconciliation!.value });
    const rows = await t.database.query<{ summarized: boolean }>('select summarized from report_history where user_id = $1', [agent.userId]);
    expect(rows.every((r) => r.summarized)).toBe(true);
    // The unreadable one is listed with an empty summary rather than failing the page.
    const all = (await list(agent.token)).json().data.data;
    expect(all.find((e: { address: string }) => e.address === '1 Broken Way')).toMatchObject({ client_name: null, value: null });
  });

  it('searches by address, client or the agent’s name for the entry, case-insensitively and literally', async () => {
    const agent = await createUserWithSession(t);
    const elm = await save(agent.token, stateFor('s-1', '1234 Elm Street', 'Jordan Price'), '1234 Elm Street, Denver, CO 80220');
    const oak = await save(agent.token, stateFor('s-2', '77 Oak Avenue', 'Riley Stone'), '77 Oak Avenue, Denver, CO 80211');
    expect((await rename(agent.token, oak, { name: 'Stone family — 100% listing' })).statusCode).toBe(200);
    const ids = async (q: string) => (await list(agent.token, `?q=${encodeURIComponent(q)}`)).json().data.data.map((e: { id: number }) => e.id);
    expect(await ids('elm st')).toEqual([elm]);
    expect(await ids('JORDAN')).toEqual([elm]);
    expect(await ids('riley')).toEqual([oak]);
    expect(await ids('family')).toEqual([oak]);
    expect(await ids('100%')).toEqual([oak]);
    // % and _ are what the agent typed, not wildcards.
    expect(await ids('%')).toEqual([oak]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('  ')).toEqual([oak, elm]);
    expect((await list(agent.token, `?q=${'x'.repeat(201)}`)).json()).toMatchObject({ status_code: 422, data: { q: ['Search for at most 200 characters.'] } });
  });

  it('renames an entry; an empty name shows the address again; saving the report keeps the name', async () => {
    const agent = await createUserWithSession(t);
    const id = await save(agent.token, stateFor('n-1', '1234 Elm Street', 'Taylor'));
    const renamed = await rename(agent.token, id, { name: '  Reed — before the kitchen  ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id, name: 'Reed — before the kitchen', address: '1234 Elm Street, Denver, CO 80220' });
    await save(agent.token, stateFor('n-1', '1234 Elm Street', 'Taylor'));
    expect((await list(agent.token)).json().data.data[0].name).toBe('Reed — before the kitchen');
    expect((await rename(agent.token, id, { name: '' })).json().data.name).toBeNull();
    const tooLong = await rename(agent.token, id, { name: 'x'.repeat(121) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().data).toEqual({ name: ['A name can be at most 120 characters.'] });
    expect(Object.keys((await rename(agent.token, id, {})).json().data)).toEqual(['name']);
    expect(Object.keys((await rename(agent.token, id, { name: 5 })).json().data)).toEqual(['name']);
    const badId = await rename(agent.token, 'abc', { name: 'x' });
    expect(badId.statusCode).toBe(422);
    expect(badId.json().data).toEqual({ id: ['The id must be a whole number.'] });
    expect((await rename(agent.token, 99_999_999_999, { name: 'x' })).statusCode).toBe(422);
    expect((await rename(agent.token, 2_000_000_000, { name: 'x' })).statusCode).toBe(404);
  });

  it('deletes at once (gone from both lists, the entry and its live link 404) and undoes within the grace period', async () => {
    const agent = await createUserWithSession(t);
    const keep = await save(agent.token, stateFor('d-keep', '5 Keep Court', 'Kim'), '5 Keep Court, Denver, CO');
    const id = await save(agent.token, stateFor('d-1', '1234 Elm Street', 'Taylor'));
    const link = await share(agent.token, id);
    expect((await visit(link.token)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await list(agent.token)).json().data.data[0].links.views).toBe(1)); // written in a batch

    const deleted = await remove(agent.token, id);
    expect(deleted.statusCode).toBe(200);
    const { deleted_at, undo_until } = deleted.json().data;
    expect(new Date(undo_until).getTime() - new Date(deleted_at).getTime()).toBe(120_000);
    expect((await list(agent.token)).json().data.data.map((e: { id: number }) => e.id)).toEqual([keep]);
    const menu = await t.app.inject({ url: '/api/get-history?page=1', headers: bearer(agent.token) });
    expect(menu.json().data.data.map((e: { id: number }) => e.id)).toEqual([keep]);
    expect(menu.json().data.total).toBe(1);
    expect((await t.app.inject({ url: `/api/get-history/${id}`, headers: bearer(agent.token) })).statusCode).toBe(404);
    expect((await visit(link.token)).statusCode).toBe(404);
    expect((await rename(agent.token, id, { name: 'x' })).statusCode).toBe(404);
    expect((await remove(agent.token, id)).statusCode).toBe(404);

    const undone = await undo(agent.token, id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toMatchObject({ id, client_name: 'Taylor', links: { total: 1, live: 1, views: 1 } });
    expect((await list(agent.token)).json().data.data.map((e: { id: number }) => e.id)).toEqual([id, keep]);
    expect((await visit(link.token)).statusCode).toBe(200);
    expect((await undo(agent.token, id)).statusCode).toBe(404);

    // After the grace period the delete is final.
    expect((await remove(agent.token, id)).statusCode).toBe(200);
    clock += 121_000;
    expect((await undo(agent.token, id)).statusCode).toBe(404);
    expect((await list(agent.token)).json().data.total).toBe(1);
  });

  it('saving a deleted report again brings the entry back without its old links', async () => {
    const agent = await createUserWithSession(t);
    const state = stateFor('d-resave', '1234 Elm Street', 'Taylor');
    const id = await save(agent.token, state);
    const link = await share(agent.token, id);
    expect((await remove(agent.token, id)).statusCode).toBe(200);
    clock += 600_000;
    expect(await save(agent.token, state)).toBe(id);
    expect((await list(agent.token)).json().data.data[0]).toMatchObject({ id, links: { total: 1, live: 0 } });
    expect((await visit(link.token)).statusCode).toBe(404);
  });

  it('shows each send (to whom, when) and the views of the live links on the entry', async () => {
    const agent = await createUserWithSession(t, { email: 'history.sender@example.com' });
    const id = await save(agent.token, stateFor('v-1', '1234 Elm Street', 'Taylor Reed'));
    const sendTo = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/send-pdf', headers: bearer(agent.token), payload: { email, state: stateFor('v-1', '1234 Elm Street', 'Taylor Reed'), history_id: id } });
      expect(res.statusCode).toBe(200);
      return res.json().data.link_url as string;
    };
    const url = await sendTo('taylor@example.com');
    await sendTo('morgan@example.com');
    const token = url.split('/r/')[1]!;
    expect((await visit(token)).statusCode).toBe(200);
    expect((await visit(token, '203.0.113.10')).statusCode).toBe(200); // two visitors: one view each (decision 3002)
    await t.app.ctx.jobs.drain();
    // Views are written in a batch after their page goes out (decision 3002).
    await vi.waitFor(async () => expect((await list(agent.token)).json().data.data[0].links.views).toBe(2));
    const entry = (await list(agent.token)).json().data.data[0];
    expect(entry.id).toBe(id);
    expect(entry.send_count).toBe(2);
    expect(entry.sends.map((s: { recipient: string }) => s.recipient)).toEqual(['morgan@example.com', 'taylor@example.com']);
    expect(new Date(entry.sends[0].sent_at).getTime()).toBeGreaterThan(new Date(entry.sends[1].sent_at).getTime());
    expect(entry.links).toMatchObject({ total: 1, live: 1, views: 2 });
    expect(entry.links.last_viewed_at).not.toBeNull();
  });

  it("never lets one agent see, rename, delete or undelete another agent's entry (404, untouched)", async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const id = await save(alice.token, stateFor('a-1', '1234 Elm Street', 'Alice Client'));
    expect((await list(bob.token, '?q=alice')).json().data.data).toEqual([]);
    for (const res of [await rename(bob.token, id, { name: 'Mine now' }), await remove(bob.token, id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Alice');
    }
    expect((await list(alice.token)).json().data.data[0]).toMatchObject({ id, name: null });
    expect((await remove(alice.token, id)).statusCode).toBe(200);
    expect((await undo(bob.token, id)).statusCode).toBe(404);
    expect((await list(alice.token)).json().data.total).toBe(0);
  });
});
