import { useImperativeHandle, useMemo, type Ref } from 'react';
import { loadStripe } from '@stripe/stripe-js/pure'; // loads Stripe.js only when the Stripe form mounts
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { CardEntryHandle } from './cardEntry';
import { notify } from '../../../shared/toast';

// Stripe mode: Stripe.js (from Stripe's CDN) collects the card; we only ever see its token and display fields.

/** The Elements card field; needs an <Elements> provider above it. */
export function StripeCardFields({ ref }: { ref?: Ref<CardEntryHandle> }) {
  const stripe = useStripe();
  const elements = useElements();

  useImperativeHandle(ref, () => ({
    async tokenize() {
      const card = elements?.getElement(CardElement);
      if (!stripe || !card) {
        notify('error', 'The card form is still loading. Please try again.');
        return null;
      }
      // Spec §4: confirming the card creates a payment method and then a token.
      const method = await stripe.createPaymentMethod({ type: 'card', card });
      if (method.error) {
        notify('error', method.error.message ?? JSON.stringify(method.error)); // spec §8: the toast shows the response data
        return null;
      }
      const result = await stripe.createToken(card);
      if (result.error) {
        notify('error', `error message ${result.error.message ?? ''}`); // spec §8, spelled as given
        return null;
      }
      const tokenCard = result.token.card;
      return { token: result.token.id, last4: tokenCard?.last4 ?? '', expMonth: tokenCard?.exp_month ?? 0, expYear: tokenCard?.exp_year ?? 0 };
    },
  }));

  return (
    <div className="stripe-card">
      <label className="billing-field__label">Card</label>
      <div className="stripe-card__element">
        <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px', color: '#15212e' } } }} />
      </div>
    </div>
  );
}

/** Stripe Elements card entry; default export so the test-mode page never downloads it. */
export default function StripeCardForm({ publishableKey, ref }: { publishableKey: string; ref?: Ref<CardEntryHandle> }) {
  const stripePromise = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripePromise}>
      <StripeCardFields ref={ref} />
    </Elements>
  );
}
