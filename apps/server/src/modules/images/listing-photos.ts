import { PROPERTY_IMAGE_MAX_BYTES } from '@cma/contracts';
import type { ListingsRepository } from '../listings/listings.repository';
import { demoPhotoSvg } from '../listings/demo/demo-photo';
import { MLS_PHOTO_PATH } from '../mls/mls-photos';
import type { MlsService } from '../mls/mls.service';
import type { MembershipService } from '../mls/mls-membership.service';
import type { FileStorage } from '../storage/file-storage';
import type { ImagesServiceDeps } from './images.service';

const DEMO_PHOTO_PATH = /^\/api\/listing-photos\/demo\/([^/]+)\/(\d+)\.svg$/;

/**
 * Where the images service finds a listing's photos: the listings the user may see (decision 2803), our demo
 * placeholders, MLS photos we stored (their report size, from storage), photo URLs of a CSV load.
 */
export function listingPhotoLookup(
  listings: ListingsRepository,
  mls: MlsService,
  memberships: MembershipService,
  storage: FileStorage,
  demoData: boolean,
): Pick<ImagesServiceDeps, 'findListing' | 'fetchListingPhoto'> {
  return {
    async findListing(userId, listingId, where) {
      const listing = await listings.findByListingId(await memberships.viewerOf(userId, demoData), listingId, where);
      return listing && { id: listing.id, listingId: listing.record['Listing Id'], photoUrls: listing.photoUrls };
    },
    async fetchListingPhoto(url) {
      const demo = DEMO_PHOTO_PATH.exec(url);
      if (demo) {
        const listing = await listings.findDemoListing(decodeURIComponent(demo[1]!));
        return Buffer.from(demoPhotoSvg(decodeURIComponent(demo[1]!), Number(demo[2]), listing?.record.properties_address ?? ''));
      }
      const stored = MLS_PHOTO_PATH.exec(url);
      if (stored) {
        const key = await mls.repository.photoFile(stored[1]!, 'report');
        const bytes = key ? await storage.get(key) : undefined;
        if (!bytes) throw new Error('photo not stored');
        return bytes;
      }
      // Only URLs stored from an MLS CSV load reach here (never a URL a user typed).
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`photo ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > PROPERTY_IMAGE_MAX_BYTES) throw new Error('photo too large');
      return bytes;
    },
  };
}
