import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { HISTORY_ENTRY_GONE_MESSAGE, LISTING_POOL_NOT_SAVED_MESSAGE, type ListingPoolSaved } from '@cma/contracts';
import { AppError, NotFoundError } from '../../http/errors';
import type { FileStorage } from '../storage/file-storage';
import type { ListingPoolUploads } from './listing-pool-uploads';
import type { ListingPoolsRepository } from './listing-pools.repository';

const gunzip = promisify(gunzipCallback);
const gzip = promisify(gzipCallback);
/** Uploads one agent may have being read at once (the web app sends one per save). */
export const LISTING_POOL_UPLOADS_PER_USER = 2;
export const LISTING_POOL_BUSY_MESSAGE = 'Your listings are still being saved. Try again when that save is done.';

/** Where an entry's pool is kept: one file per history entry, under its owner. */
const keyOf = (userId: string, historyId: number) => `listing-pools/${userId}/${historyId}.json.gz`;

/** Deletes an entry's saved pool, if it has one (the entry itself is gone for good). */
export const deleteListingPool = (storage: FileStorage, userId: string, historyId: number): Promise<void> => storage.delete(keyOf(userId, historyId));

export interface ListingPoolUpload {
  body: Readable;
  gzipped: boolean;
  /** Content-Length, when the client sent one: a body declared too large is refused before it is read. */
  declaredBytes?: number;
}

/**
 * The stored answer without the MLS listings of MLSs the agent is no longer a member of (records from a listing search
 * carry their MLS as `listingMls`; decision 2803). The answer's bytes are kept when nothing is left out; otherwise the
 * hash becomes one of what is left (so it matches no pool the browser saved).
 */
async function withMemberListingsOnly(stored: Buffer, mlsNames: readonly string[]): Promise<Buffer> {
  const text = (await gunzip(stored)).toString('utf8');
  if (!text.includes('"listingMls"')) return stored;
  const allowed = new Set(mlsNames);
  const answer = JSON.parse(text) as { data: { listings: { listingMls?: unknown }[]; count: number; hash: string } };
  const kept = answer.data.listings.filter((listing) => typeof listing.listingMls !== 'string' || allowed.has(listing.listingMls));
  if (kept.length === answer.data.listings.length) return stored;
  const hash = createHash('sha256').update(JSON.stringify(kept)).digest('hex').slice(0, 32);
  answer.data = { ...answer.data, listings: kept, count: kept.length, hash };
  return gzip(JSON.stringify(answer), { level: 1 });
}

export function createListingPoolsService(
  repository: ListingPoolsRepository,
  storage: FileStorage,
  uploads: ListingPoolUploads,
  now: () => Date,
  /** The MLSs whose listings the agent may see (their names). */
  mlsNamesOf: (userId: string) => Promise<string[]>,
) {
  const reading = new Map<string, number>();

  async function assertOwned(userId: string, historyId: number): Promise<void> {
    if (!(await repository.ownsEntry(userId, historyId))) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
  }

  return {
    /**
     * Reads an upload off the event loop and keeps the pool with the entry, replacing the one saved before (a refused
     * upload changes nothing). Stored as the gzipped answer GET sends, so a restore is a file read.
     */
    async save(userId: string, historyId: number, upload: ListingPoolUpload): Promise<ListingPoolSaved> {
      await assertOwned(userId, historyId);
      const running = reading.get(userId) ?? 0;
      if (running >= LISTING_POOL_UPLOADS_PER_USER) throw new AppError(429, LISTING_POOL_BUSY_MESSAGE);
      reading.set(userId, running + 1);
      const savedAt = now().toISOString();
      try {
        const pool = await uploads.read(upload.body, { gzipped: upload.gzipped, savedAt, declaredBytes: upload.declaredBytes });
        await storage.put(keyOf(userId, historyId), pool.stored, 'application/gzip');
        return { history_id: historyId, hash: pool.hash, count: pool.count, saved_at: savedAt };
      } finally {
        const left = (reading.get(userId) ?? 1) - 1;
        if (left > 0) reading.set(userId, left);
        else reading.delete(userId);
      }
    },

    /** The saved pool's answer, gzipped (`gzipped: false` unpacks it for a client that does not accept gzip). */
    async load(userId: string, historyId: number, options: { gzipped: boolean }): Promise<Buffer> {
      await assertOwned(userId, historyId);
      const saved = await storage.get(keyOf(userId, historyId));
      if (!saved) throw new NotFoundError(LISTING_POOL_NOT_SAVED_MESSAGE);
      const stored = await withMemberListingsOnly(saved, await mlsNamesOf(userId));
      return options.gzipped ? stored : gunzip(stored);
    },
  };
}
export type ListingPoolsService = ReturnType<typeof createListingPoolsService>;
