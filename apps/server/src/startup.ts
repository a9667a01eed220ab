import type { AppContext } from './context';
import type { Services } from './services';
import { seedDemoListings } from './modules/listings/listings.startup';
import { startMlsSync } from './modules/mls/mls.jobs';
import { scheduleThrottlePrune } from './modules/accounts/throttle-prune';
import { scheduleUnusedCopiesPrune } from './modules/images/unused-copies-prune';
import { scheduleDeletedEntriesPurge } from './modules/history/deleted-entries-purge';
import { scheduleBillingSweep } from './modules/billing/billing.jobs';

// Tasks run once when the app is ready (after migrations): e.g. seeding demo listings, scheduling periodic jobs.
// Modules add theirs here; each must be idempotent, because every instance and every restart runs it.
export type StartupTask = (ctx: AppContext, services: Services) => Promise<void>;
/** The map tile source is asked once in the background: when it cannot be reached, no report waits to find out. */
const probeMapTiles: StartupTask = async (ctx) => {
  void ctx.maps.probe();
};

export const startupTasks: StartupTask[] = [seedDemoListings, startMlsSync, scheduleThrottlePrune, scheduleUnusedCopiesPrune, scheduleDeletedEntriesPurge, scheduleBillingSweep, probeMapTiles];
