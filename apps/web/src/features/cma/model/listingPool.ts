// The CMA's view of the listing pool (shared/listing-pool owns it, in IndexedDB): every listing loaded, for the
// screens; and the bounded subset the saved state and the PDF carry, as before (the whole pool is saved beside the
// history entry, decision 2130), because the state string must stay what spec §7 sends.
import { useMemo } from 'react';
import { distanceMiles } from '@cma/valuation';
import { readComparable, readSubject } from '@cma/cma';
import { addListings, listingPoolSnapshot, useListingPool } from '../../../shared/listing-pool/listingPool';
import { asRecords, type CmaRecord } from './records';

/** At most this many listings ride in the saved state (`allCsvData`): those nearest the subject. */
export const MAX_STORED_LISTINGS = 1000;

/** Every listing of this CMA: the pool; else, while it is empty, what the store holds (a CMA saved before pools). */
export function useCmaListings(stored: unknown): { listings: CmaRecord[]; loading: boolean } {
  const pool = useListingPool();
  const listings = useMemo(() => (pool.records.length > 0 ? (pool.records as CmaRecord[]) : asRecords(stored)), [pool.records, stored]);
  return { listings, loading: pool.status !== 'ready' };
}

/**
 * Adds an import's (or a search's) listings to the pool, the store's own first when the pool is still empty (a CMA
 * from before pools); returns the whole pool and how many the pool's limit left out.
 */
export function addToPool(stored: unknown, records: CmaRecord[]): { pool: CmaRecord[]; leftOut: number } {
  const seed = listingPoolSnapshot().records.length === 0 ? asRecords(stored) : [];
  const { leftOut } = addListings([...seed, ...records]);
  return { pool: listingPoolSnapshot().records as CmaRecord[], leftOut };
}

/** The records worth keeping in the state: all when few; else those nearest the subject (or the first ones before a subject). */
export function listingsToStore(records: readonly CmaRecord[], subject: CmaRecord | null): CmaRecord[] {
  if (records.length <= MAX_STORED_LISTINGS) return [...records];
  if (!subject) return records.slice(0, MAX_STORED_LISTINGS);
  const s = readSubject(subject);
  if (s.latitude == null || s.longitude == null) return [subject, ...records.filter((r) => r.uuid !== subject.uuid).slice(0, MAX_STORED_LISTINGS - 1)];
  const far = Number.POSITIVE_INFINITY;
  const ranked = records
    .filter((r) => r.uuid !== subject.uuid)
    .map((record) => {
      const f = readComparable(record);
      return { record, miles: f.latitude != null && f.longitude != null ? distanceMiles(s.latitude!, s.longitude!, f.latitude, f.longitude) : far };
    })
    .sort((a, b) => a.miles - b.miles);
  return [subject, ...ranked.slice(0, MAX_STORED_LISTINGS - 1).map((r) => r.record)];
}
