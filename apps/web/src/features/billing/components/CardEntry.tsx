import { Suspense, lazy, type Ref } from 'react';
import { useGetClientConfigQuery } from '../../../shared/api/api';
import type { CardEntryHandle } from './cardEntry';
import { TestCardForm } from './TestCardForm';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The card form of the configured provider (GET /api/config): Stripe Elements, or the labelled test-mode form. */
export function CardEntry({ ref }: { ref?: Ref<CardEntryHandle> }) {
  const { data: config, isLoading } = useGetClientConfigQuery();
  if (isLoading) return <p className="billing-muted">Loading the card form…</p>;
  if (config?.billing === 'stripe' && config.stripePublishableKey) {
    return (
      <Suspense fallback={<p className="billing-muted">Loading the secure card form…</p>}>
        <StripeCardForm publishableKey={config.stripePublishableKey} ref={ref} />
      </Suspense>
    );
  }
  return <TestCardForm ref={ref} />;
}
