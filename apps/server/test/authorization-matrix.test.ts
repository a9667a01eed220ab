import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { createTestApp, createUserWithSession, testBackends, type TestApp } from './helpers';

// Every route the server registers must be classified here; a new route without a class fails this test (issue 10).
type Access =
  | 'public' // answers anonymously
  | 'session' // any signed-in user (e.g. an unsubscribed account choosing a plan)
  | 'subscriber' // signed-in with a trialing/active subscription, else status 99
  | 'signed'; // no token, but a provider signature (Stripe webhook)

const ACCESS: Record<string, Access> = {
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /api/config': 'public',
  'GET /api/faq-list': 'public',
  'GET /api/subscription-plan-list': 'public',
  'POST /public/api/stripe/check-coupons': 'public',
  'POST /api/verify-data': 'public',
  'POST /api/register': 'public',
  'POST /api/login': 'public',
  'POST /api/forgot-password': 'public',
  'POST /api/reset-password': 'public',
  'POST /api/contact-us': 'public',
  'POST /api/request-demo': 'public',
  // Demo listing photos are generated placeholder drawings, not user data.
  'GET /api/listing-photos/demo/:listingId/:file': 'public',
  // An <img> sends no token: the URL's server signature, handed only to the MLS's members, is the permission (else 404).
  'GET /api/mls-photos/:photoId/:signature/:file': 'public',
  'POST /api/stripe/webhook': 'signed',

  'GET /api/logout': 'session',
  // Joining an MLS is part of the profile; its listings stay subscriber-only.
  'GET /api/mls-membership': 'session',
  'POST /api/mls-membership': 'session',
  'DELETE /api/mls-membership/:mls': 'session',
  'GET /api/user-details': 'session',
  'POST /api/upload-profile-pic': 'session',
  'POST /api/store-business-detail': 'session',
  'POST /api/change-password': 'session',
  'POST /api/change-email': 'session',
  'GET /api/brand-kit': 'session',
  'POST /api/brand-kit': 'session',
  'POST /api/test-billing/tokens': 'session',
  'POST /api/create-subscription': 'session',
  'GET /api/subscription-details': 'session',
  'POST /api/change-subscription-plan': 'session',
  'POST /api/cancel-subscription': 'session',
  'POST /api/change-subscription-paymentcard': 'session',

  'GET /api/property-adjustment-valu-list': 'subscriber',
  'POST /api/store-user-property-adjustment-value': 'subscriber',
  'POST /api/reset-user-property-adjustment-value': 'subscriber',
  'POST /api/post-history': 'subscriber',
  'POST /api/report-map': 'subscriber',
  'GET /api/get-history': 'subscriber',
  'GET /api/get-history/:id': 'subscriber',
  'GET /api/history': 'subscriber',
  'PATCH /api/history/:id': 'subscriber',
  'DELETE /api/history/:id': 'subscriber',
  'POST /api/history/:id/undo-delete': 'subscriber',
  'PUT /api/history/:id/listings': 'subscriber',
  'GET /api/account-export': 'session',
  'POST /api/delete-account': 'session',
  'GET /api/history/:id/listings': 'subscriber',
  'POST /api/store-property-images': 'subscriber',
  'GET /api/column-mappings/:signature': 'subscriber',
  'PUT /api/column-mappings/:signature': 'subscriber',
  'POST /api/get-images/:id': 'subscriber',
  'POST /api/get-images/delete/:id': 'subscriber',
  'POST /api/encoded/img/list/:id': 'subscriber',
  'GET /api/property-image-file/:id': 'subscriber',
  'POST /api/save-image-rets': 'subscriber',
  'POST /api/search-address-rets': 'subscriber',
  'POST /api/search-comparables-rets': 'subscriber',
  'POST /api/send-pdf': 'subscriber',
  'POST /api/send-pdf/preview': 'subscriber',
  'GET /api/report-branding': 'subscriber',
  'POST /api/update-report-counter': 'subscriber',
  'POST /api/report-links': 'subscriber',
  'GET /api/report-links': 'subscriber',
  'DELETE /api/report-links/:token': 'subscriber',
  'PATCH /api/report-links/:token': 'subscriber',
  'PUT /api/report-default-pages': 'subscriber',
  'GET /api/custom-pages': 'subscriber',
  'POST /api/custom-pages': 'subscriber',
  'GET /api/custom-pages/:id': 'subscriber',
  'DELETE /api/custom-pages/:id': 'subscriber',
};

