import { useNavigate } from 'react-router';
import type { SubscriptionPlan } from '@cma/contracts';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { hasToken } from '../../../shared/session/session';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { usePageMeta } from '../../../shared/ui/usePageMeta';
import { setLoginState } from '../../../shared/session/loginSlice';
import { selectChosenPlan, setAllSubcriptionPlan, setSubscriptionPlan } from '../store/subscriptionPlansSlice';
import { useSubscriptionPlanListQuery } from '../billingApi';
import { formatChargeDate, formatPlanAmount } from '../order';
import '../billing.css';
import { LoadFailed } from '../../../shared/ui/LoadFailed';

/** /subscription-plan: choose a plan; the choice is kept in the plans store through registration to /card-details. */
export default function SubscriptionPlanPage() {
  usePageMeta({ title: 'Choose your plan', description: 'CMA Studio plans and prices. Every plan starts with a 14-day free trial; cancel any time before it ends and you pay nothing.' });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const chosen = useAppSelector(selectChosenPlan);
  const { data: plans, isLoading, isError, refetch } = useSubscriptionPlanListQuery();

  function choose(plan: SubscriptionPlan) {
    dispatch(setAllSubcriptionPlan(plans ?? []));
    dispatch(setSubscriptionPlan(plan));
    if (hasToken()) {
      navigate('/card-details');
    } else {
      dispatch(setLoginState('register'));
      navigate('/login');
    }
  }

  if (isLoading) return <PageLoader label="Loading plans…" />;
  return (
    <section className="page plans-page" aria-labelledby="page-title">
      <h1 id="page-title">Choose your plan</h1>
      <p className="lead">Every plan starts with a 14-day free trial. Cancel any time before it ends and you pay nothing.</p>
      {isError || !plans ? (
        <LoadFailed what="The plans" linkClassName="billing-link" onRetry={() => void refetch()} />
      ) : (
        <ul className="plan-grid">
          {plans.map((plan) => (
            <li key={plan.id} className={`card plan-card${chosen?.id === plan.id ? ' plan-card--chosen' : ''}`}>
              <h2 className="plan-card__title">{plan.title}</h2>
              <p className="plan-card__amount">
                {formatPlanAmount(plan.amount)} <span className="billing-muted">/ {plan.interval}</span>
              </p>
              {plan.description && <p className="plan-card__description">{plan.description}</p>}
              {plan.features.length > 0 && (
                <ul className="checklist">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              )}
              <p className="billing-muted">Free until {formatChargeDate(plan.date)}</p>
              <button type="button" className="button button--primary" onClick={() => choose(plan)}>
                Choose the {plan.title} plan
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
