import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useSessionState } from '../../../shared/session/session';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { setLoginState, setPromocode } from '../../../shared/session/loginSlice';
import { selectChosenPlan } from '../store/subscriptionPlansSlice';
import { useCreateSubscriptionMutation, useSubscriptionPlanListQuery } from '../billingApi';
import { CardEntry } from '../components/CardEntry';
import type { CardEntryHandle } from '../components/cardEntry';
import { PromoCode, type AppliedPromo } from '../components/PromoCode';
import { buildOrderPayload, formatChargeDate, formatPlanAmount } from '../order';
import { handleSubscriptionFailure, handleSubscriptionResponse } from '../subscriptionFlow';
import '../billing.css';
import { SubmitButton } from '../../../shared/ui/SubmitButton';

/** /card-details (spec §2): the chosen plan, the trial sentence with the real date, card entry, promo code, Confirm Order. */
export default function CardDetailsPage() {
  useDocumentTitle('Card details');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { signedIn, subscribedSession } = useSessionState();
  const chosenPlan = useAppSelector(selectChosenPlan);
  const { data: plans, isLoading } = useSubscriptionPlanListQuery();
  const [createSubscription] = useCreateSubscriptionMutation();
  const cardEntry = useRef<CardEntryHandle>(null);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Set once the order is answered: the answer decides where to go, not the guards below.
  const answered = useRef(false);

  // The server's copy of the chosen plan carries today's first-charge date.
  const plan = (chosenPlan && plans?.find((p) => p.id === chosenPlan.id)) || chosenPlan;

  useEffect(() => {
    if (answered.current) return;
    if (!chosenPlan) {
      navigate('/subscription-plan', { replace: true });
    } else if (!signedIn) {
      // Ordering needs an account: register first, then come back here with the plan remembered.
      dispatch(setLoginState('register'));
      navigate('/login', { replace: true });
    }
  }, [chosenPlan, signedIn, dispatch, navigate]);

  if (!chosenPlan || !signedIn) return null;
  if (isLoading || !plan) return <PageLoader label="Loading your plan…" />;
  if (subscribedSession && !submitting && !answered.current) {
    return (
      <section className="page page--narrow card-details" aria-labelledby="page-title">
        <h1 id="page-title">Card details</h1>
        <p className="lead">You already have a subscription. Change your plan or card from your profile.</p>
        <Link className="button button--primary" to="/edit-profile">
          Manage subscription
        </Link>
      </section>
    );
  }

  async function confirmOrder() {
    if (submitting || !plan) return;
    setSubmitting(true);
    try {
      const card = await cardEntry.current?.tokenize();
      const payload = buildOrderPayload({ plan, card, promo });
      if (!payload) return; // spec §7: the order is sent only when complete
      try {
        const response = await createSubscription(payload).unwrap();
        answered.current = true;
        handleSubscriptionResponse(response, dispatch, navigate);
      } catch (error) {
        handleSubscriptionFailure(error);
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="page page--narrow card-details" aria-labelledby="page-title">
      <h1 id="page-title">Card details</h1>
      <div className="card order-summary">
        <p className="eyebrow">Your plan</p>
        <h2 className="order-summary__title">{plan.title}</h2>
        <p className="order-summary__amount">
          {formatPlanAmount(plan.amount)} <span className="billing-muted">/ {plan.interval}</span>
        </p>
        <p className="order-summary__trial">(Enjoy 14 days of free trial, You will be charged on {formatChargeDate(plan.date)})</p>
        <Link to="/subscription-plan" className="billing-link">
          Change plan
        </Link>
      </div>
      <form
        className="card order-form"
        noValidate
        aria-label="Card details"
        onSubmit={(event) => {
          event.preventDefault();
          void confirmOrder();
        }}
      >
        <CardEntry ref={cardEntry} />
        <PromoCode
          planId={plan.id}
          applied={promo}
          onChange={(next) => {
            setPromo(next);
            dispatch(setPromocode(next?.code ?? ''));
          }}
        />
        <SubmitButton busy={submitting} busyText="Confirming…" className="button button--primary button--large order-form__confirm">
          Confirm Order
        </SubmitButton>
        <p className="billing-muted order-form__note">You can cancel any time before the trial ends and you will not be charged.</p>
      </form>
    </section>
  );
}
