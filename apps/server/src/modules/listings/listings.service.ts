import type { ListingSource, SearchComparablesRequest } from '@cma/contracts';
import type { PropertyRecord } from '@cma/listings-import';
import { normalizeAddress, queryWords } from './address-text';
import type { ListingInput, ListingsRepository, ListingViewer, StoredListing } from './listings.repository';
import { demoPhotoPaths, generateDemoRecords, DEMO_LISTING_COUNT } from './demo/demo-listings';

export interface ListingHit {
  source: ListingSource;
  /** The MLS source's name (null for demo listings). */
  mls: string | null;
  record: PropertyRecord;
  photos: string[];
}

/** Turns a listing's stored photo paths into the URLs a member may load (MLS photos are signed; others pass through). */
export type PhotoSigner = () => Promise<(path: string) => string>;
const unsigned: PhotoSigner = async () => (path) => path;

export function createListingsService(repository: ListingsRepository, now: () => Date, signer: PhotoSigner = unsigned) {
  /** The records as the client gets them: the import's shape, with the listing's photo URLs as its propertyImages. */
  async function presenter(): Promise<(listing: StoredListing) => ListingHit> {
    const sign = await signer();
    return (listing) => {
      const photos = listing.photoUrls.map(sign);
      return { source: listing.source, mls: listing.mls, record: { ...listing.record, propertyImages: photos }, photos };
    };
  }

  return {
    /** Address search among what `viewer` may see: every typed word must match (exactly, as a prefix if last, or within 1–2 typos). */
    async searchAddress(viewer: ListingViewer, address: string, limit = 10): Promise<{ hits: (ListingHit & { score: number })[]; total: number }> {
      const words = queryWords(address);
      const expanded = [];
      for (const word of words) {
        const weights = await repository.expandWord(word);
        // A word that matches nothing stored (e.g. "usa", a stray letter) should not hide real matches.
        if (weights.size > 0) expanded.push(weights);
      }
      if (expanded.length === 0) return { hits: [], total: 0 };
      const result = await repository.searchByTerms(viewer, expanded, normalizeAddress(address), limit);
      const present = await presenter();
      return { hits: result.listings.map((listing) => ({ ...present(listing), score: listing.score })), total: result.total };
    },

    /** Sales (and, if asked, active listings) around a subject, nearest first, within ± size tolerance. */
    async searchComparables(viewer: ListingViewer, request: SearchComparablesRequest): Promise<(ListingHit & { distanceMiles: number })[]> {
      const months = request.months ?? 12;
      const since = new Date(now());
      since.setUTCMonth(since.getUTCMonth() - months);
      const area = request.aboveGradeFinishedArea;
      const tolerance = request.sizeTolerance ?? 0.2;
      const found = await repository.findNear(viewer, {
        latitude: request.latitude,
        longitude: request.longitude,
        radiusMiles: request.radius ?? 1,
        closedSince: since.toISOString().slice(0, 10),
        minSqft: area ? area * (1 - tolerance) : undefined,
        maxSqft: area ? area * (1 + tolerance) : undefined,
        excludeListingId: request.excludeListingId,
        includeActive: request.includeActive ?? false,
        limit: request.limit ?? 100,
      });
      const present = await presenter();
      return found.map((listing) => ({ ...present(listing), distanceMiles: Math.round(listing.distanceMiles * 100) / 100 }));
    },

    async load(inputs: ListingInput[]): Promise<number> {
      return repository.upsert(inputs, now());
    },

    /** Seeds the demo listings once (idempotent: skipped when they are already there). */
    async seedDemoListings(count = DEMO_LISTING_COUNT): Promise<number> {
      if ((await repository.count('demo')) >= count) return 0;
      const records = generateDemoRecords({ count, referenceDate: now() });
      return repository.upsert(
        records.map((record) => ({ source: 'demo', record, photoUrls: demoPhotoPaths(record['Listing Id']) })),
        now(),
      );
    },

    findDemoListing: (listingId: string) => repository.findDemoListing(listingId),
  };
}
export type ListingsService = ReturnType<typeof createListingsService>;
