import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { LISTING_POOL_MAX_LISTINGS } from '@cma/contracts';
import { distanceMiles } from '@cma/valuation';
import { initialCmaWorkflowState, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { clearListingPool, listingPoolSnapshot, loadListingPool } from '../../../shared/listing-pool/listingPool';
import { chooseSubject, loadListings } from '../store/workflow';
import { sampleRecords } from '../testing/renderWithStore';
import { addToPool, MAX_STORED_LISTINGS } from './listingPool';
import { readComparable } from '@cma/cma';
import type { CmaRecord } from './records';

// A big import: the sample's homes repeated with fresh ids, spread over a wide area.
function bigImport(count: number, tag = 'u'): CmaRecord[] {
  const base = sampleRecords().filter((r) => typeof r.Latitude === 'number');
  return Array.from({ length: count }, (_, i) => {
    const r = base[i % base.length]!;
    return { ...r, uuid: `${tag}-${i}`, 'Listing Id': `L${i}`, Latitude: (r.Latitude as number) + (i % 37) * 0.01, Longitude: (r.Longitude as number) + (i % 41) * 0.01 };
  });
}

beforeEach(async () => {
  await clearListingPool();
  await loadListingPool();
});

describe('large imports: the pool keeps every listing, the saved state a bounded subset', () => {
  it('keeps all 3,000 listings of an import in the pool while the state carries at most MAX_STORED_LISTINGS', async () => {
    const records = bigImport(3000);
    const { pool, leftOut } = await addToPool([], records);
    expect(leftOut).toBe(0);
    const state: CmaWorkflowState = { ...initialCmaWorkflowState, ...loadListings(initialCmaWorkflowState, records, { append: true, fromUpload: true, pool }) };
    expect(listingPoolSnapshot().records).toHaveLength(3000);
    expect(listingPoolSnapshot().records.at(-1)?.uuid).toBe('u-2999');
    expect(state.allCsvData).toHaveLength(MAX_STORED_LISTINGS);
  });

  it('seeds an empty pool with the listings a CMA from before pools kept in the store, and adds each listing once', async () => {
    const stored = bigImport(5, 'old');
    const { pool } = await addToPool(stored, [...bigImport(3, 'new'), stored[0]!]);
    expect(pool.map((r) => r.uuid)).toEqual(['old-0', 'old-1', 'old-2', 'old-3', 'old-4', 'new-0', 'new-1', 'new-2']);
    expect((await addToPool(stored, bigImport(3, 'new'))).pool).toHaveLength(8);
  });

  it(`stops at ${LISTING_POOL_MAX_LISTINGS.toLocaleString('en-US')} listings and says how many were left out`, async () => {
    await addToPool([], bigImport(LISTING_POOL_MAX_LISTINGS - 10, 'a'));
    const { pool, leftOut } = await addToPool([], bigImport(25, 'b'));
    expect(pool).toHaveLength(LISTING_POOL_MAX_LISTINGS);
    expect(leftOut).toBe(15);
  });

  it('once the subject is chosen, the state keeps the listings of the pool nearest to it', async () => {
    const records = bigImport(MAX_STORED_LISTINGS * 2);
    const { pool } = await addToPool([], records);
    let state: CmaWorkflowState = { ...initialCmaWorkflowState, ...loadListings(initialCmaWorkflowState, records, { append: true, fromUpload: true, pool }) };
    const subject = records[records.length - 1]!;
    state = { ...state, ...chooseSubject(state, subject, pool) };
    const kept = state.allCsvData as unknown as CmaRecord[];
    expect(kept.length).toBeLessThanOrEqual(MAX_STORED_LISTINGS);
    expect(kept.some((r) => r.uuid === subject.uuid)).toBe(true);
    const s = readComparable(subject);
    const miles = (r: CmaRecord) => {
      const f = readComparable(r);
      return distanceMiles(s.latitude!, s.longitude!, f.latitude!, f.longitude!);
    };
    const keptIds = new Set(kept.map((r) => r.uuid));
    const farthestKept = Math.max(...kept.map(miles));
    const closestDropped = Math.min(...records.filter((r) => !keptIds.has(r.uuid)).map(miles));
    expect(farthestKept).toBeLessThanOrEqual(closestDropped);
  });
});
