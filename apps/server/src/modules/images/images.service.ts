import { randomUUID } from 'node:crypto';
import {
  PROPERTY_IMAGE_MAX_BYTES, PROPERTY_IMAGE_MAX_FILES_PER_UPLOAD, PROPERTY_IMAGE_MAX_PER_PROPERTY, type ListingSource, type PropertyImage,
} from '@cma/contracts';
import type { FileStorage } from '../storage/file-storage';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { ImagesRepository, PropertyImageRow } from './images.repository';
import { sniffImageType, type UploadedFile } from '../../http/uploads';
import { toStoredJpeg } from './image-processing';

export interface ListingPhotos {
  id: string;
  listingId: string;
  photoUrls: string[];
}

export interface ImagesServiceDeps {
  repository: ImagesRepository;
  storage: FileStorage;
  now: () => Date;
  /** A listing the user may see (a member of its MLS; demo listings while demo data is on). */
  findListing(userId: string, listingId: string, where: { source?: ListingSource; mls?: string }): Promise<ListingPhotos | undefined>;
  /** Bytes of a listing photo URL: our demo placeholders in process, MLS photo URLs over HTTP. */
  fetchListingPhoto(url: string): Promise<Buffer>;
}

const storageKey = (userId: string, imageId: string) => `property-images/${userId}/${imageId}.jpg`;

function toDto(row: PropertyImageRow): PropertyImage {
  return {
    id: row.id,
    property_id: row.property_id,
    url: `/api/property-image-file/${row.id}`,
    content_type: row.content_type,
    width: row.width,
    height: row.height,
    byte_size: row.byte_size,
    original_name: row.original_name,
    created_at: new Date(row.created_at).toISOString(),
  };
}

export function createImagesService(deps: ImagesServiceDeps) {
  const { repository, storage, now } = deps;

  async function list(userId: string, propertyId: string): Promise<PropertyImage[]> {
    return (await repository.listForProperty(userId, propertyId)).map(toDto);
  }

  async function ensureRoom(userId: string, propertyId: string, adding: number): Promise<void> {
    const existing = await repository.countForProperty(userId, propertyId);
    if (existing + adding > PROPERTY_IMAGE_MAX_PER_PROPERTY) {
      throw new ValidationError({ images: [`A property can have at most ${PROPERTY_IMAGE_MAX_PER_PROPERTY} photos (it has ${existing}).`] });
    }
  }

  async function save(userId: string, propertyId: string, jpegs: { name: string; jpeg: Buffer; width: number; height: number }[], sourceListingId?: string) {
    for (const image of jpegs) {
      const id = randomUUID();
      const key = storageKey(userId, id);
      await storage.put(key, image.jpeg, 'image/jpeg');
      await repository.insert(
        { id, user_id: userId, property_id: propertyId, storage_key: key, content_type: 'image/jpeg', width: image.width, height: image.height, byte_size: image.jpeg.length, original_name: image.name, source_listing_id: sourceListingId },
        now(),
      );
    }
  }

  return {
    list,

    /** Checks every file first (all or nothing), then stores each as a ≤ 1600 px JPEG without metadata. */
    async store(userId: string, propertyId: string, files: UploadedFile[]): Promise<PropertyImage[]> {
      if (files.length === 0) throw new ValidationError({ images: ['Choose at least one image (PNG, JPEG or WebP).'] });
      if (files.length > PROPERTY_IMAGE_MAX_FILES_PER_UPLOAD) {
        throw new ValidationError({ images: [`Upload at most ${PROPERTY_IMAGE_MAX_FILES_PER_UPLOAD} images at a time.`] });
      }
      const problems: string[] = [];
      for (const file of files) {
        if (file.truncated || file.size > PROPERTY_IMAGE_MAX_BYTES) problems.push(`${file.filename} is larger than ${PROPERTY_IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
        else if (file.size === 0) problems.push(`${file.filename} is empty.`);
        else if (!sniffImageType(file.head)) problems.push(`${file.filename} is not a PNG, JPEG or WebP image.`);
      }
      if (problems.length) throw new ValidationError({ images: problems });
      await ensureRoom(userId, propertyId, files.length);
      const processed = [];
      for (const file of files) {
        try {
          processed.push({ name: file.filename, ...(await toStoredJpeg(file.path)) });
        } catch {
          problems.push(`${file.filename} could not be read as an image (damaged or too large in pixels).`);
        }
      }
      if (problems.length) throw new ValidationError({ images: problems });
      await save(userId, propertyId, processed);
      return list(userId, propertyId);
    },

    async remove(userId: string, imageId: string): Promise<void> {
      const row = await repository.findOwned(userId, imageId);
      if (!row) throw new NotFoundError('Image not found');
      await repository.delete(row.id);
      await storage.delete(row.storage_key);
    },

    async file(userId: string, imageId: string): Promise<Buffer> {
      const row = await repository.findOwned(userId, imageId);
      const bytes = row ? await storage.get(row.storage_key) : undefined;
      if (!bytes) throw new NotFoundError('Image not found');
      return bytes;
    },

    /** The property's images as data URLs (the PDF embeds them). */
    async encoded(userId: string, propertyId: string): Promise<{ id: string; data_url: string }[]> {
      const rows = await repository.listForProperty(userId, propertyId);
      const result = [];
      for (const row of rows) {
        const bytes = await storage.get(row.storage_key);
        if (bytes) result.push({ id: row.id, data_url: `data:${row.content_type};base64,${bytes.toString('base64')}` });
      }
      return result;
    },

    /**
     * Copies a listing's photos into the user's images of a property (default: the listing id), once: a later call
     * returns the property's images unchanged, even after the agent deleted the copies.
     */
    async saveFromListing(userId: string, request: { listing_id: string; source?: ListingSource; mls?: string; property_id?: string }): Promise<PropertyImage[]> {
      const listing = await deps.findListing(userId, request.listing_id, { source: request.source, mls: request.mls });
      if (!listing) throw new NotFoundError('Listing not found');
      const propertyId = request.property_id ?? listing.listingId;
      if (listing.photoUrls.length === 0) return list(userId, propertyId);
      if (!(await repository.claimListingCopy(userId, propertyId, listing.id, now()))) return list(userId, propertyId);
      try {
        await ensureRoom(userId, propertyId, listing.photoUrls.length);
        const processed = [];
        for (const [index, url] of listing.photoUrls.entries()) {
          try {
            processed.push({ name: `${listing.listingId}-${index + 1}.jpg`, ...(await toStoredJpeg(await deps.fetchListingPhoto(url))) });
          } catch {
            // One unreachable MLS photo should not lose the others.
          }
        }
        if (processed.length === 0) throw new ValidationError({ listing_id: ['The listing photos could not be downloaded. Try again later.'] });
        await save(userId, propertyId, processed, listing.id);
      } catch (error) {
        // The copy failed: a later call may try again.
        await repository.releaseListingCopy(userId, propertyId, listing.id);
        throw error;
      }
      return list(userId, propertyId);
    },
  };
}
export type ImagesService = ReturnType<typeof createImagesService>;
