import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { SubscriptionDetails } from '@cma/contracts';
import {
  useCancelSubscriptionMutation,
  useChangePaymentCardMutation,
  useChangeSubscriptionPlanMutation,
  useSubscriptionDetailsQuery,
  useSubscriptionPlanListQuery,
} from '../billingApi';
import { errorListMessages, formatPlanAmount } from '../order';
import { CardEntry } from './CardEntry';
import type { CardEntryHandle } from './cardEntry';
import '../billing.css';
import { notify } from '../../../shared/toast';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

/** A change about to be made: do it (disabled while it is sent) or keep things as they are. */
function ActOrKeep({ act, busy, onAct, keep, onKeep }: { act: string; busy: boolean; onAct: () => Promise<void>; keep: string; onKeep: () => void }) {
  return (
    <div className="button-row">
      <button type="button" className="button button--primary" disabled={busy} onClick={() => void onAct()}>
        {act}
      </button>
      <button type="button" className="button button--ghost" onClick={onKeep}>
        {keep}
      </button>
    </div>
  );
}

const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }) : '—';

function statusText(s: SubscriptionDetails): string {
  if (s.cancel_at_period_end && s.is_subscribed) return `Cancelled — access until ${longDate(s.current_period_end)}`;
  switch (s.status) {
    case 'trialing':
      return `Free trial until ${longDate(s.trial_end)}`;
    case 'active':
      return 'Active';
    case 'past_due':
      return 'Payment failed — please update your card';
    case 'canceled':
      return 'Cancelled';
    default:
      return s.status;
  }
}

function failureToasts(error: unknown): void {
  const body = (error as { data?: { message?: string; data?: unknown } }).data;
  const messages = errorListMessages(body?.data);
  for (const message of messages.length > 0 ? messages : [body?.message ?? 'Something went wrong.']) notify('error', message);
}

/** The subscription part of /edit-profile: plan, status, trial end, next charge, card; change plan, change card, cancel. */
export function SubscriptionSection() {
  const { data: subscription, isLoading, isError, refetch } = useSubscriptionDetailsQuery();
  const { data: plans } = useSubscriptionPlanListQuery();
  const [changePlan, planState] = useChangeSubscriptionPlanMutation();
  const [cancel, cancelState] = useCancelSubscriptionMutation();
  const [changeCard, cardState] = useChangePaymentCardMutation();
  const [planChoice, setPlanChoice] = useState<number | ''>('');
  const [editingCard, setEditingCard] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const cardEntry = useRef<CardEntryHandle>(null);

  if (isLoading) return <p className="billing-muted">Loading your subscription…</p>;
  if (isError) return <LoadFailed what="Your subscription" linkClassName="billing-link" onRetry={() => void refetch()} />;
  if (!subscription)
    return (
      <p>
        You have no subscription yet. <Link to="/subscription-plan">Choose a plan</Link>
      </p>
    );

  const otherPlans = (plans ?? []).filter((p) => p.id !== subscription.plan.id);
  const live = subscription.status === 'trialing' || subscription.status === 'active' || subscription.status === 'past_due';

  async function submitPlan() {
    if (planChoice === '') return;
    try {
      const response = await changePlan({ subscription_plan_id: planChoice }).unwrap();
      notify('success', response.message ?? 'Subscription plan changed.');
      setPlanChoice('');
    } catch (error) {
      failureToasts(error);
    }
  }

  async function submitCard() {
    const card = await cardEntry.current?.tokenize();
    if (!card) return;
    try {
      const response = await changeCard({ stripe_token: card.token, card_number: card.last4, exp_month: card.expMonth, exp_year: card.expYear }).unwrap();
      notify('success', response.message ?? 'Payment card updated.');
      setEditingCard(false);
    } catch (error) {
      failureToasts(error);
    }
  }

  async function submitCancel() {
    try {
      const response = await cancel().unwrap();
      notify('success', response.message ?? 'Your subscription is cancelled.');
      setConfirmingCancel(false);
    } catch (error) {
      failureToasts(error);
    }
  }

  return (
    <div className="subscription-section">
      <dl className="subscription-section__facts">
        <dt>Plan</dt>
        <dd>
          {subscription.plan.title} ({formatPlanAmount(subscription.plan.amount)} / {subscription.plan.interval})
        </dd>
        <dt>Status</dt>
        <dd data-testid="subscription-status">{statusText(subscription)}</dd>
        {subscription.trial_end && (
          <>
            <dt>Trial ends</dt>
            <dd>{longDate(subscription.trial_end)}</dd>
          </>
        )}
        <dt>Next charge</dt>
        <dd>{subscription.next_charge ? longDate(subscription.next_charge) : 'None'}</dd>
        <dt>Card</dt>
        <dd>
          {subscription.card
            ? `${(subscription.card.brand ?? 'Card').toUpperCase()} ending in ${subscription.card.last4}${subscription.card.exp_month ? `, expires ${String(subscription.card.exp_month).padStart(2, '0')}/${subscription.card.exp_year}` : ''}`
            : 'None'}
        </dd>
      </dl>

      {live && (
        <div className="subscription-section__actions">
          {otherPlans.length > 0 && (
            <div className="subscription-section__row">
              <label className="billing-field__label" htmlFor="change-plan">
                Change plan
              </label>
              <select id="change-plan" className="billing-field__input" value={planChoice} onChange={(event) => setPlanChoice(event.target.value ? Number(event.target.value) : '')}>
                <option value="">Choose a plan…</option>
                {otherPlans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {plan.title} — {formatPlanAmount(plan.amount)} / {plan.interval}
                  </option>
                ))}
              </select>
              <button type="button" className="button button--secondary" disabled={planChoice === '' || planState.isLoading} onClick={() => void submitPlan()}>
                Change plan
              </button>
            </div>
          )}

          {editingCard ? (
            <div className="subscription-section__card">
              <CardEntry ref={cardEntry} />
              <ActOrKeep act="Save card" busy={cardState.isLoading} onAct={submitCard} keep="Keep current card" onKeep={() => setEditingCard(false)} />
            </div>
          ) : (
            <button type="button" className="button button--secondary" onClick={() => setEditingCard(true)}>
              Change card
            </button>
          )}

          {!subscription.cancel_at_period_end &&
            (confirmingCancel ? (
              <div className="subscription-section__confirm" role="alertdialog" aria-label="Cancel subscription">
                <p>
                  Cancel your subscription? You keep access until {longDate(subscription.current_period_end)} and will not be charged again.
                </p>
                <ActOrKeep act="Yes, cancel" busy={cancelState.isLoading} onAct={submitCancel} keep="Keep my subscription" onKeep={() => setConfirmingCancel(false)} />
              </div>
            ) : (
              <button type="button" className="button button--ghost subscription-section__cancel" onClick={() => setConfirmingCancel(true)}>
                Cancel subscription
              </button>
            ))}
        </div>
      )}
    </div>
  );
}
