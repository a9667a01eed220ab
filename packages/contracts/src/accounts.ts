import { z } from 'zod';
import { envelope } from './envelope';

// Accounts: registration, sign-in, password reset, profile and business details (DESIGN.md §4).

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const COMMON_PASSWORD_MESSAGE = 'This password is one of the most common passwords. Please choose another.';
export const PASSWORD_RULES_MESSAGE = 'The password must be at least 8 characters long and contain a letter and a digit.';
/** Spaces count in a password, but a password must not be mostly spaces (issue 30: seven spaces and "a1" was taken). */
export const PASSWORD_SPACES_MESSAGE = 'The password must have at least 8 characters that are not spaces.';
export const WEAK_PASSWORD_MESSAGE = 'This password is too easy to guess. Use a longer one, for example three or four unrelated words, and avoid names, dates and keyboard patterns.';
export const EMAIL_REQUIRED_MESSAGE = 'Email is Required';
export const EMAIL_INVALID_MESSAGE = 'Please enter valid Email ID';
export const EMAIL_TAKEN_MESSAGE = 'The email has already been taken.';
export const NAME_REQUIRED_MESSAGE = 'Name is Required';
export const PASSWORD_REQUIRED_MESSAGE = 'Password is Required';
export const INVALID_CREDENTIALS_MESSAGE = 'These credentials do not match our records.';
export const RESET_LINK_SENT_MESSAGE = 'If an account exists for that e-mail, we have sent a link to reset the password.';
export const RESET_TOKEN_INVALID_MESSAGE = 'This password reset link is invalid or has expired. Please request a new one.';
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset. Please sign in.';
export const LOGGED_OUT_MESSAGE = 'User Logged out Successfully';
export const CURRENT_PASSWORD_WRONG_MESSAGE = 'The current password is not correct.';
export const PASSWORD_UNCHANGED_MESSAGE = 'The new password must be different from the current one.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. You have been signed out on your other devices.';
export const EMAIL_UNCHANGED_MESSAGE = 'This is already your sign-in e-mail.';
export const EMAIL_CHANGED_MESSAGE = 'Your sign-in e-mail has been changed.';
/** Images accepted for the profile picture and the business logo. */
export const ACCOUNT_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const ACCOUNT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ACCOUNT_IMAGE_TOO_LARGE_MESSAGE = 'The image must be at most 5 MB.';
export const ACCOUNT_IMAGE_TYPE_MESSAGE = 'The image must be a PNG, JPEG or WebP file.';

/** Trimmed and lower-cased, so 'Agent@X.com ' and 'agent@x.com' are one account. */
export const emailField = z
  .string({ error: EMAIL_REQUIRED_MESSAGE })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(254, EMAIL_INVALID_MESSAGE)
  .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }));

/** True when the password follows the rules of PASSWORD_RULES_MESSAGE. */
export function passwordFollowsRules(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH && /\p{L}/u.test(password) && /\d/.test(password);
}

/** True when at least PASSWORD_MIN_LENGTH of the password's characters are not white space. */
export function passwordHasEnoughNonSpace(password: string): boolean {
  return password.replace(/\s/gu, '').length >= PASSWORD_MIN_LENGTH;
}

export const newPasswordField = z
  .string({ error: PASSWORD_REQUIRED_MESSAGE })
  .min(1, PASSWORD_REQUIRED_MESSAGE)
  .refine(passwordFollowsRules, { error: PASSWORD_RULES_MESSAGE })
  // One message at a time: the spaces rule speaks only once the first rules hold.
  .refine((password) => !passwordFollowsRules(password) || passwordHasEnoughNonSpace(password), { error: PASSWORD_SPACES_MESSAGE });

export const WEBSITE_INVALID_MESSAGE = 'Please enter a valid website address.';

/**
 * A web address an agent would print: http(s) only (a `javascript:` or `data:` link is refused), a host with a dot,
 * no user name or password. The scheme may be left out ("alice.example").
 */
