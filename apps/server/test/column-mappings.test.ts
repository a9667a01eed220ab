import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUserWithSession, testBackends, type TestApp } from './helpers';

// The column map an agent confirms for an unknown export is remembered for that export's header (issue 28 item 5).

describe.each(testBackends())('column maps on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(backend)));
  afterAll(() => t.close());

  const get = (token: string, signature: string) => t.app.inject({ method: 'GET', url: `/api/column-mappings/${signature}`, headers: bearer(token) });
  const put = (token: string, signature: string, mapping: unknown) => t.app.inject({ method: 'PUT', url: `/api/column-mappings/${signature}`, headers: bearer(token), payload: { mapping } });

  it("keeps an agent's map per header, for that agent only, and refuses fields the importer does not have", async () => {
    const agent = await createUserWithSession(t);
    const other = await createUserWithSession(t);
    expect((await get(agent.token, '61-0a1b2c3d')).json().data).toEqual({ signature: '61-0a1b2c3d', mapping: null });
    const saved = await put(agent.token, '61-0a1b2c3d', { 'Our Ref': 'listingId', Notes: null });
    expect(saved.statusCode).toBe(200);
    expect((await get(agent.token, '61-0a1b2c3d')).json().data.mapping).toEqual({ 'Our Ref': 'listingId', Notes: null });
    expect((await get(other.token, '61-0a1b2c3d')).json().data.mapping).toBeNull();
    expect((await put(agent.token, '61-0a1b2c3d', { 'Our Ref': 'favouriteColour' })).json()).toMatchObject({ status_code: 422, data: { mapping: ['Not an import field: favouriteColour.'] } });
    expect((await get(agent.token, 'not-a-signature')).statusCode).toBe(422);
    // The agent's account deletion takes the maps with it.
    await t.database.query('delete from users where id = $1', [agent.userId]);
    expect(await t.database.query('select 1 from user_column_mappings where user_id = $1', [agent.userId])).toEqual([]);
  });
});
