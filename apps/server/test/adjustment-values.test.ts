import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADJUSTMENT_VALUES, TIER_LABELS } from '@cma/valuation';
import { createTestApp, createUserWithSession, testBackends, type TestApp, bearer } from './helpers';

const GET = '/api/property-adjustment-valu-list';
const STORE = '/api/store-user-property-adjustment-value';
const RESET = '/api/reset-user-property-adjustment-value';

describe.each(testBackends())('default adjustment values on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp(backend)));
  afterAll(() => t.close());

  it('gives a new user the spec §9 table', async () => {
    const { token } = await createUserWithSession(t);
    const res = await t.app.inject({ method: 'GET', url: GET, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.is_default).toBe(true);
    // Issue 27: a new account gets the market's rates where the sales measure them, and the recommended quality and condition steps.
    expect(data.use_market_derived_rates).toBe(true);
    expect(data.uad_step_values).toEqual({ quality: [20_000, 45_000, 100_000], condition: [10_000, 20_000, 40_000] });
    const values = data.user_property_adjustment_value;
    expect(Object.keys(values)).toHaveLength(16);
    expect(values['year-built']).toEqual({ parent_label: 'Year Built', style: 'year-built', amount_range_one: 500, amount_range_two: 800, amount_range_three: 1000 });
    expect(values['below-grade-total-area'].amount_range_two).toBe(16.2);
    expect(values['windows']).toMatchObject({ amount_range_one: 20000, amount_range_two: 30000, amount_range_three: 40000 });
    expect(TIER_LABELS).toEqual(['$0-$500,000', '$501,000-$1 Million', '1 Million and over']);
  });

  it('stores a user’s values, maps label typos, and keeps them per user', async () => {
    const a = await createUserWithSession(t);
    const b = await createUserWithSession(t);
    const edited = structuredClone(DEFAULT_ADJUSTMENT_VALUES) as Record<string, any>;
    edited['garage'].amount_range_one = 6500;
    // A legacy label with the server's typo must land on the right category.
    edited['kitchen-condition'] = { parent_label: 'Kitchen Conditon', amount_range_one: 4100, amount_range_two: '7100', amount_range_three: 15100 };
    const res = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(a.token), payload: { user_property_adjustment_value: edited, use_market_derived_rates: true } });
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved.is_default).toBe(false);
    expect(saved.use_market_derived_rates).toBe(true);
    expect(saved.user_property_adjustment_value['garage'].amount_range_one).toBe(6500);
    expect(saved.user_property_adjustment_value['kitchen-condition']).toEqual({
      parent_label: 'Kitchen Condition', style: 'kitchen-condition', amount_range_one: 4100, amount_range_two: 7100, amount_range_three: 15100,
    });

    const again = (await t.app.inject({ method: 'GET', url: GET, headers: bearer(a.token) })).json().data;
    expect(again.user_property_adjustment_value['garage'].amount_range_one).toBe(6500);
    const other = (await t.app.inject({ method: 'GET', url: GET, headers: bearer(b.token) })).json().data;
    expect(other.is_default).toBe(true);
    expect(other.user_property_adjustment_value['garage'].amount_range_one).toBe(5000);
  });

  it('refuses more than 17 categories, negative and non-numeric amounts with 422 field messages', async () => {
    const { token } = await createUserWithSession(t);
    const eighteen = Array.from({ length: 18 }, (_, i) => ({ parent_label: `Extra ${i}`, amount_range_one: 1, amount_range_two: 1, amount_range_three: 1 }));
    const tooMany = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: eighteen } });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().message).toMatch(/at most 17 categories/);

    const seventeen = [...Object.values(DEFAULT_ADJUSTMENT_VALUES), { parent_label: 'Pool', amount_range_one: 8000, amount_range_two: 12000, amount_range_three: 20000 }];
    const okRes = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: seventeen } });
    expect(okRes.statusCode).toBe(200);
    expect(Object.keys(okRes.json().data.user_property_adjustment_value)).toHaveLength(17);

    const negative = structuredClone(DEFAULT_ADJUSTMENT_VALUES) as Record<string, any>;
    negative['fireplace'].amount_range_two = -5;
    negative['lot-size'].amount_range_three = 'abc';
    const bad = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: negative } });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().data;
    expect(Object.keys(fields).some((k) => k.endsWith('amount_range_two'))).toBe(true);
    expect(Object.keys(fields).some((k) => k.endsWith('amount_range_three'))).toBe(true);
    // The failed save changed nothing.
    const current = (await t.app.inject({ method: 'GET', url: GET, headers: bearer(token) })).json().data;
    expect(current.user_property_adjustment_value['fireplace'].amount_range_two).toBe(5000);

    const notAMap = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: 'x' } });
    expect(notAMap.statusCode).toBe(422);
  });

  it('resets to the defaults', async () => {
    const { token } = await createUserWithSession(t);
    const edited = structuredClone(DEFAULT_ADJUSTMENT_VALUES) as Record<string, any>;
    edited['bedrooms'].amount_range_one = 1234;
    await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: edited, use_market_derived_rates: false, uad_step_values: { quality: [1, 2, 3], condition: [4, 5, 6] } } });
    const res = await t.app.inject({ method: 'POST', url: RESET, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_default).toBe(true);
    expect(res.json().data.user_property_adjustment_value['bedrooms'].amount_range_one).toBe(5000);
    expect(res.json().data.use_market_derived_rates).toBe(true);
    expect(res.json().data.uad_step_values.quality).toEqual([20_000, 45_000, 100_000]);
  });

  it('keeps quality and condition per step beside the categories (the 17-category limit counts the categories alone)', async () => {
    const { token } = await createUserWithSession(t);
    const seventeen = [...Object.values(DEFAULT_ADJUSTMENT_VALUES), { parent_label: 'Pool', amount_range_one: 8000, amount_range_two: 12000, amount_range_three: 20000 }];
    const steps = { quality: [25_000, '50000', 110_000], condition: [12_000, 22_000, 44_000] };
    const res = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: seventeen, uad_step_values: steps } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data.user_property_adjustment_value)).toHaveLength(17);
    expect(res.json().data.uad_step_values).toEqual({ quality: [25_000, 50_000, 110_000], condition: [12_000, 22_000, 44_000] });
    // Saving the categories again without steps keeps the steps saved before.
    await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: seventeen } });
    expect((await t.app.inject({ method: 'GET', url: GET, headers: bearer(token) })).json().data.uad_step_values.condition).toEqual([12_000, 22_000, 44_000]);

    const negative = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: seventeen, uad_step_values: { quality: [1, -2, 3], condition: [1, 2, 3] } } });
    expect(negative.statusCode).toBe(422);
    expect(negative.json().data['uad_step_values.quality.1']).toEqual(['Amounts cannot be negative.']);
    const short = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: seventeen, uad_step_values: { quality: [1, 2], condition: [1, 2, 3] } } });
    expect(short.statusCode).toBe(422);
    expect(Object.keys(short.json().data)[0]).toMatch(/^uad_step_values\.quality/);
  });

  it('needs a session (401) and a subscription (status 99)', async () => {
    expect((await t.app.inject({ method: 'GET', url: GET })).statusCode).toBe(401);
    const { token } = await createUserWithSession(t, { subscribed: false });
    const res = await t.app.inject({ method: 'POST', url: STORE, headers: bearer(token), payload: { user_property_adjustment_value: {} } });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toBe(99);
  });
});
