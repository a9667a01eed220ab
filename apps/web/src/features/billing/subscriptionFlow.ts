import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { CreateSubscriptionResult } from '@cma/contracts';
import type { AppDispatch } from '../../app/store';
import type { ApiEnvelope } from '../../shared/api/baseQuery';
import { saveSession } from '../../shared/session/session';
import { notify, SOMETHING_WENT_WRONG } from '../../shared/toast';
import { resetLogin } from '../../shared/session/loginSlice';
import { setAllSubcriptionPlan } from './store/subscriptionPlansSlice';
import { api } from '../../shared/api/api';
import { billingApi } from './billingApi';
import { errorListMessages } from './order';

/** Spec §9: the store is refreshed twice, 4000 ms after subscribing. */
export const STORE_REFRESH_DELAY_MS = 4000;

type Navigate = (to: string, options?: { replace?: boolean }) => void;

function refreshStoreLater(dispatch: AppDispatch): void {
  setTimeout(() => {
    // 1: everything about the user (profile, subscription) is fetched again from the server's truth.
    dispatch(api.util.invalidateTags(['User']));
    // 2: the plan list in the plans store.
    void dispatch(billingApi.endpoints.subscriptionPlanList.initiate(undefined, { forceRefetch: true }))
      .unwrap()
      .then((plans) => dispatch(setAllSubcriptionPlan(plans)))
      .catch(() => {});
  }, STORE_REFRESH_DELAY_MS);
}

/** Spec §4/§8: what the card page does with the create-subscription answer. */
export function handleSubscriptionResponse(response: ApiEnvelope<CreateSubscriptionResult>, dispatch: AppDispatch, navigate: Navigate): void {
  const data = response.data;
  if (response.status_code !== 200 || !data) {
    notify('error', SOMETHING_WENT_WRONG);
    return;
  }
  saveSession(data.token, data.is_subscribed);
  if (Number(data.is_subscribed) === 1) {
    notify('success', data.message ?? response.message ?? 'Subscribed successfully.');
    refreshStoreLater(dispatch);
    navigate('/home', { replace: true });
    return;
  }
  if (data.message) {
    dispatch(resetLogin());
    const messages = errorListMessages(data.data);
    for (const message of messages.length > 0 ? messages : [data.message]) notify('error', message);
    navigate('/login', { replace: true });
  }
}

/** The call itself failed: a 422 shows its error lists; anything else is 'Something went wrong.' (spec §8). */
export function handleSubscriptionFailure(error: unknown): void {
  const failure = error as FetchBaseQueryError | undefined;
  const body = (failure?.data ?? {}) as { status?: number; data?: unknown };
  if (failure?.status === 401 || body.status === 99) return; // the API client already told the user
  const messages = failure?.status === 422 ? errorListMessages(body.data) : [];
  if (messages.length === 0) notify('error', SOMETHING_WENT_WRONG);
  for (const message of messages) notify('error', message);
}
