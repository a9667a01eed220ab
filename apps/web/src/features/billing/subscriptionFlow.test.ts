import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { toastsShown } from '../../../test/toasts';
import type { SubscriptionPlan } from '@cma/contracts';
import { createAppStore } from '../../app/store';
import { setLoginState } from '../../shared/session/loginSlice';
import { setSubscriptionPlan } from './store/subscriptionPlansSlice';
import { STORE_REFRESH_DELAY_MS, handleSubscriptionFailure, handleSubscriptionResponse } from './subscriptionFlow';

// Spec §4/§8/§9: what the card screen does with the answer of the subscription call.

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: async (key: string) => data.get(key) ?? null,
    setItem: async (key: string, value: string) => void data.set(key, value),
    removeItem: async (key: string) => void data.delete(key),
  };
}

describe('the subscription answer', () => {
  let fetchedUrls: string[];
  beforeEach(() => {
    vi.useFakeTimers();
    fetchedUrls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        fetchedUrls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
        return new Response(JSON.stringify({ status_code: 200, data: [] }), { headers: { 'content-type': 'application/json' } });
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('subscribed: stores token and flag 1, shows the success message, goes /home, refreshes the store after 4000 ms', async () => {
    const { store } = createAppStore(memoryStorage());
    const success = vi.spyOn(toast, 'success');
    const navigate = vi.fn();
    handleSubscriptionResponse({ status_code: 200, data: { token: 'tok-1', is_subscribed: 1, message: 'Welcome aboard' } }, store.dispatch, navigate);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(localStorage.getItem('subscribed')).toBe('1');
    await toastsShown();
    expect(success).toHaveBeenCalledWith('Welcome aboard');
    expect(navigate).toHaveBeenCalledWith('/home', { replace: true });

    await vi.advanceTimersByTimeAsync(STORE_REFRESH_DELAY_MS - 1);
    expect(fetchedUrls.filter((u) => u.includes('/api/subscription-plan-list'))).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(STORE_REFRESH_DELAY_MS).toBe(4000);
    expect(fetchedUrls.filter((u) => u.includes('/api/subscription-plan-list'))).toHaveLength(1);
  });

  it('rejected: resets the login state, toasts each error list joined with spaces, goes /login', async () => {
    const { store } = createAppStore(memoryStorage());
    store.dispatch(setLoginState('register'));
    store.dispatch(setSubscriptionPlan({ id: 1, title: 'Monthly' } as SubscriptionPlan));
    const error = vi.spyOn(toast, 'error');
    const navigate = vi.fn();
    handleSubscriptionResponse(
      { status_code: 200, data: { token: 'tok-2', is_subscribed: 0, message: 'Your card was declined.', data: { card: ['Your card was declined.', 'Try another card.'], coupon_id: ['Expired.'] } } },
      store.dispatch,
      navigate,
    );
    await toastsShown();
    expect(error.mock.calls.map((c) => c[0])).toEqual(['Your card was declined. Try another card.', 'Expired.']);
    expect(store.getState().login).toMatchObject({ loginstate: 'login' });
    expect(store.getState().subscriptionPlans.subscriptionPlan).toBeNull();
    expect(localStorage.getItem('subscribed')).toBe('0');
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });

  it("a failed call says 'Something went wrong.', a 422 shows its lists, a 401 is left to the API client", async () => {
    const error = vi.spyOn(toast, 'error');
    handleSubscriptionFailure({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' });
    handleSubscriptionFailure({ status: 422, data: { status_code: 422, message: 'x', data: { subscription: ['You already have an active subscription.'] } } });
    handleSubscriptionFailure({ status: 401, data: { status_code: 401, message: 'Unauthorized access' } });
    await toastsShown();
    expect(error.mock.calls.map((c) => c[0])).toEqual(['Something went wrong.', 'You already have an active subscription.']);
  });
});