const isApiRoute = (url: string) => url.startsWith('/api/') || url.startsWith('/public/api/') || url === '/healthz' || url === '/readyz';
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe.each(testBackends())('authorization matrix on %s', (backend) => {
  let t: TestApp;
  let routes: { method: string; url: string; key: string; access: Access | undefined }[];
  beforeAll(async () => {
    t = await createTestApp(backend);
    routes = t.app.registeredRoutes
      .filter((r) => isApiRoute(r.url))
      .map((r) => ({ ...r, key: `${r.method} ${r.url}`, access: ACCESS[`${r.method} ${r.url}`] }));
  });
  afterAll(() => t.close());

  it('classifies every registered API route', () => {
    const unclassified = routes.filter((r) => !r.access).map((r) => r.key);
    expect(unclassified, 'add these routes to ACCESS with their access class').toEqual([]);
    const gone = Object.keys(ACCESS).filter((key) => !routes.some((r) => r.key === key));
    expect(gone, 'these classified routes are no longer registered').toEqual([]);
  });

  const send = (method: string, url: string, token?: string) =>
    t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: token ? { authorization: `Bearer ${token}` } : {},
      // An invalid body on purpose: guards must answer before validation does.
      ...(method === 'GET' ? {} : { payload: { unexpected: true } }),
    });

  it('refuses protected routes without a token, with a made-up one, an expired one and a revoked one', async () => {
    const expired = await createUserWithSession(t);
    await t.database.query("update sessions set expires_at = now() - interval '1 minute' where user_id = $1", [expired.userId]);
    const revoked = await createUserWithSession(t);
    const session = await t.app.ctx.auth.resolve(revoked.token);
    await t.app.ctx.auth.endSession(session!);
    for (const route of routes.filter((r) => r.access === 'session' || r.access === 'subscriber')) {
      for (const token of [undefined, 'made-up-token', expired.token, revoked.token]) {
        const res = await send(route.method, route.url, token);
        expect(res.statusCode, `${route.key} with ${token ? 'a bad' : 'no'} token`).toBe(401);
        expect(res.json(), route.key).toEqual({ status_code: 401, message: 'Unauthorized access' });
      }
    }
  });

  it('answers status 99 to an unsubscribed account on subscriber routes only', async () => {
    const unsubscribed = await createUserWithSession(t, { subscribed: false });
    for (const route of routes.filter((r) => r.access === 'subscriber')) {
      const res = await send(route.method, route.url, unsubscribed.token);
      expect(res.statusCode, route.key).toBe(403);
      expect(res.json(), route.key).toEqual({ status: 99, status_code: 99, message: 'Unauthorized access' });
    }
    for (const route of routes.filter((r) => r.access === 'session' && r.url !== '/api/logout')) {
      const res = await send(route.method, route.url, unsubscribed.token);
      expect([401, 403], `${route.key} must admit an unsubscribed session`).not.toContain(res.statusCode);
    }
  });

  it('answers public routes anonymously', async () => {
    for (const route of routes.filter((r) => r.access === 'public')) {
      const res = await send(route.method, route.url);
      expect([401, 403], route.key).not.toContain(res.statusCode);
      expect(res.statusCode, route.key).toBeLessThan(500);
    }
  });

  it('refuses an unsigned webhook', async () => {
    for (const route of routes.filter((r) => r.access === 'signed')) {
      const res = await t.app.inject({ method: 'POST', url: route.url, headers: { 'content-type': 'application/json' }, payload: '{"id":"evt_forged"}' });
      expect(res.statusCode, route.key).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, route.key).toBeLessThan(500);
    }
  });

  it("never shows one agent another agent's saved reports or profile", async () => {
    const alice = await createUserWithSession(t);
    const bob = await createUserWithSession(t);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/post-history',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: {
        address: '123 Alice Way, Denver, CO 80202',
        state: JSON.stringify({ ...Object.fromEntries(HISTORY_STATE_KEYS.map((k) => [k, null])), address: '123 Alice Way', reportName: 'Alice report' }),
      },
    });
    expect(saved.statusCode).toBe(200);
    const bobsHistory = await t.app.inject({ url: '/api/get-history?page=1', headers: { authorization: `Bearer ${bob.token}` } });
    expect(bobsHistory.statusCode).toBe(200);
    expect(JSON.stringify(bobsHistory.json().data)).not.toContain('Alice');
    const alicesEntry = `/api/get-history/${saved.json().data.id}`;
    expect((await t.app.inject({ url: alicesEntry, headers: { authorization: `Bearer ${alice.token}` } })).json().data.address).toContain('Alice');
    const bobAsksForIt = await t.app.inject({ url: alicesEntry, headers: { authorization: `Bearer ${bob.token}` } });
    expect(bobAsksForIt.statusCode).toBe(404);
    expect(bobAsksForIt.body).not.toContain('Alice');
    const bobsDetails = await t.app.inject({ url: '/api/user-details', headers: { authorization: `Bearer ${bob.token}` } });
    expect(bobsDetails.json().data.user.id ?? bobsDetails.json().data.user.email).not.toBe(alice.userId);
  });
});
