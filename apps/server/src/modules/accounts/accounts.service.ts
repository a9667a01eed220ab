import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import {
  COMMON_PASSWORD_MESSAGE,
  WEAK_PASSWORD_MESSAGE,
  CURRENT_PASSWORD_WRONG_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
  EMAIL_UNCHANGED_MESSAGE,
  PASSWORD_UNCHANGED_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  RESET_TOKEN_INVALID_MESSAGE,
  type AccountSubscription,
  type AccountUser,
  type BusinessDetails,
  type UserDetails,
} from '@cma/contracts';
import type { AppContext } from '../../context';
import { RateLimitedError, UnauthorizedError, ValidationError } from '../../http/errors';
import { hashToken } from '../auth/auth.service';
import { isCommonPassword, PASSWORD_MIN_SCORE, passwordScore } from './password-strength';
import { passwordResetEmail, signInDetailsChangedEmail } from '../mail/mail.templates';
import type { AuthenticatedSession } from '../auth/auth.service';
import { isUniqueViolation, type AccountsRepository, type BusinessFields, type BusinessRow, type SubscriptionRow, type UserRow } from './accounts.repository';
import { LOGO_MAX_SIDE, PROFILE_IMAGE_MAX_SIDE, processAccountImage, toDataUrl } from './account-images';
import { BoundedCache } from '../../shared/bounded-cache';

/**
 * Sign-in throttling per (e-mail, client address), decision 2001: the first FREE_LOGIN_FAILURES wrong passwords cost
 * nothing; each later one holds that pair back twice as long as the last, up to MAX_LOGIN_DELAY_MS. Another address
 * (the owner's phone, office) is not affected, and an unknown e-mail is throttled exactly like a real account.
 */
export const FREE_LOGIN_FAILURES = 5;
export const FIRST_LOGIN_DELAY_MS = 2_000;
export const MAX_LOGIN_DELAY_MS = 15 * 60 * 1000;
/** A pair with no wrong password for this long starts again from zero (and the prune job deletes it). */
export const LOGIN_FAILURES_FORGOTTEN_MS = 24 * 60 * 60 * 1000;

/** How long a pair waits after its nth wrong password in a row. */
export function loginDelayMs(failures: number): number {
  if (failures <= FREE_LOGIN_FAILURES) return 0;
  return Math.min(MAX_LOGIN_DELAY_MS, FIRST_LOGIN_DELAY_MS * 2 ** Math.min(30, failures - FREE_LOGIN_FAILURES - 1));
}
/** A new password on the common list, or one zxcvbn rates too easy to guess (with the account's name and e-mail as known words), is refused. */
function refuseWeakPassword(password: string, userInputs: string[]): void {
  if (isCommonPassword(password)) throw new ValidationError({ password: [COMMON_PASSWORD_MESSAGE] });
  if (passwordScore(password, userInputs) < PASSWORD_MIN_SCORE) throw new ValidationError({ password: [WEAK_PASSWORD_MESSAGE] });
}
const loginThrottleKey = (email: string, clientAddress: string) => hashToken(`${email.trim().toLowerCase()}|${clientAddress}`);
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): ~85 ms per hash on the shared 2-core dev machine.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** Verified against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;

/** Queue of forgot-password requests: the lookup runs after the answer, so timing never tells if an account exists. */
export const PASSWORD_RESET_QUEUE = 'accounts.password-reset';

