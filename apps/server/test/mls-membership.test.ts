import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { bearer, createTestApp, createUserWithSession, testBackends, type TestApp } from './helpers';
import { resoMember, resoPhotos, resoProperty, startFakeReso, type FakeReso } from './fake-reso';
import { createMlsService, type MlsService } from '../src/modules/mls/mls.service';
import { createMlsRepository } from '../src/modules/mls/mls.repository';
import { createMembershipRepository } from '../src/modules/mls/mls-membership.repository';
import { createMembershipService, type MembershipService } from '../src/modules/mls/mls-membership.service';
import { createListingsRepository } from '../src/modules/listings/listings.repository';

// Only members see an MLS (issue 28 item 4): a member of one MLS gets none of another's listings, photos or pools.

type Agent = { userId: string; token: string };

describe.each(testBackends())('MLS memberships on %s', (backend) => {
  let t: TestApp;
  let frontRange: FakeReso; // with a Member resource
  let pikes: FakeReso; // without one
  let mls: MlsService;
  let memberships: MembershipService;
  let alice: Agent; // active member of front-range
  let bob: Agent; // an inactive member's id
  let carol: Agent; // no membership
  let dave: Agent; // approved member of pikes

  const post = (agent: Agent | null, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: agent ? bearer(agent.token) : {}, payload });
  const join = (agent: Agent, body: Record<string, unknown>) => post(agent, '/api/mls-membership', body);
  const addressIds = async (agent: Agent, address: string) => {
    const res = await post(agent, '/api/search-address-rets', { address });
    expect(res.statusCode).toBe(200);
    return (res.json().data.hits as { mls: string; record: Record<string, unknown> }[]).map((h) => `${h.mls}:${h.record['Listing Id']}`);
  };
  const compIds = async (agent: Agent) => {
    const res = await post(agent, '/api/search-comparables-rets', { latitude: 39.74, longitude: -104.99, radius: 5, months: 24, includeActive: true });
    expect(res.statusCode).toBe(200);
    return (res.json().data.hits as { mls: string; record: Record<string, unknown>; photos: string[] }[]).map((h) => `${h.mls}:${h.record['Listing Id']}`).sort();
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    frontRange = await startFakeReso({ mediaStyle: 'resource', maxPageSize: 5 });
    pikes = await startFakeReso({ mediaStyle: 'inline', memberResource: false, maxPageSize: 5 });
    for (const [reso, prefix] of [[frontRange, 'FR'], [pikes, 'PK']] as const) {
      for (let i = 1; i <= 2; i++) {
        reso.properties.push(resoProperty(`${prefix}-${i}`, { ListingKey: `K${prefix}-${i}`, StreetNumber: String(i * 100 + (prefix === 'FR' ? 1 : 2)), StreetName: 'Larimer', Latitude: 39.74 + i / 1000, Longitude: -104.99 }));
        reso.media.push(...resoPhotos(reso, `K${prefix}-${i}`, 1));
      }
    }
    frontRange.members.push(resoMember('M-100', 'Active', 'Alice Agent'), resoMember('M-200', 'Inactive'), resoMember('M-300', 'Active'));
    mls = createMlsService({
      database: t.database,
      repository: createMlsRepository(t.database),
      listings: createListingsRepository(t.database),
      storage: t.app.ctx.storage,
      now: () => new Date(),
      log: { info() {}, warn() {} },
      secretKey: null,
    });
    memberships = createMembershipService({ repository: createMembershipRepository(t.database), mls, now: () => new Date(), log: { info() {}, warn() {} } });
    await mls.addSource({ name: 'front-range', title: 'Front Range MLS', resoUrl: frontRange.url, credentials: { token: frontRange.token } });
    await mls.addSource({ name: 'pikes', title: 'Pikes Peak MLS', resoUrl: pikes.url, credentials: { token: pikes.token } });
    for (const name of ['front-range', 'pikes']) {
      await mls.sync(name, { owner: 'test' });
      await mls.storePhotos({ sourceId: (await mls.sourceNamed(name)).id });
    }
    [alice, bob, carol, dave] = await Promise.all([1, 2, 3, 4].map(() => createUserWithSession(t)));
  });
  afterAll(async () => {
    await t.close();
    await frontRange.close();
    await pikes.close();
  });

  it('joins an MLS whose Member resource has an active member with that MemberMlsId', async () => {
    const res = await join(alice, { mls: 'front-range', member_id: 'M-100' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mls: 'front-range', title: 'Front Range MLS', member_id: 'M-100', member_name: 'Alice Agent', verified_by: 'member-resource' });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/mls-membership', headers: bearer(alice.token) })).json().data;
    expect(listed.memberships.map((m: { mls: string }) => m.mls)).toEqual(['front-range']);
    expect(listed.sources).toEqual([
      { mls: 'front-range', title: 'Front Range MLS', verified_by: 'member-resource' },
      { mls: 'pikes', title: 'Pikes Peak MLS', verified_by: 'operator' },
    ]);
  });

  it('answers 422 on the field for an inactive or unknown member, an unknown MLS, a missing id, or an id another account holds', async () => {
    const inactive = await join(bob, { mls: 'front-range', member_id: 'M-200' });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().data.member_id[0]).toBe('Front Range MLS has no active member with the ID M-200. Check the ID on your MLS profile.');
    expect(Object.keys((await join(bob, { mls: 'front-range', member_id: 'M-999' })).json().data)).toEqual(['member_id']);
    expect(Object.keys((await join(bob, { mls: 'nowhere', member_id: 'M-100' })).json().data)).toEqual(['mls']);
    expect((await join(bob, { mls: 'front-range', member_id: ' ' })).json().data).toEqual({ member_id: ['Enter your MLS member ID.'] });
    expect((await join(bob, { mls: 'front-range', member_id: 'M-100' })).json().data).toEqual({ member_id: ['This member ID is already linked to another account.'] });
    expect((await join(null as never, { mls: 'front-range', member_id: 'M-100' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/mls-membership', headers: bearer(bob.token) })).json().data.memberships).toEqual([]);
  });

  it("serves an MLS's listings, comparables and photos to its members only", async () => {
    expect(await addressIds(alice, 'Larimer')).toEqual(expect.arrayContaining(['front-range:FR-1', 'front-range:FR-2']));
    expect((await addressIds(alice, 'Larimer')).some((id) => id.startsWith('pikes:'))).toBe(false);
    expect(await compIds(alice)).toEqual(['front-range:FR-1', 'front-range:FR-2']);
    for (const outsider of [bob, carol]) {
      expect(await addressIds(outsider, 'Larimer')).toEqual([]);
      expect(await compIds(outsider)).toEqual([]);
    }
    // A member gets the listing's photos as our signed URLs; copying another MLS's listing into a report is not found.
    const hit = (await post(alice, '/api/search-address-rets', { address: '101 Larimer' })).json().data.hits[0];
    expect(hit.photos).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: hit.photos[0] })).statusCode).toBe(200);
    expect((await post(alice, '/api/save-image-rets', { listing_id: 'FR-1', mls: 'front-range', property_id: 'fr-1' })).json().data).toHaveLength(1);
    expect((await post(carol, '/api/save-image-rets', { listing_id: 'FR-1', property_id: 'fr-1' })).statusCode).toBe(404);
    expect((await post(alice, '/api/save-image-rets', { listing_id: 'PK-1', property_id: 'pk-1' })).statusCode).toBe(404);
  });

  it('lets the operator approve members of an MLS without a Member resource', async () => {
    const before = await join(dave, { mls: 'pikes', member_id: 'P-7' });
    expect(before.statusCode).toBe(422);
    expect(before.json().data.member_id[0]).toMatch(/ask us to approve member ID P-7/);
    await memberships.approve('pikes', 'P-7');
    const after = await join(dave, { mls: 'pikes', member_id: 'P-7' });
    expect(after.json().data).toMatchObject({ mls: 'pikes', member_id: 'P-7', verified_by: 'operator' });
    expect(await compIds(dave)).toEqual(['pikes:PK-1', 'pikes:PK-2']);
  });

  it("keeps a saved pool's listings of an MLS the agent left out of what it serves", async () => {
    const state = JSON.stringify({ ...Object.fromEntries(HISTORY_STATE_KEYS.map((k) => [k, null])), address: '101 Larimer St', comaparables: [], allCsvData: [], report_data: { reportId: 'pool-test' } });
    const entry = (await post(alice, '/api/post-history', { address: '101 Larimer St', state })).json().data.id as number;
    const pool = { hash: 'a1b2c3d4e5f60718', listings: [{ uuid: 'a', 'Listing Id': 'FR-1', listingSource: 'reso', listingMls: 'front-range' }, { uuid: 'b', 'Listing Id': 'CSV-1' }] };
    const put = await t.app.inject({ method: 'PUT', url: `/api/history/${entry}/listings`, headers: { ...bearer(alice.token), 'content-type': 'application/gzip' }, payload: gzipSync(JSON.stringify(pool)) });
    expect(put.statusCode, put.body).toBe(200);
    const restore = async () => JSON.parse(gunzipSync((await t.app.inject({ method: 'GET', url: `/api/history/${entry}/listings`, headers: { ...bearer(alice.token), 'accept-encoding': 'gzip' } })).rawPayload).toString()).data;
    expect((await restore()).listings.map((l: { uuid: string }) => l.uuid)).toEqual(['a', 'b']);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/mls-membership/front-range', headers: bearer(alice.token) })).json().data).toEqual({ mls: 'front-range' });
    const restored = await restore();
    expect(restored.listings.map((l: { uuid: string }) => l.uuid)).toEqual(['b']);
    expect(restored.count).toBe(1);
    expect(restored.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(await compIds(alice)).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/mls-membership/front-range', headers: bearer(alice.token) })).statusCode).toBe(404);
  });

  it('drops a membership when the MLS no longer lists the member as active, and when the account goes', async () => {
    expect((await join(alice, { mls: 'front-range', member_id: 'M-100' })).statusCode).toBe(200);
    expect((await join(carol, { mls: 'front-range', member_id: 'M-300' })).statusCode).toBe(200);
    frontRange.members[0] = resoMember('M-100', 'Inactive');
    expect(await memberships.recheck((await mls.sourceNamed('front-range')).id)).toBe(1);
    expect(await compIds(alice)).toEqual([]);
    expect(await compIds(carol)).toEqual(['front-range:FR-1', 'front-range:FR-2']);
    // Accounts deleted by the owner's account deletion take their memberships with them (ON DELETE CASCADE).
    await t.database.query('delete from users where id = $1', [carol.userId]);
    expect(await t.database.query('select 1 from mls_memberships where user_id = $1', [carol.userId])).toEqual([]);
  });
});
