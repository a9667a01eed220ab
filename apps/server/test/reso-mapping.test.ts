import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResoClient, retryAfterMs } from '../src/adapters/reso/reso-client';
import { isWithdrawn, photosOfMedia, propertyProblem, withStandardFields } from '../src/modules/mls/reso-mapping';
import { resoProperty, startFakeReso, type FakeReso } from './fake-reso';

// How RESO records from different vendors are read (issue 28): pure readings, table-driven, and the client's paging
// against a server that pages only when asked.

describe('RESO records as vendors send them', () => {
  it.each([
    ['ListingId from ListingKey', { ListingKey: 'K1' }, { ListingId: 'K1' }],
    ['MlsStatus from StandardStatus', { StandardStatus: 'Closed' }, { MlsStatus: 'Closed' }],
    ['above-grade area from LivingArea (MLS Grid, Bridge)', { LivingArea: 1820 }, { AboveGradeFinishedArea: 1820 }],
    ['street from UnparsedAddress', { UnparsedAddress: '1234 N Main St, Denver, CO 80202' }, { StreetNumber: '1234', StreetName: 'N Main St' }],
    ['no sale on an active listing', { StandardStatus: 'Active', ClosePrice: 0, CloseDate: '2026-11-27' }, { ClosePrice: null, CloseDate: null }],
    ['no sale at a price of 0', { StandardStatus: 'Closed', ClosePrice: 0, CloseDate: '2026-04-01' }, { ClosePrice: null, CloseDate: null }],
    ['a closed sale kept', { StandardStatus: 'Closed', ClosePrice: 510000, CloseDate: '2026-04-01' }, { ClosePrice: 510000, CloseDate: '2026-04-01' }],
  ])('fills %s', (_name, property, expected) => {
    expect(withStandardFields(property)).toMatchObject(expected);
  });

  it.each([
    [{ ListingKey: 'K', ModificationTimestamp: '2026-05-01T00:00:00Z' }, null],
    [{ ListingId: 7, ModificationTimestamp: '2026-05-01T00:00:00Z' }, null],
    [{ ModificationTimestamp: '2026-05-01T00:00:00Z' }, 'no ListingKey or ListingId'],
    [{ ListingKey: 'K', ModificationTimestamp: 'soon' }, 'ModificationTimestamp is not a timestamp ("soon")'],
    [null, 'not an object'],
    [['K'], 'not an object'],
  ])('finds %j %s', (property, problem) => {
    expect(propertyProblem(property)).toBe(problem);
  });

  it.each([
    [{ MlgCanView: false, StandardStatus: 'Active' }, true],
    [{ MlgCanView: true, StandardStatus: 'Active' }, false],
    [{ StandardStatus: 'Withdrawn' }, true],
    [{ StandardStatus: 'Delete' }, true],
    [{ StandardStatus: 'Canceled' }, false],
    [{ StandardStatus: 'Expired' }, false],
  ])('withdrawn: %j → %s', (property, withdrawn) => {
    expect(isWithdrawn(property)).toBe(withdrawn);
  });

  it('keeps photos only (http URLs), in Media order, the first N, each once', () => {
    const media = [
      { MediaKey: 'b', MediaURL: 'https://cdn.example/b.jpg', Order: 2, MediaCategory: 'Photo' },
      { MediaKey: 'a', MediaURL: 'https://cdn.example/a.jpg', Order: 1, MediaCategory: 'Photo' },
      { MediaKey: 'plat', MediaURL: 'https://cdn.example/plat.pdf', Order: 0, MediaCategory: 'Document' },
      { MediaKey: 'tour', MediaURL: 'javascript:alert(1)', Order: 3 },
      { MediaKey: 'a', MediaURL: 'https://cdn.example/a.jpg', Order: 1, MediaCategory: 'Photo' },
      { MediaURL: 'https://cdn.example/c.jpg', Order: 4, MediaType: 'image/jpeg' },
    ];
    expect(photosOfMedia(media, 10).map((p) => [p.mediaKey, p.position])).toEqual([['a', 0], ['b', 1], ['https://cdn.example/c.jpg', 2]]);
    expect(photosOfMedia(media, 1).map((p) => p.mediaKey)).toEqual(['a']);
  });

  it.each([
    ['2', 2000],
    ['0.5', 500],
    ['Fri, 27 Nov 2026 12:00:10 GMT', 10_000],
    ['soon', null],
    [null, null],
  ])('reads Retry-After %j as %s ms', (header, ms) => {
    expect(retryAfterMs(header, Date.parse('Fri, 27 Nov 2026 12:00:00 GMT'))).toBe(ms);
  });
});

describe('paging against a server that pages only when asked', () => {
  let reso: FakeReso;
  beforeAll(async () => {
    reso = await startFakeReso({ serverPaging: false, maxPageSize: 1000 });
    for (let i = 0; i < 7; i++) reso.properties.push(resoProperty(`P-${i}`, { ModificationTimestamp: `2026-05-0${i + 1}T00:00:00Z` }));
  });
  afterAll(() => reso.close());

  it('asks for the next rows with $skip while pages come back full', async () => {
    const client = createResoClient({ url: reso.url, auth: { kind: 'token', token: reso.token }, pageSize: 3 });
    const keys: unknown[] = [];
    for await (const page of client.properties(null)) keys.push(...page.map((p) => p.ListingId));
    expect(keys).toEqual(['P-0', 'P-1', 'P-2', 'P-3', 'P-4', 'P-5', 'P-6']);
    expect(reso.requests.filter((r) => r.startsWith('/reso/Property')).map((r) => /\$skip=(\d+)/.exec(r)?.[1] ?? '0')).toEqual(['0', '3', '6']);
  });
});
