// The CMA's view of the listing pool (shared/listing-pool owns it, in IndexedDB): every listing loaded, for the
// screens; and the bounded subset the saved state and the PDF carry, as before (the whole pool is saved beside the
// history entry, decision 2130), because the state string must stay what spec §7 sends.
import { useMemo } from 'react';
import { addListings, listingPoolHash, listingPoolSnapshot, loadListingPool, useListingPool } from '../../../shared/listing-pool/listingPool';
import { asRecords, type CmaRecord } from './records';

export { listingsToStore, MAX_STORED_LISTINGS } from '../../../shared/listing-pool/stateListings';

/**
 * Every listing of this CMA: the pool; else, while it is empty, what the store holds (a CMA saved before pools); `hash`
 * is their fingerprint.
 */
export function useCmaListings(stored: unknown): { listings: CmaRecord[]; loading: boolean; hash: string } {
  const pool = useListingPool();
  const fromPool = pool.records.length > 0;
  const listings = useMemo(() => (fromPool ? (pool.records as CmaRecord[]) : asRecords(stored)), [fromPool, pool.records, stored]);
  const hash = useMemo(() => (fromPool ? pool.hash : listingPoolHash(listings)), [fromPool, pool.hash, listings]);
  return { listings, loading: pool.status !== 'ready', hash };
}

/**
 * Adds an import's (or a search's) listings to the pool, the store's own first when the pool is still empty (a CMA
 * from before pools); returns the whole pool and how many the pool's limit left out.
 */
export async function addToPool(stored: unknown, records: CmaRecord[]): Promise<{ pool: CmaRecord[]; leftOut: number }> {
  await loadListingPool(); // never over the browser's copy before it has been read
  const seed = listingPoolSnapshot().records.length === 0 ? asRecords(stored) : [];
  const { leftOut } = addListings([...seed, ...records]);
  return { pool: listingPoolSnapshot().records as CmaRecord[], leftOut };
}
