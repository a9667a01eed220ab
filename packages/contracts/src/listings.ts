import { z } from 'zod';
import { envelope } from './envelope';

// The listing database (issue 5): address search and comparable search. Records have the CSV import's shape
// (spec §3 property record); the contract keeps them open so the import package stays their one definition.

export const LISTING_SOURCES = ['recolorado', 'ppar', 'reso', 'demo'] as const;
export type ListingSource = (typeof LISTING_SOURCES)[number];

/** A spec §3 property record as produced by @cma/listings-import. */
export const listingPropertyRecord = z.record(z.string(), z.unknown());
export type ListingPropertyRecord = z.infer<typeof listingPropertyRecord>;

export const SEARCH_ADDRESS_MAX_LIMIT = 50;

/** POST /api/search-address-rets */
export const searchAddressRequest = z.object({
  address: z.string().trim().min(2, 'Type at least 2 characters of the address.').max(200, 'The address is too long.'),
  limit: z.coerce.number().int().min(1).max(SEARCH_ADDRESS_MAX_LIMIT).optional(),
});
export type SearchAddressRequest = z.infer<typeof searchAddressRequest>;

export const addressSearchHit = z.object({
  /** Relevance: higher is better (exact words beat prefixes beat corrected typos). */
  score: z.number(),
  source: z.enum(LISTING_SOURCES),
  /** The MLS the listing belongs to (null for demo listings). */
  mls: z.string().nullable(),
  record: listingPropertyRecord,
  /** Our URLs of the listing's photos (thumbnails; copy them into a report with /api/save-image-rets). */
  photos: z.array(z.string()),
});
export type AddressSearchHit = z.infer<typeof addressSearchHit>;

export const searchAddressResponse = envelope(
  z.object({
    /** The records, best first (same shape as the CSV import). */
    records: z.array(listingPropertyRecord),
    hits: z.array(addressSearchHit),
    total: z.number().int(),
  }),
);

/** POST /api/search-comparables-rets: closed sales near a subject, nearest and most similar first. */
export const searchComparablesRequest = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Miles around the subject. */
  radius: z.number().positive().max(50).default(1),
  /** Closed within this many months. */
  months: z.number().int().positive().max(120).default(12),
  limit: z.number().int().min(1).max(500).default(100),
  /** Subject facts used to filter (±sizeTolerance) and rank; all optional. */
  aboveGradeFinishedArea: z.number().positive().optional(),
  sizeTolerance: z.number().min(0).max(5).default(0.2),
  yearBuilt: z.number().int().optional(),
  bedrooms: z.number().min(0).optional(),
  /** Include active/pending listings too (default: closed sales only). */
  includeActive: z.boolean().default(false),
  /** The subject's own listing id, left out of the results. */
  excludeListingId: z.string().optional(),
});
export type SearchComparablesRequest = z.input<typeof searchComparablesRequest>;

export const comparableHit = z.object({
  distanceMiles: z.number(),
  source: z.enum(LISTING_SOURCES),
  mls: z.string().nullable(),
  record: listingPropertyRecord,
  photos: z.array(z.string()),
});
export const searchComparablesResponse = envelope(
  z.object({ records: z.array(listingPropertyRecord), hits: z.array(comparableHit) }),
);
