import { EditProfile } from '../../features/accounts/pages/EditProfilePage';
import { SubscriptionSection } from '../../features/billing/components/SubscriptionSection';

// /edit-profile = the accounts page with the billing feature's subscription section in its slot.
export default function EditProfileWithBilling() {
  return <EditProfile subscriptionSection={() => <SubscriptionSection />} />;
}
