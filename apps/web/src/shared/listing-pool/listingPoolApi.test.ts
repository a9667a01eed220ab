import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { LISTING_POOL_TOO_LARGE_MESSAGE } from '@cma/contracts';
import { clearListingPool, listingPoolSnapshot, loadListingPool, replaceListings, savedPoolHash } from './listingPool';
import { restoreListingPool, uploadListingPool } from './listingPoolApi';

// The server's side is tested in apps/server/test/listing-pools.test.ts; here the thunk's answer is scripted.
const listings = (count: number, tag: string) => Array.from({ length: count }, (_, i) => ({ uuid: `${tag}-${i}` }));

function scriptedDispatch(answer: unknown) {
  const calls: unknown[] = [];
  return { calls, dispatch: (action: unknown) => (calls.push(action), Promise.resolve(answer)) };
}

beforeEach(async () => {
  await clearListingPool();
  await loadListingPool();
});

describe('restoring a report brings its whole pool back', () => {
  it('takes the pool saved with the entry and remembers it as saved there', async () => {
    const saved = listings(3000, 'saved');
    const { dispatch } = scriptedDispatch({ data: { hash: 'x', count: saved.length, saved_at: '', listings: saved } });
    expect(await restoreListingPool(dispatch, 7, listings(2, 'state'))).toBeNull();
    expect(listingPoolSnapshot().records).toHaveLength(3000);
    expect(await savedPoolHash(7)).toBe(listingPoolSnapshot().hash);
  });

  it("an entry saved without a pool (404) restores the state's own listings, quietly", async () => {
    const { dispatch } = scriptedDispatch({ error: { status: 404 } });
    expect(await restoreListingPool(dispatch, 7, listings(2, 'state'))).toBeNull();
    expect(listingPoolSnapshot().records.map((r) => r.uuid)).toEqual(['state-0', 'state-1']);
  });

  it('says so when a saved pool could not be fetched, instead of showing fewer listings silently', async () => {
    const { dispatch } = scriptedDispatch({ error: { status: 500 } });
    expect(await restoreListingPool(dispatch, 7, listings(2, 'state'))).toMatch(/could not be loaded; only the 2 kept in the report are shown/);
  });
});

describe('saving uploads the pool only when it changed', () => {
  it('uploads once, not again for the same pool, and again once it changed', async () => {
    await replaceListings(listings(5, 'a'));
    const first = scriptedDispatch({ data: { history_id: 3, hash: '', count: 5, saved_at: '' } });
    expect(await uploadListingPool(first.dispatch, 3)).toBeNull();
    expect(first.calls).toHaveLength(1);
    expect(await uploadListingPool(first.dispatch, 3)).toBeNull();
    expect(first.calls).toHaveLength(1);
    await replaceListings(listings(6, 'a'));
    expect(await uploadListingPool(first.dispatch, 3)).toBeNull();
    expect(first.calls).toHaveLength(2);
  });

  it('sends nothing for an empty pool, and names the limit when the server finds the pool too large', async () => {
    const empty = scriptedDispatch({ data: {} });
    expect(await uploadListingPool(empty.dispatch, 4)).toBeNull();
    expect(empty.calls).toHaveLength(0);
    await replaceListings(listings(5, 'b'));
    const refused = scriptedDispatch({ error: { status: 413, data: { message: 'The request is too large.' } } });
    expect(await uploadListingPool(refused.dispatch, 4)).toBe(LISTING_POOL_TOO_LARGE_MESSAGE);
    expect(await savedPoolHash(4)).toBeUndefined();
  });
});
