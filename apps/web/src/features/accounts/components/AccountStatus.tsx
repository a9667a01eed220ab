import { Link } from 'react-router';
import { useUserDetailsQuery } from '../accountsApi';
import { headerSubscriptionStatus } from '../subscriptionStatus';

/** The signed-in header's subscription pill ("Trial: 12 days left"), a link to the subscription on /edit-profile. */
export function AccountStatus() {
  const { data } = useUserDetailsQuery();
  const status = headerSubscriptionStatus(data?.subscription, new Date());
  if (!status) return null;
  return (
    <Link to={{ pathname: '/edit-profile', hash: '#subscription' }} className={`account-status account-status--${status.tone}`} data-testid="account-status">
      {status.prefix && <span className="account-status__prefix">{status.prefix}</span>}
      {status.text}
    </Link>
  );
}
