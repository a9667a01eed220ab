import { createAsyncThunk } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '../../shared/api/api';
import type { ApiEnvelope } from '../../shared/api/baseQuery';
import { navigateTo } from '../../shared/navigation';
import { clearAllStorage } from '../../shared/session/session';
import { sessionEnded } from '../../shared/session/sessionActions';
import { notify, SOMETHING_WENT_WRONG } from '../../shared/toast';

export const LOGGED_OUT_MESSAGE = 'User Logged out Successfully';

const logoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    logout: build.mutation<ApiEnvelope, void>({ query: () => ({ url: '/api/logout', method: 'GET' }) }),
  }),
});

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** Spec §8: data.error, or each nested field error in turn, or 'Something went wrong.' on a network failure. */
export function logoutFailureMessages(error: unknown): string[] {
  if (!isFetchError(error) || typeof error.status !== 'number') return [SOMETHING_WENT_WRONG];
  const body = (error.data ?? {}) as { error?: unknown; data?: unknown; message?: unknown };
  if (typeof body.error === 'string' && body.error) return [body.error];
  const nested = (typeof body.data === 'object' && body.data) || (typeof body.error === 'object' && body.error);
  if (nested) {
    const messages = Object.values(nested as Record<string, unknown>).flatMap((value) => (Array.isArray(value) ? value : [value]));
    const texts = messages.filter((message): message is string => typeof message === 'string' && message !== '');
    if (texts.length > 0) return texts;
  }
  return [typeof body.message === 'string' && body.message ? body.message : SOMETHING_WENT_WRONG];
}

/**
 * Log Out (spec §4). On status 200: clear the property and base64 images, toast, clear all local storage,
 * go to /login with login state 'login'. The accounts issue may extend this; the header only dispatches it.
 */
export const logout = createAsyncThunk('accounts/logout', async (_: void, { dispatch }) => {
  try {
    const body = await dispatch(logoutApi.endpoints.logout.initiate()).unwrap();
    if (body.status_code !== 200) throw { status: 200, data: body } satisfies FetchBaseQueryError;
    dispatch(sessionEnded());
    dispatch(api.util.resetApiState());
    notify('success', LOGGED_OUT_MESSAGE);
    clearAllStorage();
    // The protected-route guard reacts to the cleared session by redirecting to '/'; go to /login after it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    navigateTo('/login');
    return true;
  } catch (error) {
    // A 401 or a status-99 body was already answered by the API client's catalogue (toast + storage cleared).
    const handledByCatalogue = isFetchError(error) && (error.status === 401 || (error.data as { status?: unknown } | undefined)?.status === 99);
    if (!handledByCatalogue) for (const message of logoutFailureMessages(error)) notify('error', message);
    return false;
  }
});
