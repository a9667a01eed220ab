import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { act, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiBaseQuery, isTokenlessPath } from './baseQuery';
import { registerNavigator } from '../navigation';
import { saveSession } from '../session/session';
import { sessionEnded } from '../session/sessionActions';

// A real HTTP server answering each path with the status and body the test scripts for it.
interface ScriptedResponse {
  httpStatus: number;
  body: unknown;
}
const scripted = new Map<string, ScriptedResponse>();
const seenHeaders = new Map<string, IncomingHttpHeaders>();
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const cors = {
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'authorization, content-type',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
    };
    if (request.method === 'OPTIONS') {
      response.writeHead(204, cors).end();
      return;
    }
    seenHeaders.set(path, request.headers);
    const answer = scripted.get(path) ?? { httpStatus: 200, body: { status_code: 200, data: { path } } };
    response.writeHead(answer.httpStatus, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const navigations: string[] = [];
const dispatched: unknown[] = [];
beforeEach(() => {
  dispatched.length = 0;
  scripted.clear();
  seenHeaders.clear();
  navigations.length = 0;
  registerNavigator((to) => navigations.push(to));
  render(<ToastContainer autoClose={false} />);
});
afterEach(() => registerNavigator(undefined));

function queryApi(): BaseQueryApi {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    abort: () => controller.abort(),
    dispatch: (action: unknown) => dispatched.push(action),
    getState: () => ({}),
    extra: undefined,
    endpoint: 'test',
    type: 'query',
  };
}

// happy-dom's Response.clone() of a network response yields empty bodies (Chromium's does not); buffering first avoids it.
const bufferedFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  return new Response(await response.text(), { status: response.status, headers: response.headers });
};

async function call(url: string) {
  const baseQuery = createApiBaseQuery({ baseUrl, fetchFn: bufferedFetch });
  let result: Awaited<ReturnType<typeof baseQuery>> | undefined;
  await act(async () => {
    result = await baseQuery(url, queryApi(), {});
  });
  return result!;
}

describe('bearer token', () => {
  it('is sent on ordinary calls when a token is stored', async () => {
    saveSession('tok-123', 1);
    await call('/api/user-details');
    expect(seenHeaders.get('/api/user-details')?.authorization).toBe('Bearer tok-123');
  });

  it.each(['/api/login', '/api/subscription-plan-list', '/api/faq-list', '/public/api/stripe/check-coupons'])(
    'is not sent on the token-less call %s',
    async (path) => {
      saveSession('tok-123', 1);
      await call(path);
      expect(seenHeaders.has(path)).toBe(true);
      expect(seenHeaders.get(path)?.authorization).toBeUndefined();
    },
  );

  it('is not sent when no token is stored', async () => {
    await call('/api/user-details');
    expect(seenHeaders.get('/api/user-details')?.authorization).toBeUndefined();
  });

  it('recognises token-less paths with query strings and absolute URLs, and nothing else', () => {
    expect(isTokenlessPath('/api/faq-list?x=1')).toBe(true);
    expect(isTokenlessPath('https://api.example.com/api/login')).toBe(true);
    expect(isTokenlessPath('/api/logout')).toBe(false);
    expect(isTokenlessPath('/api/login-history')).toBe(false);
  });
});

describe('error catalogue (spec §8)', () => {
  it('body status 99: toasts Unauthorized access, clears local storage and goes to /login', async () => {
    saveSession('tok-123', 1);
    localStorage.setItem('other', 'value');
    scripted.set('/api/post-history', { httpStatus: 403, body: { status: 99, status_code: 99, message: 'Unauthorized access' } });
    const result = await call('/api/post-history');
    expect(result.error).toBeDefined();
    expect(await screen.findByText('Unauthorized access')).toBeTruthy();
    expect(localStorage.length).toBe(0);
    expect(navigations).toEqual(['/login']);
    // The store drops the ended session's CMA too, not only the storage (else redux-persist writes it back).
    expect(dispatched).toEqual([sessionEnded()]);
  });

  it('body status 99 inside an HTTP 200 answer is treated the same way', async () => {
    saveSession('tok-123', 1);
    scripted.set('/api/get-history', { httpStatus: 200, body: { status: 99, status_code: 99 } });
    const result = await call('/api/get-history');
    expect(result.error).toBeDefined();
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigations).toEqual(['/login']);
  });

  it("HTTP 401: toasts the server's message and clears local storage without navigating", async () => {
    saveSession('tok-123', 1);
    scripted.set('/api/user-details', { httpStatus: 401, body: { status_code: 401, message: 'Session expired' } });
    const result = await call('/api/user-details');
    expect(result.error).toMatchObject({ status: 401 });
    expect(await screen.findByText('Session expired')).toBeTruthy();
    expect(localStorage.length).toBe(0);
    expect(navigations).toEqual([]);
    expect(dispatched).toEqual([sessionEnded()]);
  });

  it("HTTP 401 without a message toasts 'Unauthorized access'", async () => {
    saveSession('tok-123', 1);
    scripted.set('/api/user-details', { httpStatus: 401, body: { status_code: 401 } });
    await call('/api/user-details');
    expect(await screen.findByText('Unauthorized access')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('other HTTP errors go back to the caller untouched: no toast, session kept', async () => {
    saveSession('tok-123', 1);
    const body = { status_code: 422, message: 'The given data was invalid.', data: { email: ['Email is Required'] } };
    scripted.set('/api/contact-us', { httpStatus: 422, body });
    const result = await call('/api/contact-us');
    expect(result.error).toEqual({ status: 422, data: body });
    expect(localStorage.getItem('token')).toBe('tok-123');
    expect(navigations).toEqual([]);
    expect(dispatched).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a success answers the envelope as data', async () => {
    const result = await call('/api/faq-list');
    expect(result.data).toEqual({ status_code: 200, data: { path: '/api/faq-list' } });
  });
});