export function isWebsiteAddress(text: string): boolean {
  if (/\s/.test(text)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  if (hasScheme && !/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(hasScheme ? text : `https://${text}`);
    return /^[^.]+(\.[^.]+)+$/.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((v) => v ?? '');

export const phoneField = z
  .string()
  .trim()
  .max(32, 'Please enter valid Mobile Number')
  .refine((v) => v === '' || /^[+\d][\d\s().-]{6,}$/.test(v), 'Please enter valid Mobile Number');

export const personNameField = z.string({ error: NAME_REQUIRED_MESSAGE }).trim().min(1, NAME_REQUIRED_MESSAGE).max(120, 'Name must be at most 120 characters.');

export const verifyDataRequest = z.object({ email: emailField });
export type VerifyDataRequest = z.input<typeof verifyDataRequest>;

export const registerRequest = z.object({
  name: personNameField,
  email: emailField,
  password: newPasswordField,
  phone: phoneField.optional(),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const loginRequest = z.object({
  email: emailField,
  // Existing passwords are checked, never re-validated against today's rules.
  password: z.string({ error: PASSWORD_REQUIRED_MESSAGE }).min(1, PASSWORD_REQUIRED_MESSAGE).max(1024, INVALID_CREDENTIALS_MESSAGE),
});
export type LoginRequest = z.input<typeof loginRequest>;

export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({
  token: z.string({ error: RESET_TOKEN_INVALID_MESSAGE }).min(1, RESET_TOKEN_INVALID_MESSAGE).max(200, RESET_TOKEN_INVALID_MESSAGE),
  password: newPasswordField,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** The password the signed-in user types to confirm a change to how they sign in; checked, never re-validated. */
const currentPasswordField = z
  .string({ error: CURRENT_PASSWORD_WRONG_MESSAGE })
  .min(1, 'Please enter your current password.')
  .max(1024, CURRENT_PASSWORD_WRONG_MESSAGE);

/** POST /api/change-password: the new password follows the rules; the server also refuses a common one. */
export const changePasswordRequest = z.object({ current_password: currentPasswordField, password: newPasswordField });
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

/** POST /api/change-email: the new sign-in e-mail, normalised like every other. */
export const changeEmailRequest = z.object({ current_password: currentPasswordField, email: emailField });
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;

/** Multipart text fields of POST /api/store-business-detail (the logo is the file part `logo`). */
export const storeBusinessDetailFields = z.object({
  business_name: optionalText(160, 'Business name'),
  agent_name: optionalText(120, 'Agent name'),
  license_number: optionalText(64, 'Licence number'),
  phone: phoneField.optional().transform((v) => v ?? ''),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, EMAIL_INVALID_MESSAGE)
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL_INVALID_MESSAGE)
    .optional()
    .transform((v) => v ?? ''),
  website: optionalText(300, 'Website').refine((v) => v === '' || isWebsiteAddress(v), WEBSITE_INVALID_MESSAGE),
  address: optionalText(300, 'Address'),
  /** Personal details edited on the same screen; absent means unchanged. */
  name: personNameField.optional(),
  user_phone: phoneField.optional(),
  /** '1' removes the stored logo. */
  remove_logo: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type StoreBusinessDetailFields = z.input<typeof storeBusinessDetailFields>;

export const accountUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  /** data: URL of the re-encoded picture, or null for the default image. */
  profile_image: z.string().nullable(),
  report_count: z.number().int(),
  created_at: z.string(),
});
export type AccountUser = z.infer<typeof accountUser>;

export const businessDetails = z.object({
  business_name: z.string(),
  agent_name: z.string(),
  license_number: z.string(),
  phone: z.string(),
  email: z.string(),
  website: z.string(),
  address: z.string(),
  /** data: URL (PNG or JPEG, usable in the PDF report as businessImages), or null. */
  logo: z.string().nullable(),
  updated_at: z.string(),
});
export type BusinessDetails = z.infer<typeof businessDetails>;

/** The subscriptions row joined with its plan (written by the billing module), or null. */
export const accountSubscription = z.object({
  id: z.string(),
  plan_id: z.number().int(),
  plan_title: z.string(),
  plan_amount: z.number(),
  plan_interval: z.string(),
  status: z.string(),
  is_subscribed: z.union([z.literal(0), z.literal(1)]),
  trial_end: z.string().nullable(),
  current_period_end: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  card_exp_month: z.number().int().nullable(),
  card_exp_year: z.number().int().nullable(),
});
export type AccountSubscription = z.infer<typeof accountSubscription>;

export const subscribedFlag = z.union([z.literal(0), z.literal(1)]);

export const registerResponse = envelope(z.object({ token: z.string(), is_subscribed: z.literal(0) }));
export const loginResponse = envelope(z.object({ token: z.string(), is_subscribed: subscribedFlag, user: accountUser }));
export type LoginResult = z.infer<typeof loginResponse>['data'];
export const userDetails = z.object({ user: accountUser, business: businessDetails.nullable(), subscription: accountSubscription.nullable() });
export type UserDetails = z.infer<typeof userDetails>;
export const userDetailsResponse = envelope(userDetails);
export const profilePicResponse = envelope(z.object({ profile_image: z.string() }));
export const storeBusinessDetailResponse = envelope(z.object({ user: accountUser, business: businessDetails }));
export const accountsMessageResponse = envelope(z.null());
export const changeEmailResponse = envelope(z.object({ user: accountUser }));

/** POST /api/delete-account (issue 30): the account's password confirms the deletion. */
export const DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE = 'The password is not correct.';
export const DELETE_ACCOUNT_DONE_MESSAGE = 'Your account and everything in it have been deleted.';
export const deleteAccountRequest = z.object({
  password: z.string({ error: PASSWORD_REQUIRED_MESSAGE }).min(1, PASSWORD_REQUIRED_MESSAGE).max(1024, DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;
export const deleteAccountResponse = envelope(z.object({ deleted: z.literal(true) }));
