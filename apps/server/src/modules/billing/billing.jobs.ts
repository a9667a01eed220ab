import type { AppContext } from '../../context';
import { BILLING_SWEEP_QUEUE, TRIAL_ENDING_QUEUE, type BillingService } from './billing.service';

/** The trial-ending reminder and the test-mode renewal sweep (registered by the composition root). */
export function registerBillingJobs(ctx: Pick<AppContext, 'jobs'>, billing: BillingService): void {
  ctx.jobs.register(TRIAL_ENDING_QUEUE, async (payload) => {
    await billing.runTrialReminder(payload);
  });
  ctx.jobs.register(BILLING_SWEEP_QUEUE, async () => {
    await billing.sweepTestModePeriods(); // schedules the sweep after each renewed period itself
  });
}

/** Startup: the next test-mode renewal sweep is scheduled (idempotent). */
export const scheduleBillingSweep = async (_ctx: AppContext, services: { billing: BillingService }): Promise<void> => {
  await services.billing.scheduleNextSweep();
};
