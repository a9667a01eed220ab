import type { BillingCoupon } from '../../adapters/billing/billing-provider';
import type { MailService } from '../mail/mail.service';
import type { BillingRepository, PlanRow, SubscriptionRow } from './billing.repository';
import { discountedCents, longDate, money } from './billing.views';

// The e-mails billing sends to the subscriber: trial started, payment failed, trial ends in 3 days.

export interface BillingNoticeDeps {
  repository: Pick<BillingRepository, 'findUser'>;
  mail: MailService;
  publicUrl: string;
}

export function createBillingNotices({ repository, mail, publicUrl }: BillingNoticeDeps) {
  async function mailUser(userId: string, content: { subject: string; title: string; paragraphs: string[]; action?: { label: string; url: string } }) {
    const user = await repository.findUser(userId);
    if (!user) return;
    await mail.send({ to: user.email, ...content });
  }

  return {
    async trialStarted(subscription: SubscriptionRow, plan: PlanRow, coupon: BillingCoupon | undefined): Promise<void> {
      const trialEnd = subscription.trial_end ? new Date(subscription.trial_end) : null;
      const firstCharge = discountedCents(plan.amount_cents, coupon);
      await mailUser(subscription.user_id, {
        subject: trialEnd ? 'Your 14-day free trial has started' : 'Your subscription has started',
        title: trialEnd ? 'Welcome to CMA Studio — your free trial has started' : 'Welcome to CMA Studio',
        paragraphs: [
          `You are on the ${plan.title} plan (${money(plan.amount_cents)} per ${plan.interval}).`,
          trialEnd
            ? `Your free trial runs until ${longDate(trialEnd)}. Your card will be charged ${money(firstCharge)} on that day unless you cancel before then.`
            : `Your card will be charged ${money(firstCharge)} today.`,
          'You can change your plan, your card or cancel at any time from your profile.',
        ],
        action: { label: 'Open CMA Studio', url: `${publicUrl}/home` },
      });
    },

    async paymentFailed(subscription: SubscriptionRow): Promise<void> {
      await mailUser(subscription.user_id, {
        subject: 'Your payment failed',
        title: 'We could not charge your card',
        paragraphs: [
          `The payment for your CMA Studio subscription${subscription.card_last4 ? ` with the card ending in ${subscription.card_last4}` : ''} was declined.`,
          'Please update your payment card to keep access to your reports.',
        ],
        action: { label: 'Update payment card', url: `${publicUrl}/edit-profile` },
      });
    },

    async trialEnding(subscription: SubscriptionRow, plan: PlanRow | undefined, trialEnd: Date): Promise<void> {
      await mailUser(subscription.user_id, {
        subject: 'Your free trial ends in 3 days',
        title: 'Your free trial ends in 3 days',
        paragraphs: [
          `Your CMA Studio free trial ends on ${longDate(trialEnd)}.`,
          plan
            ? `After that your ${plan.title} plan continues at ${money(plan.amount_cents)} per ${plan.interval}${subscription.card_last4 ? `, charged to the card ending in ${subscription.card_last4}` : ''}.`
            : 'After that your plan continues automatically.',
          'Nothing to do if you want to keep going. You can cancel from your profile before the trial ends and you will not be charged.',
        ],
        action: { label: 'Manage subscription', url: `${publicUrl}/edit-profile` },
      });
    },
  };
}
export type BillingNotices = ReturnType<typeof createBillingNotices>;
