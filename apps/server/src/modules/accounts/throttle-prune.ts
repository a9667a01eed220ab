import type { AppContext } from '../../context';
import { recurringJob } from '../../jobs/recurring-job';
import type { AccountsRepository } from './accounts.repository';
import { LOGIN_FAILURES_FORGOTTEN_MS } from './accounts.service';

// Sign-in throttles (decision 2001) and rate-limit counters are written on every sign-in failure and limited request;
// this job deletes the ones that no longer hold anything back, then schedules its next run. One job per time slot
// across all instances (singleton key), as the RESO sync does.

export const THROTTLE_PRUNE_QUEUE = 'accounts.throttle-prune';
export const THROTTLE_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

const throttlePrune = recurringJob(THROTTLE_PRUNE_QUEUE, 'throttle-prune', THROTTLE_PRUNE_INTERVAL_MS);

/** Deletes sign-in throttles quiet for a day and rate-limit counters whose window is over; how many of each went. */
export async function pruneThrottles(ctx: AppContext, repository: AccountsRepository): Promise<{ loginThrottles: number; rateLimitCounters: number }> {
  const now = ctx.now();
  const loginThrottles = await repository.pruneLoginThrottles(new Date(now.getTime() - LOGIN_FAILURES_FORGOTTEN_MS), now);
  const rateLimitCounters = await ctx.rateLimiter.prune();
  return { loginThrottles, rateLimitCounters };
}

/** Registers the prune job (called by the accounts plugin). */
export function registerThrottlePrune(ctx: AppContext, repository: AccountsRepository): void {
  throttlePrune.register(ctx, async () => {
    const deleted = await pruneThrottles(ctx, repository);
    ctx.log.info(deleted, 'expired sign-in throttles and rate-limit counters deleted');
  });
}

/** Startup: make sure a prune is scheduled for the current slot (idempotent across instances and restarts). */
export const scheduleThrottlePrune = (ctx: AppContext): Promise<void> => throttlePrune.schedule(ctx);
