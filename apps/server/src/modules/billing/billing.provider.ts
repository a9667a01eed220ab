import type { AppContext } from '../../context';
import type { BillingProvider } from '../../adapters/billing/billing-provider';
import { createStripeBillingProvider } from '../../adapters/billing/stripe-billing-provider';
import { createTestBillingProvider } from '../../adapters/billing/test-billing-provider';
import type { BillingRepository } from './billing.repository';

/** Test mode is the embedded default; Stripe when both keys are configured (config.billing). */
export function createBillingProvider(ctx: Pick<AppContext, 'config' | 'now'>, repository: BillingRepository): BillingProvider {
  const stripe = ctx.config.stripe;
  if (ctx.config.billing === 'stripe' && stripe) {
    return createStripeBillingProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.apiUrl });
  }
  return createTestBillingProvider(repository, ctx.now);
}
