import { Link } from 'react-router';
import { formatAmount } from '../../../shared/format';
import { usePricingTeaserPlansQuery } from '../publicSiteApi';

/** The plans from GET /api/subscription-plan-list, in brief; the full choice is on /subscription-plan. */
export function PricingTeaser() {
  const plans = usePricingTeaserPlansQuery();
  return (
    <section className="section" aria-labelledby="pricing-title">
      <h2 id="pricing-title" className="section__title">Simple pricing, 14 days free</h2>
      <p className="section__intro">Every plan includes unlimited CMAs, both Colorado MLSs and report history that is never purged. Cancel any time during the trial and pay nothing.</p>
      {plans.isLoading && <p role="status">Loading plans…</p>}
      {plans.isError && <p role="alert">The plans could not be loaded. See the subscription page for details.</p>}
      {plans.data && plans.data.length > 0 && (
        <ul className="ps-plans">
          {plans.data.map((plan) => (
            <li key={plan.id} className="ps-plan">
              <h3>{plan.title}</h3>
              <p className="ps-plan__price">
                {formatAmount(plan.amount)} <span>/ {plan.interval}</span>
              </p>
              {plan.description && <p>{plan.description}</p>}
              {plan.features.length > 0 && (
                <ul>
                  {plan.features.slice(0, 4).map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="button-row">
        <Link className="button button--primary" to="/subscription-plan">
          Compare plans and start your trial
        </Link>
      </p>
    </section>
  );
}
