import type { FormEventHandler, ReactNode } from 'react';
import { SubmitButton } from '../../../shared/ui/SubmitButton';

interface AccountFormProps {
  /** The form's accessible name. */
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  busy: boolean;
  busyText: string;
  /** The submit button's text. */
  action: ReactNode;
  /** On /edit-profile the button is a secondary one at the end of its row; on the sign-in screens the large primary one. */
  secondary?: boolean;
  children: ReactNode;
}

/** An accounts form: its fields, then the one submit button that says when the form is being sent. */
export function AccountForm({ label, onSubmit, busy, busyText, action, secondary, children }: AccountFormProps) {
  const button = (
    <SubmitButton busy={busy} busyText={busyText} className={secondary ? 'button button--secondary' : undefined}>
      {action}
    </SubmitButton>
  );
  return (
    <form className="form" noValidate onSubmit={onSubmit} aria-label={label}>
      {children}
      {secondary ? <div className="form-row-end">{button}</div> : button}
    </form>
  );
}
