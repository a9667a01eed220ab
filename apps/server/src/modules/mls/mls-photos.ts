import { createHmac, timingSafeEqual } from 'node:crypto';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { PROPERTY_IMAGE_MAX_EDGE } from '@cma/contracts';
import type { ResoClient } from '../../adapters/reso/reso-client';
import { reencodeImage } from '../../shared/reencode-image';
import type { FileStorage } from '../storage/file-storage';
import type { ClaimedPhoto, MlsRepository } from './mls.repository';
import type { MlsLog } from './mls-sync';
import { photosOfMedia } from './reso-mapping';

// Listing photos stored by us (decision 2802): each Media photo downloaded in the background with bounded concurrency,
// re-encoded like every upload, kept through FileStorage as a thumbnail and a report-size JPEG, and served from our
// own signed URLs: /api/mls-photos/<photo id>/<signature>/(thumb|report).jpg.

export const MLS_PHOTO_SIZES = { thumb: 480, report: PROPERTY_IMAGE_MAX_EDGE } as const;
export type MlsPhotoSize = keyof typeof MLS_PHOTO_SIZES;
/** Downloads at a time per process (the MLS's CDN is someone else's; re-encoding takes one decode slot per core anyway). */
export const PHOTO_DOWNLOADS_AT_ONCE = 4;
const MAX_PHOTO_BYTES = 25 * 1024 * 1024;
const PHOTO_LEASE_MS = 2 * 60 * 1000;
/** Waits before the next try of a photo that failed (then it is marked failed). */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000];

/** The path a listing keeps for a stored photo (listings.photo_urls): signed for a member when served. */
export const MLS_PHOTO_PATH = /^\/api\/mls-photos\/([0-9a-f-]{36})$/;

const signature = (secret: string, photoId: string) => createHmac('sha256', secret).update(`mls-photo:${photoId}`).digest('base64url').slice(0, 32);

