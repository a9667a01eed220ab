import { TRIAL_REMINDER_DAYS_BEFORE_END } from '@cma/contracts';
import type { JobQueue } from '../../jobs/job-queue';
import type { BillingProvider } from '../../adapters/billing/billing-provider';
import type { SubscriptionRow } from './billing.repository';

// The jobs billing leaves for later: the trial reminder and, in test mode, the sweep that stands in for the provider's clock.

export const TRIAL_ENDING_QUEUE = 'billing.trial-ending';
export const BILLING_SWEEP_QUEUE = 'billing.sweep';
const DAY_MS = 86_400_000;
const HOUR_MS = 60 * 60 * 1000;

/** Sweeps run at the top of the hour after a period ends; one job per hour, whoever schedules it. */
const sweepHourAfter = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);

export function createBillingSchedule({ jobs, providerKind, now }: { jobs: JobQueue; providerKind: BillingProvider['kind']; now: () => Date }) {
  return {
    async trialReminder(subscription: SubscriptionRow): Promise<void> {
      if (subscription.status !== 'trialing' || !subscription.trial_end) return;
      const trialEnd = new Date(subscription.trial_end);
      await jobs.enqueue(
        TRIAL_ENDING_QUEUE,
        { subscriptionId: subscription.id, trialEnd: trialEnd.toISOString() },
        { runAt: new Date(trialEnd.getTime() - TRIAL_REMINDER_DAYS_BEFORE_END * DAY_MS), singletonKey: `trial-ending:${subscription.id}:${trialEnd.toISOString()}` },
      );
    },

    /** Test mode: makes sure a sweep runs after this period end (no job at all while nobody subscribes). */
    async sweepAfter(periodEnd: Date | string | null): Promise<void> {
      if (providerKind !== 'test' || !periodEnd) return;
      const runAt = sweepHourAfter(new Date(Math.max(new Date(periodEnd).getTime(), now().getTime())));
      await jobs.enqueue(BILLING_SWEEP_QUEUE, {}, { runAt, singletonKey: `billing-sweep:${runAt.toISOString()}`, maxAttempts: 5 });
    },
  };
}
export type BillingSchedule = ReturnType<typeof createBillingSchedule>;
