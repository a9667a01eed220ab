import type { UserDetails } from '@cma/contracts';
import type { AppDispatch } from '../../app/store';
import { updateCmaWorkflow } from '../../shared/cma-workflow/cmaWorkflowSlice';
import { setBusinessAndSubscriptionDetails, setProfileImage } from '../../shared/session/loginSlice';
import { accountsApi } from './accountsApi';

/**
 * Copies the account into the stores: the header picture (login.profileImage), business and subscription
 * (login.businessAndSubscriptionDetails, without the logo) and the report's branding (report.businessImages).
 * The logo is kept once, in businessImages: localStorage has little room.
 */
export function storeAccountDetails(dispatch: AppDispatch, details: UserDetails): void {
  dispatch(setProfileImage(details.user.profile_image ?? ''));
  dispatch(setBusinessAndSubscriptionDetails({ business: details.business && { ...details.business, logo: null }, subscription: details.subscription }));
  dispatch(updateCmaWorkflow({ businessImages: details.business?.logo ? [details.business.logo] : [] }));
}

/** Loads user-details and stores it; failures are left to the page that needs the data. */
export async function refreshAccountDetails(dispatch: AppDispatch): Promise<void> {
  const request = dispatch(accountsApi.endpoints.userDetails.initiate(undefined, { forceRefetch: true }));
  try {
    storeAccountDetails(dispatch, await request.unwrap());
  } catch {
    // not signed in any more, or offline: the next visit to /edit-profile retries
  } finally {
    request.unsubscribe();
  }
}
