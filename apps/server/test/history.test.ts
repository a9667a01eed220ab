import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { createTestApp, createUserWithSession, testBackends, type TestApp } from './helpers';

/** A minimal saved state with every spec §3 key and a report id. */
function savedState(address: string, reportId: string | null, extra: Record<string, unknown> = {}): string {
  const state: Record<string, unknown> = Object.fromEntries(HISTORY_STATE_KEYS.map((key) => [key, null]));
  Object.assign(state, { version: 2, pdfColor: '#0070c0', address, selectedPropertyAddress: address, comaparables: [], reportName: 'COMPARATIVE MARKET ANALYSIS', clientName: 'Client', range: { start: '', end: '' } });
  state.report_data = reportId ? { reportId } : null;
  return JSON.stringify({ ...state, ...extra });
}

describe.each(testBackends())('report history on %s', (backend) => {
  let t: TestApp;
  let tick = 0;
  beforeAll(async () => {
    // Each save is a second later than the one before, so "newest first" is observable.
    t = await createTestApp(backend, {}, { now: () => new Date(Date.UTC(2026, 10, 1, 12, 0, tick++)) });
  });
  afterAll(() => t.close());

  const post = (token: string, payload: unknown) => t.app.inject({ method: 'POST', url: '/api/post-history', headers: { authorization: `Bearer ${token}` }, payload: payload as object });
  const page = (token: string, n: number | string) => t.app.inject({ method: 'GET', url: `/api/get-history?page=${n}`, headers: { authorization: `Bearer ${token}` } });

  it('refuses a missing token (401) and an unsubscribed user (status 99)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/get-history?page=1' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/post-history', payload: { address: 'x', state: savedState('x', 'r') } })).statusCode).toBe(401);
    const { token } = await createUserWithSession(t, { subscribed: false });
    const res = await page(token, 1);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 99, message: 'Unauthorized access' });
  });

  it('pages 10 at a time, newest first, with next_page_url empty on the last page', async () => {
    const { token } = await createUserWithSession(t);
    for (let i = 1; i <= 12; i++) {
      const res = await post(token, { address: `${i} Main Street, Denver, CO 80202`, state: savedState(`${i} Main Street`, `report-${i}`) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ report_id: `report-${i}`, created: true });
    }
    const first = (await page(token, 1)).json().data;
    expect(first.data).toHaveLength(10);
    expect(first.data.map((e: { address: string }) => e.address.split(' ')[0])).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    expect(first.current_page).toBe(1);
    expect(first.next_page_url).toMatch(/\/api\/get-history\?page=2$/);
    const second = (await page(token, 2)).json().data;
    expect(second.data.map((e: { address: string }) => e.address.split(' ')[0])).toEqual(['2', '1']);
    expect(second.next_page_url).toBeNull();
    // The entry carries the saved state verbatim, ready to restore.
    expect(JSON.parse(second.data[1].state)).toMatchObject({ address: '1 Main Street', report_data: { reportId: 'report-1' } });
  });

  it('shows each user only their own reports', async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    await post(alice.token, { address: 'Alice House', state: savedState('Alice House', 'shared-id') });
    await post(bob.token, { address: 'Bob House', state: savedState('Bob House', 'shared-id') });
    const aliceList = (await page(alice.token, 1)).json().data;
    const bobList = (await page(bob.token, 1)).json().data;
    expect(aliceList.data.map((e: { address: string }) => e.address)).toEqual(['Alice House']);
    expect(bobList.data.map((e: { address: string }) => e.address)).toEqual(['Bob House']);
  });

  it('updates the entry when the same report is saved again, instead of duplicating it', async () => {
    const { token } = await createUserWithSession(t);
    await post(token, { address: 'Old Address', state: savedState('Old Address', 'r-1', { clientName: 'First' }) });
    await post(token, { address: 'Other Report', state: savedState('Other Report', 'r-2') });
    const again = await post(token, { address: 'New Address', state: savedState('New Address', 'r-1', { clientName: 'Second' }) });
    expect(again.json().data).toMatchObject({ report_id: 'r-1', created: false });
    const list = (await page(token, 1)).json().data;
    expect(list.total).toBe(2);
    expect(list.data[0].address).toBe('New Address'); // most recently saved first
    expect(JSON.parse(list.data[0].state).clientName).toBe('Second');
  });

  it('gives a state without a report id one, so the next save of it updates', async () => {
    const { token } = await createUserWithSession(t);
    const first = (await post(token, { address: 'No Id Lane', state: savedState('No Id Lane', null) })).json().data;
    expect(first.report_id).toMatch(/^[0-9a-f-]{36}$/);
    const stored = (await page(token, 1)).json().data.data[0];
    expect(JSON.parse(stored.state).report_data.reportId).toBe(first.report_id);
    await post(token, { address: 'No Id Lane', state: stored.state });
    expect((await page(token, 1)).json().data.total).toBe(1);
  });

  it('lists a summary page without the saved states, and gives one saved report whole by its id', async () => {
    const { token } = await createUserWithSession(t);
    for (let i = 1; i <= 11; i++) await post(token, { address: `${i} Summary Street`, state: savedState(`${i} Summary Street`, `summary-${i}`, { clientName: `Client ${i}` }) });
    const full = (await page(token, 1)).json().data;
    const summary = (await page(token, '1&fields=summary')).json().data;
    expect(summary.data.map((e: { id: number }) => e.id)).toEqual(full.data.map((e: { id: number }) => e.id));
    expect(summary.data.every((e: Record<string, unknown>) => !('state' in e))).toBe(true);
    const { state: _state, ...withoutState } = full.data[0];
    expect(summary.data[0]).toEqual(withoutState);
    expect(withoutState).toMatchObject({ report_id: 'summary-11', address: '11 Summary Street' });
    expect(summary).toMatchObject({ total: 11, current_page: 1 });
    expect(summary.next_page_url).toMatch(/\/api\/get-history\?page=2&fields=summary$/);

    const one = await t.app.inject({ method: 'GET', url: `/api/get-history/${summary.data[0].id}`, headers: { authorization: `Bearer ${token}` } });
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(full.data[0]);
    expect(JSON.parse(one.json().data.state).clientName).toBe('Client 11');
    const missing = await t.app.inject({ method: 'GET', url: '/api/get-history/999999', headers: { authorization: `Bearer ${token}` } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status_code: 404, message: 'This saved report no longer exists.' });
    expect((await t.app.inject({ method: 'GET', url: '/api/get-history/abc', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(422);
    expect((await page(token, '1&fields=everything')).statusCode).toBe(422);
  });

  it('rejects a state that is not JSON or lacks spec keys, and a bad page', async () => {
    const { token } = await createUserWithSession(t);
    const notJson = await post(token, { address: 'A', state: '{nope' });
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().data.state).toEqual(['The state must be a JSON string.']);
    const missing = await post(token, { address: 'A', state: JSON.stringify({ address: 'A' }) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().data.state[0]).toMatch(/^The state is missing: csvNewData, changeDefaultValues/);
    const noAddress = await post(token, { address: '  ', state: savedState('A', 'x') });
    expect(noAddress.json().data.address).toEqual(['Address is Required']);
    expect((await page(token, 0)).statusCode).toBe(422);
    expect((await page(token, 'abc')).statusCode).toBe(422);
  });
});
