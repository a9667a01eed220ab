import { createRef } from 'react';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from 'react-toastify';
import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { StripeCardFields } from './StripeCardForm';
import type { CardEntryHandle } from './cardEntry';

// Stripe mode's card step (spec §4: payment method, then token; spec §8: each failure's toast). Stripe.js itself is
// loaded from Stripe's CDN in the browser, so here a stand-in with the same surface answers for it.

function stripeStandIn(answers: { paymentMethodError?: string; tokenError?: string }) {
  const calls: string[] = [];
  const element = { mount: vi.fn(), on: vi.fn(), off: vi.fn(), update: vi.fn(), destroy: vi.fn() };
  const elements = { create: vi.fn(() => element), getElement: vi.fn(() => element), update: vi.fn() };
  const stripe = {
    elements: () => elements,
    confirmCardPayment: vi.fn(),
    createPaymentMethod: vi.fn(async () => {
      calls.push('createPaymentMethod');
      return answers.paymentMethodError ? { error: { type: 'card_error', message: answers.paymentMethodError } } : { paymentMethod: { id: 'pm_1' } };
    }),
    createToken: vi.fn(async () => {
      calls.push('createToken');
      return answers.tokenError
        ? { error: { type: 'card_error', message: answers.tokenError } }
        : { token: { id: 'tok_1', card: { last4: '4242', exp_month: 12, exp_year: 2031, brand: 'Visa' } } };
    }),
  };
  return { stripe: stripe as unknown as Stripe, calls };
}

function mount(stripe: Stripe) {
  const ref = createRef<CardEntryHandle>();
  render(
    <Elements stripe={stripe}>
      <StripeCardFields ref={ref} />
    </Elements>,
  );
  return ref;
}

describe('Stripe card entry', () => {
  afterEach(() => vi.restoreAllMocks());

  it('creates a payment method, then a token, and hands back the token with last 4 and expiry', async () => {
    const { stripe, calls } = stripeStandIn({});
    const ref = mount(stripe);
    await vi.waitFor(() => expect(ref.current).not.toBeNull());
    expect(await ref.current!.tokenize()).toEqual({ token: 'tok_1', last4: '4242', expMonth: 12, expYear: 2031 });
    expect(calls).toEqual(['createPaymentMethod', 'createToken']);
  });

  it('a payment-method failure shows the provider data and stops before the token', async () => {
    const error = vi.spyOn(toast, 'error');
    const { stripe, calls } = stripeStandIn({ paymentMethodError: 'Your card number is incomplete.' });
    const ref = mount(stripe);
    await vi.waitFor(() => expect(ref.current).not.toBeNull());
    expect(await ref.current!.tokenize()).toBeNull();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Your card number is incomplete.'));
    expect(calls).toEqual(['createPaymentMethod']);
  });

  it("a token failure says 'error message ' followed by the message", async () => {
    const error = vi.spyOn(toast, 'error');
    const { stripe } = stripeStandIn({ tokenError: 'Your card has expired.' });
    const ref = mount(stripe);
    await vi.waitFor(() => expect(ref.current).not.toBeNull());
    expect(await ref.current!.tokenize()).toBeNull();
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('error message Your card has expired.'));
  });
});
