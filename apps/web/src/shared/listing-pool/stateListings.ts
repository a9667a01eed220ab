// The bounded subset of the pool the saved state carries (`allCsvData`, spec §3): the state string and the PDF's market
// figures read it as before; the whole pool travels beside the history entry (decision 2130).
import { readComparable, readSubject } from '@cma/cma';
import { distanceMiles } from '@cma/valuation';
import { useMemo } from 'react';
import { listingRecordsOf, useListingPool, type ListingRecord } from './listingPool';

/** At most this many listings ride in the saved state: those nearest the subject. */
export const MAX_STORED_LISTINGS = 1000;

/** The records worth keeping in the state: all when few; else those nearest the subject (or the first ones before a subject). */
export function listingsToStore<R extends ListingRecord>(records: readonly R[], subject: R | null): R[] {
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

/** `allCsvData` for the saved state and the PDF: the subset of the pool nearest the subject (the store's own list when the pool is empty). */
export function useStateListings(stored: unknown, subject: unknown): ListingRecord[] {
  const pool = useListingPool();
  return useMemo(() => {
    if (pool.records.length === 0) return listingRecordsOf(stored);
    const [chosen] = listingRecordsOf([subject]);
    return listingsToStore(pool.records, chosen ?? null);
  }, [pool.records, stored, subject]);
}
