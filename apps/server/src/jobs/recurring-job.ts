import type { AppContext } from '../context';
import { recurringSlotKey } from './recurring-slot';

// A job that runs once per time slot across all instances: the slot's singleton key lets only one pending run exist,
// each run queues the next one (even when it failed), and start-up queues the current slot's run (idempotent).

export interface RecurringJob {
  /** Registers the handler; a run that throws still schedules the next one. */
  register(ctx: AppContext, run: () => Promise<void>): void;
  /** Start-up: make sure a run is queued for the current slot (every instance and restart may call it). */
  schedule(ctx: AppContext): Promise<void>;
}

export function recurringJob(queue: string, slotName: string, intervalMs: number): RecurringJob {
  const slotKey = (at: Date) => recurringSlotKey(slotName, intervalMs, at);
  return {
    register(ctx, run) {
      ctx.jobs.register(queue, async () => {
        try {
          await run();
        } finally {
          const next = new Date(ctx.now().getTime() + intervalMs);
          await ctx.jobs.enqueue(queue, {}, { runAt: next, singletonKey: slotKey(next), maxAttempts: 3 });
        }
      });
    },
    async schedule(ctx) {
      await ctx.jobs.enqueue(queue, {}, { singletonKey: slotKey(ctx.now()), maxAttempts: 3 });
    },
  };
}
