import type { AppContext } from '../../context';
import { recurringJob } from '../../jobs/recurring-job';
import { MlsBusyError } from './mls-sync';
import { MLS_PHOTO_FILES_DELETE_QUEUE, MLS_SYNC_DISPATCH, MLS_SYNC_INTERVAL_MS, type MlsService } from './mls.service';
import type { MembershipService } from './mls-membership.service';

// Scheduling (decision 2800): every slot of 15 minutes one dispatcher run (one across instances: the slot's singleton
// key) queues one sync per source with that slot's key, so each source syncs once per slot on whichever instance
// claims it. A sync or photo run stops within a job's lock time and queues its continuation.

export const MLS_SYNC_QUEUE = 'mls.sync';
export const MLS_PHOTOS_QUEUE = 'mls.photos';
/** A job's run stops after this long (the queue re-claims a job locked for 5 minutes). */
const RUN_MS = 3.5 * 60 * 1000;

const dispatcher = recurringJob(MLS_SYNC_DISPATCH.queue, MLS_SYNC_DISPATCH.slotName, MLS_SYNC_INTERVAL_MS);
const slotOf = (at: Date) => Math.floor(at.getTime() / MLS_SYNC_INTERVAL_MS);

export function registerMlsJobs(ctx: AppContext, mls: MlsService, memberships: MembershipService): void {
  dispatcher.register(ctx, async () => {
    const slot = slotOf(ctx.now());
    for (const sourceId of await mls.feedSourceIds()) {
      await ctx.jobs.enqueue(MLS_SYNC_QUEUE, { sourceId }, { singletonKey: `mls-sync:${sourceId}:${slot}`, maxAttempts: 3 });
    }
  });

  ctx.jobs.register(MLS_SYNC_QUEUE, async ({ sourceId }: { sourceId: string }, job) => {
    let run;
    try {
      run = await mls.syncById(sourceId, { owner: `job:${job.id}`, deadline: Date.now() + RUN_MS, reconcile: 'auto' });
    } catch (error) {
      if (error instanceof MlsBusyError) return; // an operator's `cma mls sync` (or a late run) has it
      throw error;
    }
    if (!run) return;
    // Once a day, with the key reconciliation: members the MLS no longer lists as active lose its listings.
    if (run.reconciled) await memberships.recheck(sourceId);
    if (!run.complete) await ctx.jobs.enqueue(MLS_SYNC_QUEUE, { sourceId }, { singletonKey: `mls-sync:${sourceId}:after:${job.id}`, maxAttempts: 3 });
    await ctx.jobs.enqueue(MLS_PHOTOS_QUEUE, { sourceId }, { singletonKey: `mls-photos:${sourceId}:after:${job.id}` });
  });

  ctx.jobs.register(MLS_PHOTOS_QUEUE, async ({ sourceId }: { sourceId: string }, job) => {
    await mls.storePhotos({ sourceId, deadline: Date.now() + RUN_MS });
    // Photos still due (the run stopped) or waiting for a retry get a run of their own then.
    const due = await mls.repository.nextPhotoDue(sourceId);
    if (due) await ctx.jobs.enqueue(MLS_PHOTOS_QUEUE, { sourceId }, { runAt: due, singletonKey: `mls-photos:${sourceId}:after:${job.id}` });
  });

  ctx.jobs.register(MLS_PHOTO_FILES_DELETE_QUEUE, async ({ keys }: { keys: string[] }) => {
    for (const key of keys) await ctx.storage.delete(key);
  });
}

/**
 * Start-up (every instance, idempotent): the RESO_URL shortcut's source, secrets sealed once a key is set, and the
 * dispatcher scheduled while there is a source with a feed (`cma mls add` schedules it for the first one).
 */
export async function startMlsSync(ctx: AppContext, { mls }: { mls: MlsService }): Promise<void> {
  if (ctx.config.reso) await mls.ensureShortcutSource(ctx.config.reso);
  const sealed = await mls.sealPlainSecrets();
  if (sealed > 0) ctx.log.info({ sealed }, 'MLS source secrets encrypted with MLS_SECRET_KEY');
  if ((await mls.feedSourceIds()).length > 0) await dispatcher.schedule(ctx);
}
