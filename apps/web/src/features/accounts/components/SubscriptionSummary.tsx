import type { AccountSubscription } from '@cma/contracts';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '—');

/**
 * BILLING SLOT — read-only summary shown until the billing feature composes its own subscription section
 * into EditProfile (prop `subscriptionSection`, wired in app/). Change plan, card and cancel belong there.
 */
export function SubscriptionSummary({ subscription }: { subscription: AccountSubscription | null }) {
  if (!subscription) return <p>You have no subscription yet.</p>;
  return (
    <dl className="subscription-summary">
      <dt>Plan</dt>
      <dd>
        {subscription.plan_title} (${subscription.plan_amount.toLocaleString('en-US')} / {subscription.plan_interval})
      </dd>
      <dt>Status</dt>
      <dd>{subscription.status === 'trialing' ? `Free trial until ${formatDate(subscription.trial_end)}` : subscription.status}</dd>
      {subscription.card_last4 && (
        <>
          <dt>Card</dt>
          <dd>
            {subscription.card_brand ?? 'Card'} ending in {subscription.card_last4}
          </dd>
        </>
      )}
      {subscription.current_period_end && (
        <>
          <dt>{subscription.cancel_at_period_end ? 'Ends on' : 'Renews on'}</dt>
          <dd>{formatDate(subscription.current_period_end)}</dd>
        </>
      )}
    </dl>
  );
}
