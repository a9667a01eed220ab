import { useState } from 'react';
import { formErrors, type FieldCheck } from './checkedForm';

/**
 * The state of a public-site form checked by pure rules (Contact Us, Request a Demo): each field as it is typed
 * (`format` shapes what is typed first, e.g. the phone helper) and all at once on Submit.
 */
export function useCheckedForm<F extends string>(empty: Record<F, string>, check: FieldCheck<F>, format: Partial<Record<F, (raw: string) => string>> = {}) {
  const [values, setValues] = useState<Record<F, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});

  const change = (field: F, raw: string) => {
    const value = format[field]?.(raw) ?? raw;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: check(field, value) }));
  };

  /** Checks every field; when one is wrong, shows the messages, puts the focus in the first and answers false. */
  const checkAll = (): boolean => {
    const found = formErrors(values, check);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first === undefined) return true;
    document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    return false;
  };

  /** Back to the empty form once it is sent. */
  const clear = () => {
    setValues(empty);
    setErrors({});
  };

  return { values, errors, setErrors, change, checkAll, clear };
}
