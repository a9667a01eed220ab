// Photos of properties from the listing database become the agent's stored photos of the property (keyed by the
// record's uuid) as soon as the property is the subject or a chosen comparable; records keep only a flag (decision 0701).
import type { SaveImageRetsRequest } from '@cma/contracts';
import type { CmaRecord } from './records';

export type ListingPhotoCopy = SaveImageRetsRequest & { property_id: string };

/**
 * What POST /api/save-image-rets needs for a database record with listing photos; null otherwise. Asked again in a later
 * page load even when the record says its photos were copied: the server's claim makes the repeat a no-op, and it copies
 * again after the unused-copies prune removed them (decision 0701).
 */
export function listingPhotoCopyOf(record: CmaRecord): ListingPhotoCopy | null {
  if (!record.listingSource) return null;
  const listingId = record['Listing Id'];
  // A database record's propertyImages are its listing's photo URLs (none: nothing to copy).
  const hasPhotos = Array.isArray(record.propertyImages) && record.propertyImages.length > 0;
  if ((typeof listingId !== 'string' && typeof listingId !== 'number') || String(listingId) === '' || !hasPhotos) return null;
  return { listing_id: String(listingId), source: record.listingSource, ...(record.listingMls ? { mls: record.listingMls } : {}), property_id: record.uuid };
}

/** The key under which every screen sees the state of one property's copy (RTK Query's fixedCacheKey). */
export function listingPhotoCopyKey(propertyId: string): string {
  return `listing-photos:${propertyId}`;
}
