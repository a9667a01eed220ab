import type { AccountSubscription } from '@cma/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

export interface HeaderStatus {
  text: string;
  /** Words before the text that a narrow header may drop ("Trial: "). */
  prefix?: string;
  /** 'warning' when the agent should act soon: a trial's last three days, a payment due, a subscription ending. */
  tone: 'info' | 'warning';
}

/** Whole days left until `end`, counting a started day as one ("ends in 3 h" is "1 day left"). */
export function daysLeft(endIso: string, now: Date): number {
  return Math.max(0, Math.ceil((new Date(endIso).getTime() - now.getTime()) / DAY_MS));
}

/** What the signed-in header says about the subscription, or null when there is nothing to say (active, renewing). */
export function headerSubscriptionStatus(subscription: AccountSubscription | null | undefined, now: Date): HeaderStatus | null {
  if (!subscription) return null;
  if (subscription.status === 'trialing' && subscription.trial_end) {
    const days = daysLeft(subscription.trial_end, now);
    const tone = days <= 3 ? 'warning' : 'info';
    return days === 0 ? { text: 'Trial ends today', tone } : { prefix: 'Trial: ', text: `${days} ${days === 1 ? 'day' : 'days'} left`, tone };
  }
  if (subscription.status === 'past_due' || subscription.status === 'unpaid') return { text: 'Payment due', tone: 'warning' };
  if (subscription.cancel_at_period_end && subscription.current_period_end) {
    return { text: `Ends ${shortDate.format(new Date(subscription.current_period_end))}`, tone: 'warning' };
  }
  return null;
}
