import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CARD_EXPIRED_MESSAGE, cardBrand, cardExpired, type TestCardTokenRequest } from '@cma/contracts';
import { ValidationError } from '../../http/errors';
import { addInterval } from '../../adapters/billing/test-billing-provider';
import type { BillingRepository } from './billing.repository';
import type { BillingNotices } from './billing.notices';
import type { BillingSchedule } from './billing.schedule';

// Test mode's stand-ins for the card provider: its tokenizer and its clock.

// Test cards (as Stripe's): 4000 0000 0000 0002 is declined; 4000 0000 0000 0341 is accepted but fails at renewal.
const DECLINED_TEST_CARD = '4000000000000002';
const FAILS_AT_RENEWAL_TEST_CARD = '4000000000000341';

/**
 * Checks the card and keeps only brand, last 4, expiry, what the test provider will do with it and a fingerprint: one
 * per card number, an HMAC under `fingerprintKey` (a number typed here is never stored or hashed bare).
 */
export function testCardToken(request: TestCardTokenRequest & { exp_month: number; exp_year: number }, at: Date, fingerprintKey: string) {
  const digits = request.number.replace(/[\s-]/g, '');
  const expYear = request.exp_year < 100 ? 2000 + request.exp_year : request.exp_year;
  if (cardExpired(request.exp_month, expYear, at)) throw new ValidationError({ exp_year: [CARD_EXPIRED_MESSAGE] });
  return {
    id: `tok_test_${randomBytes(16).toString('hex')}`,
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    exp_month: request.exp_month,
    exp_year: expYear,
    outcome: digits === DECLINED_TEST_CARD ? ('decline' as const) : digits === FAILS_AT_RENEWAL_TEST_CARD ? ('fail_renewal' as const) : ('succeed' as const),
    fingerprint: createHmac('sha256', fingerprintKey).update(digits).digest('base64url').slice(0, 16),
  };
}

export interface TestModeSweepDeps {
  repository: BillingRepository;
  notices: BillingNotices;
  schedule: BillingSchedule;
  log: FastifyBaseLogger;
}

/** Ends trials, renews periods, fails renewals and ends cancelled plans whose period is over at `at`. */
export async function sweepDueTestModePeriods({ repository, notices, schedule, log }: TestModeSweepDeps, at: Date): Promise<{ renewed: number; failed: number; canceled: number }> {
  const counts = { renewed: 0, failed: 0, canceled: 0 };
  for (const subscription of await repository.dueTestModePeriods(at)) {
    try {
      if (subscription.cancel_at_period_end) {
        await repository.update(subscription.id, { status: 'canceled' }, at);
        counts.canceled++;
      } else if (subscription.status === 'past_due') {
        continue; // waits for a new card
      } else if (subscription.card_outcome === 'fail_renewal') {
        const updated = await repository.update(subscription.id, { status: 'past_due' }, at);
        await notices.paymentFailed(updated);
        counts.failed++;
      } else {
        const plan = await repository.findPlan(subscription.plan_id);
        let periodEnd = new Date(subscription.current_period_end!);
        while (periodEnd <= at) periodEnd = addInterval(periodEnd, plan?.interval ?? 'month');
        await repository.update(subscription.id, { status: 'active', current_period_end: periodEnd }, at);
        await schedule.sweepAfter(periodEnd);
        counts.renewed++;
      }
    } catch (error) {
      log.error({ err: error, subscriptionId: subscription.id }, 'test-mode renewal failed');
    }
  }
  return counts;
}