/** Signs and checks photo URLs with the server's key: a URL is unguessable, and handed only to a source's members. */
export function createPhotoUrls(key: () => Promise<string>) {
  return {
    /** Turns a listing's stored photo paths into signed URLs of `size` (other URLs, e.g. demo photos, stay as they are). */
    async signer(size: MlsPhotoSize = 'thumb'): Promise<(path: string) => string> {
      const secret = await key();
      return (path) => {
        const id = MLS_PHOTO_PATH.exec(path)?.[1];
        return id ? `/api/mls-photos/${id}/${signature(secret, id)}/${size}.jpg` : path;
      };
    },
    async verify(photoId: string, given: string): Promise<boolean> {
      const expected = Buffer.from(signature(await key(), photoId));
      const actual = Buffer.from(given);
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
export type PhotoUrls = ReturnType<typeof createPhotoUrls>;

/** A signed photo URL's photo id and size, or null when `url` is not one. */
export function parsePhotoUrl(url: string): { photoId: string; signature: string; size: MlsPhotoSize } | null {
  const match = /^\/api\/mls-photos\/([0-9a-f-]{36})\/([\w-]{32})\/(thumb|report)\.jpg$/.exec(url);
  return match ? { photoId: match[1]!, signature: match[2]!, size: match[3] as MlsPhotoSize } : null;
}

export interface PhotoStoreDeps {
  repository: MlsRepository;
  storage: FileStorage;
  now: () => Date;
  log: MlsLog;
  /** The RESO client of a source (photos behind the service's own host need its credentials). */
  clientFor(sourceId: string): Promise<ResoClient>;
  /** How Media of a source arrive (a photo whose URL expired is looked up again through them). */
  mediaModeOf(sourceId: string): Promise<'inline' | 'expand' | 'resource' | null>;
  deleteFiles(keys: string[]): Promise<void>;
}

const storageKeys = (photo: ClaimedPhoto) => {
  const base = `mls-photos/${photo.source_name}/${photo.listing_id}/${photo.id}`;
  return { thumbKey: `${base}-thumb.jpg`, reportKey: `${base}-report.jpg` };
};

/** An MLS photo URL's short form for logs (signed URLs carry secrets in their query). */
const shortUrl = (url: string) => url.split('?')[0]!.slice(0, 120);

/**
 * Downloads and stores due photos (of one source, or all) until none is due or the deadline passes; several processes
 * may run this at once (each photo is claimed). Answers how many were stored and how many failed this time.
 */
export async function storePendingPhotos(deps: PhotoStoreDeps, options: { sourceId: string | null; deadline?: number }): Promise<{ stored: number; failed: number }> {
  const limit = pLimit(PHOTO_DOWNLOADS_AT_ONCE);
  const result = { stored: 0, failed: 0 };
  for (;;) {
    if (options.deadline && Date.now() > options.deadline) return result;
    const batch = await deps.repository.claimPhotos(options.sourceId, PHOTO_DOWNLOADS_AT_ONCE * 4, deps.now(), PHOTO_LEASE_MS);
    if (batch.length === 0) return result;
    await Promise.all(
      batch.map((photo) =>
        limit(async () => {
          if (await storePhoto(deps, photo)) result.stored++;
          else result.failed++;
        }),
      ),
    );
  }
}

async function download(deps: PhotoStoreDeps, client: ResoClient, photo: ClaimedPhoto): Promise<Buffer> {
  let answer = await client.photo(photo.media_url, MAX_PHOTO_BYTES);
  // Most MLS photo URLs are signed and expire: ask the feed for the listing's Media again and try the new URL once.
  if ([403, 404, 410].includes(answer.status) && photo.listing_key) {
    const fresh = await freshUrl(deps, client, photo);
    if (fresh && fresh !== photo.media_url) {
      await deps.repository.setPhotoUrl(photo.id, fresh);
      answer = await client.photo(fresh, MAX_PHOTO_BYTES);
    }
  }
  if (answer.status !== 200) throw new Error(`the MLS answered ${answer.status} for ${shortUrl(photo.media_url)}`);
  return answer.bytes;
}

async function freshUrl(deps: PhotoStoreDeps, client: ResoClient, photo: ClaimedPhoto): Promise<string | null> {
  const mode = await deps.mediaModeOf(photo.mls_source_id);
  const media =
    mode === 'resource' ? await client.media([photo.listing_key!]) : ((await client.property(photo.listing_key!, { expandMedia: mode === 'expand' }))?.Media as unknown[] | undefined) ?? [];
  return photosOfMedia(media, Number.MAX_SAFE_INTEGER).find((p) => p.mediaKey === photo.media_key)?.url ?? null;
}

async function storePhoto(deps: PhotoStoreDeps, photo: ClaimedPhoto): Promise<boolean> {
  try {
    const bytes = await download(deps, await deps.clientFor(photo.mls_source_id), photo);
    let report;
    try {
      report = await reencodeImage(bytes, MLS_PHOTO_SIZES.report, 'jpeg');
    } catch {
      throw new Error(`not a readable image (${bytes.length} bytes from ${shortUrl(photo.media_url)})`);
    }
    const thumb = await reencodeImage(report.body, MLS_PHOTO_SIZES.thumb, 'jpeg');
    const { width = 0, height = 0 } = await sharp(report.body).metadata();
    const keys = storageKeys(photo);
    await deps.storage.put(keys.thumbKey, thumb.body, 'image/jpeg');
    await deps.storage.put(keys.reportKey, report.body, 'image/jpeg');
    if (!(await deps.repository.markPhotoStored(photo.id, { ...keys, width, height }, deps.now()))) {
      await deps.deleteFiles([keys.thumbKey, keys.reportKey]); // the listing went while its photo downloaded
    }
    return true;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const delay = RETRY_DELAYS_MS[photo.attempts];
    await deps.repository.markPhotoFailed(photo.id, message, delay === undefined ? null : new Date(deps.now().getTime() + delay));
    deps.log.warn({ source: photo.source_name, listingKey: photo.listing_key, mediaKey: shortUrl(photo.media_key), reason: message, final: delay === undefined }, 'MLS photo not stored');
    return false;
  }
}
