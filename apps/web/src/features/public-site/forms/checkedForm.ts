/** A field's rule: its message, or undefined when the value is fine. */
export type FieldCheck<F extends string> = (field: F, value: string) => string | undefined;

/** Every field checked at once (on Submit), in the order of `values`; an empty object means the form may be sent. */
export function formErrors<F extends string>(values: Record<F, string>, check: FieldCheck<F>): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of Object.keys(values) as F[]) {
    const message = check(field, values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}