export function createAccountsService(repository: AccountsRepository, ctx: Pick<AppContext, 'auth' | 'mail' | 'storage' | 'now' | 'config' | 'jobs'>) {
  const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

  /**
   * Creates a reset token and e-mails its link when the account exists; nothing otherwise. The link is delivered
   * directly (not as a persisted mail job) so the token never rests in clear in the database; this job's payload
   * is only the e-mail, and a failed delivery drops its token and retries with a new one.
   */
  async function sendResetLink(email: string): Promise<void> {
    const user = await repository.findUserByEmail(email);
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const now = ctx.now();
    await repository.insertResetToken(user.id, tokenHash, new Date(now.getTime() + RESET_TOKEN_TTL_MS), now);
    const link = `${ctx.config.publicUrl}/reset-password/${token}`;
    try {
      await ctx.mail.deliverNow({ to: user.email, ...passwordResetEmail({ name: user.name, link, validMinutes: RESET_TOKEN_TTL_MS / 60_000 }) });
    } catch (error) {
      await repository.deleteResetToken(tokenHash);
      throw error;
    }
  }
  ctx.jobs.register(PASSWORD_RESET_QUEUE, async (payload: { email: string }) => sendResetLink(payload.email));

  // Image keys are never reused (each upload gets a new random key), so a key's data URL can be kept.
  const dataUrls = new BoundedCache<string, string>(8 * 1024 * 1024, (url) => url.length);
  async function imageDataUrl(key: string | null): Promise<string | null> {
    if (!key) return null;
    const cached = dataUrls.get(key);
    if (cached) return cached;
    const body = await ctx.storage.get(key);
    if (!body) return null;
    const url = toDataUrl(key, body);
    dataUrls.set(key, url);
    return url;
  }

  async function toAccountUser(user: UserRow): Promise<AccountUser> {
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      phone: user.phone,
      profile_image: await imageDataUrl(user.profile_image_key),
      report_count: user.report_count,
      created_at: new Date(user.created_at).toISOString(),
    };
  }

  async function toBusiness(row: BusinessRow): Promise<BusinessDetails> {
    const { logo_key, updated_at, ...fields } = row;
    return { ...fields, logo: await imageDataUrl(logo_key), updated_at: new Date(updated_at).toISOString() };
  }

  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  function toSubscription(row: SubscriptionRow, subscribed: boolean): AccountSubscription {
    return {
      id: row.id,
      plan_id: row.plan_id,
      plan_title: row.plan_title,
      plan_amount: row.plan_amount_cents / 100,
      plan_interval: row.plan_interval,
      status: row.status,
      is_subscribed: subscribed ? 1 : 0,
      trial_end: iso(row.trial_end),
      current_period_end: iso(row.current_period_end),
      cancel_at_period_end: row.cancel_at_period_end,
      card_brand: row.card_brand,
      card_last4: row.card_last4,
      card_exp_month: row.card_exp_month,
      card_exp_year: row.card_exp_year,
    };
  }

  async function requireUser(userId: string): Promise<UserRow> {
    const user = await repository.findUserById(userId);
    if (!user) throw new UnauthorizedError(); // the session outlived its account
    return user;
  }

  /** The signed-in user, once the password they typed to confirm a change matches. */
  async function confirmPassword(userId: string, currentPassword: string): Promise<UserRow> {
    const user = await requireUser(userId);
    if (!(await verify(user.password_hash, currentPassword).catch(() => false))) {
      throw new ValidationError({ current_password: [CURRENT_PASSWORD_WRONG_MESSAGE] });
    }
    return user;
  }

  return {
    /** True when `password` is the account's (for a confirmation such as deleting the account). */
    async passwordMatches(userId: string, password: string): Promise<boolean> {
      const user = await requireUser(userId);
      return verify(user.password_hash, password).catch(() => false);
    },

    async assertEmailFree(email: string): Promise<void> {
      if (await repository.emailExists(email)) throw new ValidationError({ email: [EMAIL_TAKEN_MESSAGE] });
    },

    async register(input: { name: string; email: string; password: string; phone?: string }): Promise<{ token: string; is_subscribed: 0 }> {
      await this.assertEmailFree(input.email);
      refuseWeakPassword(input.password, [input.email, input.name]);
      const passwordHash = await hashPassword(input.password);
      let user: UserRow;
      try {
        user = await repository.insertUser({ email: input.email, name: input.name, phone: input.phone || null, passwordHash, now: ctx.now() });
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN_MESSAGE] });
        throw error;
      }
      return { token: await ctx.auth.startSession(user.id), is_subscribed: 0 };
    },

    async login(input: { email: string; password: string }, clientAddress: string): Promise<{ token: string; is_subscribed: 0 | 1; user: AccountUser }> {
      const throttleKey = loginThrottleKey(input.email, clientAddress);
      const now = ctx.now();
      const blockedUntil = await repository.loginBlockedUntil(throttleKey, now);
      if (blockedUntil) throw new RateLimitedError((blockedUntil.getTime() - now.getTime()) / 1000);
      const user = await repository.findUserByEmail(input.email);
      // An unknown e-mail costs one verification too, so neither the answer nor its timing tells an account exists.
      const matches = await verify(user?.password_hash ?? (await (decoyHash ??= hashPassword(randomBytes(16).toString('hex')))), input.password).catch(() => false);
      if (!user || !matches) {
        const failures = await repository.recordLoginFailure(throttleKey, now, new Date(now.getTime() - LOGIN_FAILURES_FORGOTTEN_MS));
        const delay = loginDelayMs(failures);
        if (delay > 0) await repository.blockLogin(throttleKey, new Date(now.getTime() + delay));
        throw new ValidationError({ email: [INVALID_CREDENTIALS_MESSAGE] });
      }
      await repository.clearLoginFailures(throttleKey);
      const token = await ctx.auth.startSession(user.id);
      const subscribed = await ctx.auth.isSubscribed(user.id);
      return { token, is_subscribed: subscribed ? 1 : 0, user: await toAccountUser(user) };
    },

    /** Queues the reset link (persisted before the caller answers); the caller answers the same either way. */
    async requestPasswordReset(email: string): Promise<void> {
      await ctx.jobs.enqueue(PASSWORD_RESET_QUEUE, { email }, { maxAttempts: 10 });
    },

    /** Single use: the token is consumed, the password replaced and every session of the user ended, all or nothing. */
    async resetPassword(token: string, password: string): Promise<void> {
      refuseWeakPassword(password, []); // whose account is known only once the token is
      const passwordHash = await hashPassword(password);
      const now = ctx.now();
      const userId = await repository.transaction(async (tx) => {
        const owner = await repository.consumeResetToken(hashToken(token), now, tx);
        if (!owner) return undefined;
        await repository.setPassword(owner, passwordHash, now, tx);
        return owner;
      });
      if (!userId) throw new ValidationError({ token: [RESET_TOKEN_INVALID_MESSAGE] });
      await ctx.auth.endAllSessions(userId);
    },

    /** Needs the current password; the new one follows the rules, is not common, and ends every other session. */
    async changePassword(session: AuthenticatedSession, input: { current_password: string; password: string }): Promise<void> {
      const user = await confirmPassword(session.userId, input.current_password);
      if (input.password === input.current_password) throw new ValidationError({ password: [PASSWORD_UNCHANGED_MESSAGE] });
      refuseWeakPassword(input.password, [user.email, user.name]);
      await repository.setPassword(user.id, await hashPassword(input.password), ctx.now());
      await ctx.auth.endOtherSessions(session);
      await ctx.mail.send({
        to: user.email,
        ...signInDetailsChangedEmail({ name: user.name, change: 'password', resetUrl: `${ctx.config.publicUrl}/forgot-password` }),
      });
    },

    /** Needs the current password; the new e-mail (normalised by the contract) must be free. The old address is told. */
    async changeEmail(userId: string, input: { current_password: string; email: string }): Promise<AccountUser> {
      const user = await confirmPassword(userId, input.current_password);
      if (input.email === user.email) throw new ValidationError({ email: [EMAIL_UNCHANGED_MESSAGE] });
      await this.assertEmailFree(input.email);
      try {
        await repository.setEmail(userId, input.email, ctx.now());
      } catch (error) {
        if (isUniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN_MESSAGE] });
        throw error;
      }
      await ctx.mail.send({
        to: user.email,
        ...signInDetailsChangedEmail({ name: user.name, change: 'email', newEmail: input.email, resetUrl: `${ctx.config.publicUrl}/forgot-password` }),
      });
      return toAccountUser(await requireUser(userId));
    },

    /** `subscribed` comes from the request's session lookup, made moments before in the same request. */
    async userDetails(userId: string, subscribed: boolean): Promise<UserDetails> {
      const found = await repository.findUserWithDetails(userId);
      if (!found) throw new UnauthorizedError(); // the session outlived its account
      const [user, business] = await Promise.all([toAccountUser(found.user), found.business ? toBusiness(found.business) : null]);
      return { user, business, subscription: found.subscription ? toSubscription(found.subscription, subscribed) : null };
    },

    async uploadProfilePicture(userId: string, bytes: Buffer): Promise<{ profile_image: string }> {
      await requireUser(userId);
      const image = await processAccountImage('profile_pic', bytes, PROFILE_IMAGE_MAX_SIDE);
      const key = `profile/${userId}/${randomBytes(8).toString('hex')}.${image.extension}`;
      await ctx.storage.put(key, image.body, image.contentType);
      const previous = await repository.setProfileImageKey(userId, key, ctx.now());
      if (previous && previous !== key) await ctx.storage.delete(previous);
      return { profile_image: toDataUrl(key, image.body) };
    },

    async storeBusinessDetails(
      userId: string,
      input: { fields: BusinessFields; name?: string; userPhone?: string; logo?: Buffer; removeLogo: boolean },
    ): Promise<{ user: AccountUser; business: BusinessDetails }> {
      await requireUser(userId);
      const previous = await repository.findBusiness(userId);
      let logoKey: string | null | undefined;
      if (input.logo) {
        const image = await processAccountImage('logo', input.logo, LOGO_MAX_SIDE);
        logoKey = `logo/${userId}/${randomBytes(8).toString('hex')}.${image.extension}`;
        await ctx.storage.put(logoKey, image.body, image.contentType);
      } else if (input.removeLogo) {
        logoKey = null;
      }
      const now = ctx.now();
      await repository.transaction(async (tx) => {
        await repository.upsertBusiness(userId, input.fields, logoKey, now, tx);
        if (input.name !== undefined || input.userPhone !== undefined) {
          await repository.updatePersonalDetails(userId, { name: input.name, phone: input.userPhone === undefined ? undefined : input.userPhone || null }, now, tx);
        }
      });
      if (logoKey !== undefined && previous?.logo_key && previous.logo_key !== logoKey) await ctx.storage.delete(previous.logo_key);
      const [user, business] = await Promise.all([requireUser(userId), repository.findBusiness(userId)]);
      return { user: await toAccountUser(user), business: await toBusiness(business!) };
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
