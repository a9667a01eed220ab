import { z } from 'zod';
import { envelope } from './envelope';

// A user's property photos (spec §7 image calls). Uploads are resized and re-encoded on the server.

export const PROPERTY_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const PROPERTY_IMAGE_MAX_FILES_PER_UPLOAD = 12;
export const PROPERTY_IMAGE_MAX_PER_PROPERTY = 40;
export const PROPERTY_IMAGE_MAX_EDGE = 1600;
export const PROPERTY_IMAGE_ACCEPTED_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A property is named by its record uuid or its MLS listing id. */
export const propertyIdParam = z.object({
  id: z.string().trim().min(1).max(120).regex(/^[\w.:-]+$/, 'The property id may use letters, digits and - _ . : only.'),
});

export const propertyImage = z.object({
  id: z.string(),
  property_id: z.string(),
  /** Authenticated URL of the JPEG (GET, bearer token). */
  url: z.string(),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  byte_size: z.number().int(),
  original_name: z.string(),
  created_at: z.string(),
});
export type PropertyImage = z.infer<typeof propertyImage>;

/** POST /api/store-property-images (multipart: property_id + images[]) and POST /api/get-images/{id}. */
export const propertyImagesResponse = envelope(z.array(propertyImage));

/** POST /api/encoded/img/list/{id}: the images as data URLs, for the PDF. */
export const encodedImage = z.object({ id: z.string(), data_url: z.string() });
export const encodedImagesResponse = envelope(z.array(encodedImage));

export const deleteImageResponse = envelope(z.object({ id: z.string() }));

/** POST /api/save-image-rets: copy a listing's photos into the user's images of a property, once (later calls return the images). */
export const saveImageRetsRequest = z.object({
  /** The listing's MLS id (with its source when ids could clash across MLSs). */
  listing_id: z.string().trim().min(1).max(120),
  source: z.enum(['recolorado', 'ppar', 'reso', 'demo']).optional(),
  /** The listing's MLS source (a search hit's mls), when ids could clash across MLSs. */
  mls: z.string().trim().min(1).max(40).optional(),
  /** The property the photos are saved under; defaults to the listing id. */
  property_id: z.string().trim().min(1).max(120).regex(/^[\w.:-]+$/).optional(),
});
export type SaveImageRetsRequest = z.infer<typeof saveImageRetsRequest>;
