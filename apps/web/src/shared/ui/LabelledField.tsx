import { useId, type ReactNode } from 'react';

/** What the control needs to be tied to its label, hint and error. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface LabelledFieldProps {
  label: string;
  error?: string;
  hint?: string;
  optional?: boolean;
  /** The control's id; one is made when not given. */
  id?: string;
  /** Renders the control with the id and aria attributes that tie it to its label, hint and error. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control whose error is announced and tied to it (aria-describedby); `styles` is the CSS block: the app's 'field' or the public site's 'ps-field'. */
export function LabelledField({ styles, label, error, hint, optional, id, children }: LabelledFieldProps & { styles: 'field' | 'ps-field' }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const describedBy = [hint ? `${controlId}-hint` : '', error ? `${controlId}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles}>
      <label className={`${styles}__label`} htmlFor={controlId}>
        {label}
        {optional && <span className={`${styles}__optional`}> (optional)</span>}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className={`${styles}__hint`} id={`${controlId}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={`${styles}__error`} id={`${controlId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
