import type { AppContext } from '../../context';
import { recurringJob } from '../../jobs/recurring-job';
import type { ImagesRepository } from './images.repository';

// Listing photos are copied when a comparable is ticked (decision 0701); one ticked and then unticked kept its copies
// forever. This daily job deletes copies of properties no saved report mentions once they are 30 days old, then
// schedules its next run. One job per day across all instances (singleton key), as the throttle prune does.

export const UNUSED_COPIES_PRUNE_QUEUE = 'images.unused-copies-prune';
export const UNUSED_COPIES_PRUNE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Copied listing photos younger than this stay even when no saved report uses them (the agent may still be working). */
export const UNUSED_COPY_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const BATCH = 200;

const unusedCopiesPrune = recurringJob(UNUSED_COPIES_PRUNE_QUEUE, 'unused-copies-prune', UNUSED_COPIES_PRUNE_INTERVAL_MS);

/** Deletes unused listing-photo copies older than 30 days (rows, files and claims); how many claims and photos went. */
export async function pruneUnusedListingCopies(ctx: AppContext, repository: ImagesRepository): Promise<{ claims: number; photos: number }> {
  const copiedBefore = new Date(ctx.now().getTime() - UNUSED_COPY_MAX_AGE_MS);
  const deleted = { claims: 0, photos: 0 };
  for (;;) {
    const batch = await repository.pruneUnusedListingCopies(copiedBefore, BATCH);
    // Files after the rows' commit: a failed file delete leaves an orphan file, never a row without its file.
    for (const key of batch.storageKeys) await ctx.storage.delete(key);
    deleted.claims += batch.claims;
    deleted.photos += batch.storageKeys.length;
    if (batch.claims < BATCH) return deleted;
  }
}

/** Registers the prune job (called by the images plugin). */
export function registerUnusedCopiesPrune(ctx: AppContext, repository: ImagesRepository): void {
  unusedCopiesPrune.register(ctx, async () => {
    const deleted = await pruneUnusedListingCopies(ctx, repository);
    ctx.log.info(deleted, 'unused copied listing photos deleted');
  });
}

/** Startup: make sure a prune is scheduled for the current day (idempotent across instances and restarts). */
export const scheduleUnusedCopiesPrune = (ctx: AppContext): Promise<void> => unusedCopiesPrune.schedule(ctx);
