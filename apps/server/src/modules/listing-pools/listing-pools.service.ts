import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { HISTORY_ENTRY_GONE_MESSAGE, LISTING_POOL_NOT_SAVED_MESSAGE, type ListingPoolDocument, type ListingPoolSaved } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { NotFoundError } from '../../http/errors';
import type { FileStorage } from '../storage/file-storage';
import type { ListingPoolsRepository } from './listing-pools.repository';

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

/** Where an entry's pool is kept: one file per history entry, under its owner. */
const keyOf = (userId: string, historyId: number) => `listing-pools/${userId}/${historyId}.json.gz`;

/** Deletes an entry's saved pool, if it has one (the entry itself is gone for good). */
export const deleteListingPool = (storage: FileStorage, userId: string, historyId: number): Promise<void> => storage.delete(keyOf(userId, historyId));

export function createListingPoolsService(repository: ListingPoolsRepository, storage: FileStorage, now: () => Date) {
  async function assertOwned(userId: string, historyId: number): Promise<void> {
    if (!(await repository.ownsEntry(userId, historyId))) throw new NotFoundError(HISTORY_ENTRY_GONE_MESSAGE);
  }

  return {
    /** Keeps the pool with the entry, replacing the one saved before. Stored as the gzipped answer GET sends, so a restore is a file read. */
    async save(userId: string, historyId: number, pool: ListingPoolDocument): Promise<ListingPoolSaved> {
      await assertOwned(userId, historyId);
      const saved: ListingPoolSaved = { history_id: historyId, hash: pool.hash, count: pool.listings.length, saved_at: now().toISOString() };
      const answer = ok({ hash: pool.hash, count: saved.count, saved_at: saved.saved_at, listings: pool.listings });
      // Level 1: a save is more frequent than a restore; 50,000 listings take ~2.5 s less for ~45 % more bytes (decision 2130).
      await storage.put(keyOf(userId, historyId), await gzip(JSON.stringify(answer), { level: 1 }), 'application/gzip');
      return saved;
    },

    /** The saved pool's answer, gzipped (`gzipped: false` unpacks it for a client that does not accept gzip). */
    async load(userId: string, historyId: number, options: { gzipped: boolean }): Promise<Buffer> {
      await assertOwned(userId, historyId);
      const stored = await storage.get(keyOf(userId, historyId));
      if (!stored) throw new NotFoundError(LISTING_POOL_NOT_SAVED_MESSAGE);
      return options.gzipped ? stored : gunzip(stored);
    },
  };
}
export type ListingPoolsService = ReturnType<typeof createListingPoolsService>;
