import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testBackends, type TestApp } from './helpers';
import { startFakeReso, resoProperty, type FakeReso } from './fake-reso';
import { createListingsRepository } from '../src/modules/listings/listings.repository';
import { createResoClient } from '../src/adapters/reso/reso-client';
import { syncResoListings } from '../src/modules/listings/reso-sync';

describe.each(testBackends())('RESO Web API sync on %s', (backend) => {
  let reso: FakeReso;
  let t: TestApp;
  let now = new Date('2026-06-01T12:00:00Z');
  beforeAll(async () => {
    reso = await startFakeReso();
    reso.properties.push(
      resoProperty('R-1'),
      resoProperty('R-2', { StreetNumber: '3120', ModificationTimestamp: '2026-05-02T10:00:00Z' }),
      resoProperty('R-3', { StreetNumber: '3140', StandardStatus: 'Active', ClosePrice: null, CloseDate: null, ModificationTimestamp: '2026-05-03T10:00:00Z' }),
    );
    reso.media.push(
      { ResourceName: 'Property', ResourceRecordKey: 'KR-1', MediaURL: `${reso.url.replace('/reso', '')}/photos/R-1-b.png`, Order: 2, MediaCategory: 'Photo' },
      { ResourceName: 'Property', ResourceRecordKey: 'KR-1', MediaURL: `${reso.url.replace('/reso', '')}/photos/R-1-a.png`, Order: 1, MediaCategory: 'Photo' },
      { ResourceName: 'Property', ResourceRecordKey: 'KR-1', MediaURL: `${reso.url.replace('/reso', '')}/docs/plat.pdf`, Order: 3, MediaCategory: 'Document' },
    );
    t = await createTestApp(backend, { RESO_URL: reso.url, RESO_TOKEN: reso.token }, { now: () => now });
  });
  afterAll(async () => {
    await t.close();
    await reso.close();
  });

  it('pulls every page of Properties with their photos when the scheduled job runs', async () => {
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    const repository = createListingsRepository(t.database);
    expect(await repository.count('reso')).toBe(3);
    // Three properties at two per page: two Property requests, the second from @odata.nextLink.
    expect(reso.requests.filter((r) => r.startsWith('/reso/Property'))).toHaveLength(2);
    const r1 = (await repository.findByListingId('R-1', 'reso'))!;
    expect(r1.record).toMatchObject({ properties_address: '3100 Vallejo St, Denver, CO 80211', 'Net Sales Price': 810000, Levels: 'Two', 'Close Date': '04/15/2026', MLS: 'Closed' });
    expect(r1.photoUrls.map((u) => u.split('/').pop())).toEqual(['R-1-a.png', 'R-1-b.png']);
    expect((await repository.findByListingId('R-3', 'reso'))!.record.MLS).toBe('Active');
  });

  it('next run asks only for changes since the last ModificationTimestamp', async () => {
    reso.requests.length = 0;
    reso.properties[0] = resoProperty('R-1', { ClosePrice: 830000, ModificationTimestamp: '2026-05-20T09:00:00Z' });
    reso.properties.push(resoProperty('R-4', { StreetNumber: '3160', ModificationTimestamp: '2026-05-21T09:00:00Z' }));
    now = new Date(now.getTime() + 16 * 60 * 1000);
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    const propertyRequests = reso.requests.filter((r) => r.startsWith('/reso/Property'));
    expect(propertyRequests[0]).toContain('ModificationTimestamp gt 2026-05-03T10:00:00.000Z');
    const repository = createListingsRepository(t.database);
    expect(await repository.count('reso')).toBe(4);
    expect((await repository.findByListingId('R-1', 'reso'))!.record['Close Price']).toBe(830000);
  });

  it('fails clearly on a bad token and leaves the watermark alone', async () => {
    const repository = createListingsRepository(t.database);
    const before = await repository.syncState('reso');
    const client = createResoClient({ url: reso.url, token: 'wrong' });
    await expect(syncResoListings(client, repository, () => now)).rejects.toThrow(/RESO 401/);
    expect(await repository.syncState('reso')).toEqual(before);
  });
});
