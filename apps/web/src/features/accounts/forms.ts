import type { ChangeEvent } from 'react';
import { z } from 'zod';
import { limitPhoneInput } from '../../shared/format';
import {
  ACCOUNT_IMAGE_MAX_BYTES,
  ACCOUNT_IMAGE_TOO_LARGE_MESSAGE,
  ACCOUNT_IMAGE_TYPE_MESSAGE,
  ACCOUNT_IMAGE_TYPES,
  PASSWORD_REQUIRED_MESSAGE,
  changeEmailRequest,
  deleteAccountRequest,
  emailField,
  newPasswordField,
  personNameField,
  phoneField,
  storeBusinessDetailFields,
} from '@cma/contracts';

// Form schemas: the contracts' request rules plus what only a form has (password confirmation).

export const PASSWORDS_DIFFER_MESSAGE = 'The passwords do not match.';

export const signInForm = z.object({
  email: emailField,
  password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE),
});
export type SignInValues = z.input<typeof signInForm>;

const passwordsMatch = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { path: ['password_confirmation'], error: PASSWORDS_DIFFER_MESSAGE };

export const registerForm = z
  .object({ name: personNameField, email: emailField, phone: phoneField, password: newPasswordField, password_confirmation: z.string() })
  .refine(passwordsMatch, mismatch);
export type RegisterValues = z.input<typeof registerForm>;

export const forgotForm = z.object({ email: emailField });
export type ForgotValues = z.input<typeof forgotForm>;

export const newPasswordForm = z.object({ password: newPasswordField, password_confirmation: z.string() }).refine(passwordsMatch, mismatch);
export type NewPasswordValues = z.input<typeof newPasswordForm>;

/** Change password on /edit-profile: the current one, the new one twice. */
export const changePasswordForm = z
  .object({ current_password: z.string().min(1, 'Please enter your current password.'), password: newPasswordField, password_confirmation: z.string() })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordValues = z.input<typeof changePasswordForm>;

export const changeEmailForm = changeEmailRequest;
export const deleteAccountForm = deleteAccountRequest;
export type DeleteAccountValues = z.input<typeof deleteAccountForm>;
export type ChangeEmailValues = z.input<typeof changeEmailForm>;

export const profileForm = storeBusinessDetailFields
  .omit({ name: true, user_phone: true, remove_logo: true })
  .extend({ name: personNameField, user_phone: phoneField });
export type ProfileValues = z.input<typeof profileForm>;

/** Spec §5 phone helper (one copy, in shared/format.ts) on input limited to ten digits: xxx-xxx-xxxx. */
export const formatPhone = (input: string): string => limitPhoneInput(input);

/** Client-side check before upload; the server sniffs the bytes again and re-encodes. */
export function imageFileProblem(file: File): string | undefined {
  if (!(ACCOUNT_IMAGE_TYPES as readonly string[]).includes(file.type)) return ACCOUNT_IMAGE_TYPE_MESSAGE;
  if (file.size > ACCOUNT_IMAGE_MAX_BYTES) return ACCOUNT_IMAGE_TOO_LARGE_MESSAGE;
  return undefined;
}

/**
 * The image file just picked, or null when none was or it is no usable image; `report` hears the picked file's problem
 * (undefined when it is fine). The input is cleared so the same file can be picked again.
 */
export function pickedImageFile(event: ChangeEvent<HTMLInputElement>, report: (problem: string | undefined) => void): File | null {
  const picked = event.target.files?.[0];
  event.target.value = '';
  if (!picked) return null;
  const problem = imageFileProblem(picked);
  report(problem);
  return problem ? null : picked;
}
