import type { FieldErrors, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from './TextField';

/** The password rules in a few words, under every field where a new password is chosen. */
export const NEW_PASSWORD_HINT = 'At least 8 characters, with a letter and a digit.';

interface PasswordPair {
  password: string;
  password_confirmation: string;
}

interface NewPasswordFieldsProps<Values extends PasswordPair> {
  label: string;
  confirmLabel: string;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  /** Check the confirmation again whenever the password changes (the forms checked as they are typed). */
  revalidateConfirmation?: boolean;
}

/** A new password and its confirmation (a form's `password` and `password_confirmation`): sign-up, the reset link and /edit-profile. */
export function NewPasswordFields<Values extends PasswordPair>({ label, confirmLabel, register, errors, revalidateConfirmation }: NewPasswordFieldsProps<Values>) {
  const password = 'password' as Path<Values>;
  const confirmation = 'password_confirmation' as Path<Values>;
  return (
    <>
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={NEW_PASSWORD_HINT}
        error={errors.password?.message as string | undefined}
        {...register(password, revalidateConfirmation ? { deps: [confirmation] } : undefined)}
      />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" error={errors.password_confirmation?.message as string | undefined} {...register(confirmation)} />
    </>
  );
}
