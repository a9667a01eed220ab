import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { clearAllStorage, getToken } from '../session/session';
import { sessionEnded } from '../session/sessionActions';
import { navigateTo } from '../navigation';
import { notify, UNAUTHORIZED_MESSAGE } from '../toast';

/** Every API response is read as this envelope (spec §7, DESIGN.md §4). */
export interface ApiEnvelope<T = unknown> {
  status_code: number;
  status?: number;
  message?: string;
  data?: T;
}

// Spec §7: these four calls go without a bearer token.
export const TOKENLESS_PATHS = ['/api/login', '/api/subscription-plan-list', '/api/faq-list', '/public/api/stripe/check-coupons'] as const;

export function isTokenlessPath(url: string): boolean {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').split(/[?#]/)[0]!.replace(/\/+$/, '');
  return (TOKENLESS_PATHS as readonly string[]).includes(path);
}

function urlOf(args: string | FetchArgs): string {
  return typeof args === 'string' ? args : args.url;
}

function bodyStatus(body: unknown): number | undefined {
  if (body && typeof body === 'object' && 'status' in body) return Number((body as { status: unknown }).status);
  return undefined;
}

function bodyMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body) {
    const message = (body as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return undefined;
}

export interface ApiBaseQueryOptions {
  /** Same origin by default; tests point it at a real local server. */
  baseUrl?: string;
  fetchFn?: typeof fetch;
}

export type ApiBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError>;

/**
 * fetchBaseQuery plus the spec's rules: bearer token except on the four token-less calls, and the error
 * catalogue of spec §8 — body status 99 → toast, clear storage, go to /login; HTTP 401 → toast the server's
 * message (or 'Unauthorized access') and clear storage; any other error goes back to the caller.
 */
export function createApiBaseQuery({ baseUrl = '', fetchFn }: ApiBaseQueryOptions = {}): ApiBaseQuery {
  const rawBaseQuery = fetchBaseQuery({ baseUrl, fetchFn });
  return async (args, api, extraOptions) => {
    const token = getToken();
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    if (token && !isTokenlessPath(urlOf(args))) {
      const headers = new Headers(request.headers as HeadersInit | undefined);
      headers.set('Authorization', `Bearer ${token}`);
      request.headers = headers;
    }
    const result = await rawBaseQuery(request, api, extraOptions);
    const body = result.error ? result.error.data : result.data;

    if (bodyStatus(body) === 99) {
      notify('error', UNAUTHORIZED_MESSAGE);
      api.dispatch(sessionEnded());
      clearAllStorage();
      navigateTo('/login', { replace: true });
      return { error: result.error ?? { status: 403, data: body } };
    }
    if (result.error && result.error.status === 401) {
      notify('error', bodyMessage(body) ?? UNAUTHORIZED_MESSAGE);
      api.dispatch(sessionEnded());
      clearAllStorage();
      return { error: result.error };
    }
    return result;
  };
}

export const apiBaseQuery = createApiBaseQuery();
