import { describe, expect, it } from 'vitest';
import { buildOrderPayload, errorListMessages, formatCardNumber, formatChargeDate, formatPlanAmount, parseExpiry } from './order';

const plan = { id: 1, amount: 49 };
const card = { token: 'tok_test_abc', last4: '4242', expMonth: 12, expYear: 2030 };

describe('the subscription order payload (spec §3, §7)', () => {
  it('carries the plan amount without a promo code, and an empty coupon_id', () => {
    expect(buildOrderPayload({ plan, card })).toEqual({
      exp_month: 12,
      exp_year: 2030,
      subscription_plan_id: 1,
      card_number: '4242',
      stripe_token: 'tok_test_abc',
      coupon_id: '',
      plan_amount: 49,
    });
  });

  it("carries the promo's amount_off and code when a promo is applied", () => {
    expect(buildOrderPayload({ plan, card, promo: { code: 'SAVE10', coupon: { amount_off: 10 } } })).toMatchObject({ coupon_id: 'SAVE10', plan_amount: 10 });
  });

  it.each([
    ['no plan', { plan: null, card }],
    ['no card', { plan, card: null }],
    ['no token', { plan, card: { ...card, token: ' ' } }],
    ['no last4', { plan, card: { ...card, last4: '' } }],
    ['no expiry month', { plan, card: { ...card, expMonth: 0 } }],
    ['no expiry year', { plan, card: { ...card, expYear: 0 } }],
    ['a promo without amount_off (plan_amount empty)', { plan, card, promo: { code: 'X', coupon: { amount_off: null } } }],
  ])('is not built while incomplete: %s', (_label, input) => {
    expect(buildOrderPayload(input as Parameters<typeof buildOrderPayload>[0])).toBeNull();
  });
});

describe('reading the answer and formatting', () => {
  it('joins each error list with spaces, one message per list (spec §8)', () => {
    expect(errorListMessages({ card: ['Your card was declined.', 'Try another card.'], coupon_id: ['Bad code.'] })).toEqual([
      'Your card was declined. Try another card.',
      'Bad code.',
    ]);
    expect(errorListMessages(undefined)).toEqual([]);
    expect(errorListMessages(['x'])).toEqual([]);
  });

  it('formats the charge date as a calendar day, whatever the time zone', () => {
    expect(formatChargeDate('2026-12-05')).toBe('December 5, 2026');
    expect(formatChargeDate('2027-01-01')).toBe('January 1, 2027');
  });

  it('formats amounts, card numbers and expiry as typed', () => {
    expect(formatPlanAmount(49)).toBe('$ 49');
    expect(formatPlanAmount(1234.5)).toBe('$ 1,234.50');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42a')).toBe('4242 42');
    expect(parseExpiry('1230')).toEqual({ text: '12/30', month: 12, year: 2030 });
    expect(parseExpiry('1')).toEqual({ text: '1' });
  });
});
