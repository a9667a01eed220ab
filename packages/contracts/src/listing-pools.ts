import { z } from 'zod';
import { envelope } from './envelope';

// The whole listing pool of a saved report (issue 16): kept beside the history entry, so a restore on any device gets
// every listing the agent loaded. POST /api/post-history stays as spec §7 has it; the pool travels on its own route.

/** The most listings one CMA holds, in the browser and on the server; the screens say so when an import reaches it. */
export const LISTING_POOL_MAX_LISTINGS = 50_000;
/** PUT /api/history/{id}/listings: the gzipped body may be this large (413 beyond) … */
export const LISTING_POOL_MAX_UPLOAD_BYTES = 48 * 1024 * 1024;
/** … and may unpack to this much JSON (413 beyond: a body that inflates without end is refused while it inflates). */
export const LISTING_POOL_MAX_JSON_BYTES = 256 * 1024 * 1024;
/** One listing's JSON may be this large (an MLS row of a few hundred columns is a few KB; 422 naming the listing beyond). */
export const LISTING_POOL_MAX_LISTING_BYTES = 256 * 1024;
export const LISTING_POOL_TOO_LARGE_MESSAGE = `The listings are too large to save with the report (at most ${LISTING_POOL_MAX_LISTINGS.toLocaleString('en-US')} listings).`;
export const LISTING_POOL_TOO_MANY_MESSAGE = `At most ${LISTING_POOL_MAX_LISTINGS.toLocaleString('en-US')} listings can be saved with a report.`;
export const LISTING_POOL_LISTING_TOO_LARGE_MESSAGE = `A listing can be at most ${LISTING_POOL_MAX_LISTING_BYTES / 1024} KB.`;
export const LISTING_POOL_NOT_SAVED_MESSAGE = 'This saved report has no listings saved with it.';

/** One imported listing record, as the web app keeps it: any fields, identified by its uuid. */
export const listingPoolRecord = z.looseObject({ uuid: z.string({ error: 'Each listing needs a uuid.' }).min(1, 'Each listing needs a uuid.').max(200) });
export type ListingPoolRecord = z.infer<typeof listingPoolRecord>;

/** The pool and its content hash (the browser's fingerprint of exactly these listings, to upload only a changed pool). */
export const listingPoolDocument = z.object({
  hash: z.string({ error: 'hash is required.' }).regex(/^[0-9a-f]{16,128}$/, 'hash must be 16 to 128 hexadecimal characters.'),
  listings: z
    .array(listingPoolRecord, { error: 'listings must be a list of listings.' })
    .max(LISTING_POOL_MAX_LISTINGS, LISTING_POOL_TOO_MANY_MESSAGE),
});
export type ListingPoolDocument = z.infer<typeof listingPoolDocument>;

/** PUT /api/history/{id}/listings: gzipped JSON (Content-Type application/gzip) or plain JSON, read as a stream (decision 3001). */
export const putListingPoolRequest = listingPoolDocument;
export const listingPoolSaved = z.object({ history_id: z.number().int(), hash: z.string(), count: z.number().int(), saved_at: z.string() });
export type ListingPoolSaved = z.infer<typeof listingPoolSaved>;
export const putListingPoolResponse = envelope(listingPoolSaved);

/** GET /api/history/{id}/listings: the pool last saved with the entry (gzip-encoded on the wire); 404 when none was. */
export const savedListingPool = listingPoolDocument.extend({ count: z.number().int(), saved_at: z.string() });
export type SavedListingPool = z.infer<typeof savedListingPool>;
export const getListingPoolResponse = envelope(savedListingPool);
