import { notify } from '../../shared/toast';
import { readApiFailure, type ApiFailure } from './accountsApi';

/**
 * Where a user goes once signed in or registered: subscribed users to /home; others to /card-details when
 * they already picked a plan (login store subscriptionPlan), else to /subscription-plan to pick one.
 */
export function destinationAfterSignIn(isSubscribed: number, chosenPlan: unknown): string {
  if (Number(isSubscribed) === 1) return '/home';
  return chosenPlan ? '/card-details' : '/subscription-plan';
}

/** Applies a 422 field map to a react-hook-form form; returns whether any field matched. */
export function applyFieldErrors<K extends string>(fields: Record<string, string[]>, known: readonly K[], setError: (name: K, error: { type: string; message: string }) => void): boolean {
  let matched = false;
  for (const name of known) {
    const message = fields[name]?.[0];
    if (message) {
      setError(name, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}

/** A failed request on a form: each 422 message under its field, the message in a toast; the failure for the rest. */
export function showFormFailure<K extends string>(error: unknown, known: readonly K[], setError: (name: K, error: { type: string; message: string }) => void): ApiFailure {
  const failure = readApiFailure(error);
  applyFieldErrors(failure.fields, known, setError);
  notify('error', failure.message);
  return failure;
}
