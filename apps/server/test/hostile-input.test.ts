import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUserWithSession, testBackends, type TestApp } from './helpers';
import { NUL_CHARACTER_MESSAGE, findNulField } from '../src/http/text-guard';
import { BAD_URL_MESSAGE } from '../src/app';

// A NUL (U+0000) in any text field is refused with 422 naming the field, before it reaches the database, and a badly
// encoded address answers in the app's envelope (issue 20).

const NUL = 'Ann\u0000Lee';

describe('findNulField', () => {
  it.each([
    [{ name: 'Ann' }, undefined],
    [{ name: NUL }, 'name'],
    [{ a: { b: ['ok', NUL] } }, 'a.b.1'],
    [{ state: JSON.stringify({ remarks: NUL }) }, 'state'], // the JSON escape inside a state string
    [NUL, 'body'],
    [{ count: 3, flag: true, none: null }, undefined],
  ])('%j → %s', (value, field) => expect(findNulField(value)).toBe(field));
});

describe.each(testBackends())('NUL characters are refused with 422 on %s', (backend) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ token } = await createUserWithSession(t));
  });
  afterAll(() => t.close());

  const json = (url: string, payload: object, auth = true) =>
    t.app.inject({ method: 'POST', url, payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });

  function multipart(url: string, fields: Record<string, string>) {
    const boundary = '----cma-nul-test';
    const body = Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
    return t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` } });
  }

  const cases: [string, () => ReturnType<typeof json>, string][] = [
    ['register (anonymous)', () => json('/api/register', { name: NUL, email: 'nul@example.com', password: 'Str0ng!pass-2026', password_confirmation: 'Str0ng!pass-2026' }, false), 'name'],
    ['contact-us (anonymous, multipart)', () => multipart('/api/contact-us', { name: NUL, email: 'a@example.com', subject: 'Hi', description: 'Hello', mobile_number: '5551234567' }), 'name'],
    ['check-coupons (anonymous)', () => json('/public/api/stripe/check-coupons', { coupon_id: `WELCOME\u0000` }, false), 'coupon_id'],
    ['post-history', () => json('/api/post-history', { address: '12 Main St', state: JSON.stringify({ report_data: { clientName: NUL } }) }), 'state'],
    ['update-report-counter', () => json('/api/update-report-counter', { report_id: NUL }), 'report_id'],
    ['save-image-rets', () => json('/api/save-image-rets', { listing_id: NUL }), 'listing_id'],
    ['change-subscription-paymentcard', () => json('/api/change-subscription-paymentcard', { stripe_token: `tok_\u0000`, card_number: '4242', exp_month: 12, exp_year: 2030 }), 'stripe_token'],
    ['store-business-detail (JSON)', () => json('/api/store-business-detail', { business_name: NUL }), 'business_name'],
    ['store-business-detail (multipart)', () => multipart('/api/store-business-detail', { business_name: NUL }), 'business_name'],
    ['send-pdf', () => json('/api/send-pdf', { email: 'client@example.com', state: JSON.stringify({ report_data: { clientName: NUL } }) }), 'state'],
  ];

  it.each(cases)('%s', async (_route, send, field) => {
    const res = await send();
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status_code: 422, message: NUL_CHARACTER_MESSAGE, data: { [field]: [NUL_CHARACTER_MESSAGE] } });
  });

  it('a NUL in a query string or a route parameter is refused too, and the server stays healthy', async () => {
    const query = await t.app.inject({ method: 'GET', url: '/api/get-history?search=%00', headers: { authorization: `Bearer ${token}` } });
    expect(query.statusCode).toBe(422);
    expect(query.json().data).toEqual({ search: [NUL_CHARACTER_MESSAGE] });
    const param = await t.app.inject({ method: 'GET', url: '/api/get-history/%00', headers: { authorization: `Bearer ${token}` } });
    expect(param.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it.each(['/api/get-history/%E0%A4%A', '/%E0%A4%A', '/r/%zz'])('a badly encoded address %s answers 400 in the app envelope', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status_code: 400, message: BAD_URL_MESSAGE });
  });
});
