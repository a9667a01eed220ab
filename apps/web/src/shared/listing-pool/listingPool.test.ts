import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { claimBrowserData } from '../session/session';

type PoolModule = typeof import('./listingPool');

/** The module as a freshly loaded page gets it (its memory empty; IndexedDB as the last page left it). */
async function reloadedPage(): Promise<PoolModule> {
  vi.resetModules();
  const pool = await import('./listingPool');
  await pool.loadListingPool();
  return pool;
}

const listings = (count: number, tag = 'l') => Array.from({ length: count }, (_, i) => ({ uuid: `${tag}-${i}`, 'Close Price': 500_000 + i }));

beforeEach(async () => {
  await (await reloadedPage()).clearListingPool();
  localStorage.clear();
});

describe('the listing pool in IndexedDB', () => {
  it('survives a reload whole: 3,000 listings in, the same 3,000 (and hash) back', async () => {
    claimBrowserData('agent-a');
    const page = await reloadedPage();
    page.addListings(listings(3000));
    const before = page.listingPoolSnapshot();
    await page.replaceListings(before.records); // waits for the queued write
    const after = (await reloadedPage()).listingPoolSnapshot();
    expect(after.status).toBe('ready');
    expect(after.records).toHaveLength(3000);
    expect(after.records.at(-1)).toEqual({ uuid: 'l-2999', 'Close Price': 502_999 });
    expect(after.hash).toBe(before.hash);
  });

  it("never shows another agent's pool: it is dropped when read under a different owner", async () => {
    claimBrowserData('agent-a');
    const page = await reloadedPage();
    await page.replaceListings(listings(5, 'agent-a'));
    claimBrowserData('agent-b');
    const other = await reloadedPage();
    expect(other.listingPoolSnapshot().records).toEqual([]);
    claimBrowserData('agent-a');
    expect((await reloadedPage()).listingPoolSnapshot().records).toEqual([]); // gone, not hidden
  });

  it('clearing forgets the pool and which pools were saved with which report', async () => {
    const page = await reloadedPage();
    await page.replaceListings(listings(3));
    await page.rememberSavedPool(7, page.listingPoolSnapshot().hash);
    expect(await page.savedPoolHash(7)).toBe(page.listingPoolSnapshot().hash);
    await page.clearListingPool();
    const after = await reloadedPage();
    expect(after.listingPoolSnapshot().records).toEqual([]);
    expect(await after.savedPoolHash(7)).toBeUndefined();
  });

  it('the hash tells pools apart by their listings and their order, and is stable', async () => {
    const { listingPoolHash } = await reloadedPage();
    const ids = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 30 });
    fc.assert(
      fc.property(ids, (uuids) => {
        const pool = uuids.map((uuid) => ({ uuid }));
        expect(listingPoolHash(pool)).toMatch(/^[0-9a-f]{16}$/);
        expect(listingPoolHash(pool.map((r) => ({ ...r, extra: 1 })))).toBe(listingPoolHash(pool));
        expect(listingPoolHash(pool.slice(1))).not.toBe(listingPoolHash(pool));
      }),
    );
  });
});
