import { PROPERTY_IMAGE_MAX_BYTES } from '@cma/contracts';
import type { ListingsRepository } from '../listings/listings.repository';
import { demoPhotoSvg } from '../listings/demo/demo-photo';
import type { ImagesServiceDeps } from './images.service';

const DEMO_PHOTO_PATH = /^\/api\/listing-photos\/demo\/([^/]+)\/(\d+)\.svg$/;

/** Where the images service finds a listing's photos: the listing database, our demo placeholders, MLS photo URLs. */
export function listingPhotoLookup(listings: ListingsRepository): Pick<ImagesServiceDeps, 'findListing' | 'fetchListingPhoto'> {
  return {
    async findListing(listingId, source) {
      const listing = await listings.findByListingId(listingId, source);
      return listing && { id: listing.id, listingId: listing.record['Listing Id'], photoUrls: listing.photoUrls };
    },
    async fetchListingPhoto(url) {
      const demo = DEMO_PHOTO_PATH.exec(url);
      if (demo) {
        const listing = await listings.findByListingId(decodeURIComponent(demo[1]!), 'demo');
        return Buffer.from(demoPhotoSvg(decodeURIComponent(demo[1]!), Number(demo[2]), listing?.record.properties_address ?? ''));
      }
      // Only URLs stored from the MLS feed reach here (never a URL a user typed).
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`photo ${response.status}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > PROPERTY_IMAGE_MAX_BYTES) throw new Error('photo too large');
      return bytes;
    },
  };
}
