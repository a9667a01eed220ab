import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './TextField';

/** The password rules in a few words, under every field where a new password is chosen. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, with a letter and a digit.';

interface NewPasswordFieldsProps {
  label: string;
  confirmLabel: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string; confirmation?: string };
}

/** A new password and its confirmation: sign-up, the reset link and /edit-profile. */
export function NewPasswordFields({ label, confirmLabel, password, confirmation, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <TextField label={label} type="password" autoComplete="new-password" hint={NEW_PASSWORD_HINT} error={errors.password} {...password} />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" error={errors.confirmation} {...confirmation} />
    </>
  );
}
