// Big imports stay in memory for the session; the persisted store keeps at most MAX_STORED_LISTINGS of them
// (the ones nearest the subject once it is chosen), because localStorage holds ~5 MB and a record is ~2.5 kB.
import { distanceMiles } from '@cma/valuation';
import { readComparable, readSubject } from '@cma/cma';
import { asRecords, type CmaRecord } from './records';

export const MAX_STORED_LISTINGS = 1000;

let session: CmaRecord[] = [];

/**
 * Every listing loaded this session, else what the persisted store still holds (after a reload). When the stored ones
 * did not come from this session (a CMA restored from history), they are the CMA's listings and the session's are not.
 */
export function allListings(stored: unknown): CmaRecord[] {
  const kept = asRecords(stored);
  if (session.length === 0) return kept;
  const known = new Set(session.map((r) => r.uuid));
  if (kept.length > 0 && !kept.some((r) => known.has(r.uuid))) return kept;
  return [...session, ...kept.filter((r) => !known.has(r.uuid))];
}

export function rememberListings(records: CmaRecord[], append: boolean): void {
  if (!append) session = [];
  const known = new Set(session.map((r) => r.uuid));
  session = [...session, ...records.filter((r) => !known.has(r.uuid))];
}

export function forgetListings(): void {
  session = [];
}

/** The records worth persisting: all when few; else those nearest the subject (or the first ones before a subject). */
export function listingsToStore(records: CmaRecord[], subject: CmaRecord | null): CmaRecord[] {
  if (records.length <= MAX_STORED_LISTINGS) return records;
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
