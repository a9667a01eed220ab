import type { AppContext } from '../../context';
import { recurringJob } from '../../jobs/recurring-job';
import { deleteListingPool } from '../listing-pools/listing-pools.service';
import type { HistoryRepository } from './history.repository';

// A deleted history entry could be undone for two minutes and was then kept forever, with its saved listing pool (an
// MLS export the agent had deleted). This daily job removes entries deleted more than an hour ago — well past the undo
// grace, whatever the instances' clocks — and their pool files. One run per day across all instances (singleton key).

export const DELETED_ENTRIES_PURGE_QUEUE = 'history.deleted-entries-purge';
export const DELETED_ENTRIES_PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** How long after its deletion an entry is removed for good (the undo grace is 120 s). */
export const DELETED_ENTRY_KEPT_MS = 60 * 60 * 1000;
const BATCH = 200;

const deletedEntriesPurge = recurringJob(DELETED_ENTRIES_PURGE_QUEUE, 'deleted-entries-purge', DELETED_ENTRIES_PURGE_INTERVAL_MS);

/** Removes entries deleted over an hour ago, then their pool files; how many entries went. */
export async function purgeDeletedHistoryEntries(ctx: AppContext, repository: HistoryRepository): Promise<number> {
  const deletedBefore = new Date(ctx.now().getTime() - DELETED_ENTRY_KEPT_MS);
  let purged = 0;
  for (;;) {
    const batch = await repository.purgeDeleted(deletedBefore, BATCH);
    // Files after the rows: a failed file delete leaves an orphan file, never an entry that lost its pool.
    for (const entry of batch) await deleteListingPool(ctx.storage, entry.userId, entry.id);
    purged += batch.length;
    if (batch.length < BATCH) return purged;
  }
}

/** Registers the purge job (called by the history plugin). */
export function registerDeletedEntriesPurge(ctx: AppContext, repository: HistoryRepository): void {
  deletedEntriesPurge.register(ctx, async () => {
    const entries = await purgeDeletedHistoryEntries(ctx, repository);
    ctx.log.info({ entries }, 'deleted history entries removed for good');
  });
}

/** Startup: make sure a purge is scheduled for the current day (idempotent across instances and restarts). */
export const scheduleDeletedEntriesPurge = (ctx: AppContext): Promise<void> => deletedEntriesPurge.schedule(ctx);
