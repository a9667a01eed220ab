import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_IMAGE_MAX_BYTES,
  ACCOUNT_IMAGE_TOO_LARGE_MESSAGE,
  LOGGED_OUT_MESSAGE,
  PASSWORD_RESET_DONE_MESSAGE,
  RESET_LINK_SENT_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  EMAIL_CHANGED_MESSAGE,
  accountsMessageResponse,
  changeEmailRequest,
  changeEmailResponse,
  changePasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  profilePicResponse,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  storeBusinessDetailFields,
  storeBusinessDetailResponse,
  userDetailsResponse,
  verifyDataRequest,
} from '@cma/contracts';
import { ok } from '../../http/envelope';
import { authenticate, currentUserId } from '../../http/auth';
import { rateLimit } from '../../http/rate-limit';
import { ValidationError } from '../../http/errors';
import { readCappedUploadForm, readUploadedFile } from '../../http/uploads';
import { hashToken } from '../auth/auth.service';
import type { AccountsService } from './accounts.service';

const MINUTE = 60_000;
/** Per client IP and per account; counters live in the database so every instance shares them. */
export const ACCOUNT_RATE_LIMITS = {
  login: { limit: 100, windowMs: 15 * MINUTE },
  register: { limit: 100, windowMs: 60 * MINUTE },
  registerPerAccount: { limit: 10, windowMs: 60 * MINUTE },
  verifyData: { limit: 120, windowMs: 15 * MINUTE },
  forgot: { limit: 20, windowMs: 15 * MINUTE },
  forgotPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  reset: { limit: 20, windowMs: 15 * MINUTE },
  /** Changing the password or sign-in e-mail checks the current password: a stolen session may not guess it freely. */
  confirmPerAccount: { limit: 10, windowMs: 15 * MINUTE },
} as const;

const sessionUser = (request: FastifyRequest) => (request.auth ? [`user:${request.auth.userId}`] : []);

const bodyEmail = (request: FastifyRequest) => {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? [`account:${email}`] : [];
};

/** Reads a multipart form (or a JSON body) into text fields and the last file of each field; an oversized file is a 422. */
async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; files: Record<string, Buffer> }> {
  const form = await readCappedUploadForm(request, { errorField: (partField) => partField ?? 'image', maxFileBytes: ACCOUNT_IMAGE_MAX_BYTES, tooLargeMessage: ACCOUNT_IMAGE_TOO_LARGE_MESSAGE });
  const files: Record<string, Buffer> = {};
  for (const file of form.files) files[file.field] = await readUploadedFile(file);
  return { fields: form.fields, files };
}

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const tags = ['accounts'];
  const L = ACCOUNT_RATE_LIMITS;

  app.post(
    '/api/verify-data',
    {
      schema: { tags, summary: '200 when the e-mail is free, 422 data.email when taken', body: verifyDataRequest, response: { 200: accountsMessageResponse } },
      preHandler: rateLimit({ name: 'verify-data', ...L.verifyData }),
    },
    async (request) => {
      await accounts.assertEmailFree(request.body.email);
      return ok(null, 'The email is available.');
    },
  );

  app.post(
    '/api/register',
    {
      schema: { tags, summary: 'Create an account and sign in', body: registerRequest, response: { 200: registerResponse } },
      preHandler: [rateLimit({ name: 'register', ...L.register }), rateLimit({ name: 'register', ...L.registerPerAccount, perIp: false, extraKeys: bodyEmail })],
    },
    async (request) => ok(await accounts.register(request.body), 'Registered successfully.'),
  );

  app.post(
    '/api/login',
    {
      schema: { tags, summary: 'Sign in (no token)', body: loginRequest, response: { 200: loginResponse } },
      // Per address only: a per-account limit would let anyone lock the owner out (throttling per account and address is in the service).
      preHandler: rateLimit({ name: 'login', ...L.login }),
    },
    async (request) => ok(await accounts.login(request.body, request.ip), 'Logged in successfully.'),
  );

  app.get(
    '/api/logout',
    { schema: { tags, summary: 'End this session', security: [{ bearer: [] }], response: { 200: accountsMessageResponse } }, preHandler: authenticate },
    async (request) => {
      await app.ctx.auth.endSession(request.auth!);
      return ok(null, LOGGED_OUT_MESSAGE);
    },
  );

  app.post(
    '/api/forgot-password',
    {
      schema: { tags, summary: 'E-mail a reset link (same answer whether or not the account exists)', body: forgotPasswordRequest, response: { 200: accountsMessageResponse } },
      preHandler: [rateLimit({ name: 'forgot', ...L.forgot }), rateLimit({ name: 'forgot', ...L.forgotPerAccount, perIp: false, extraKeys: bodyEmail })],
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.email);
      return ok(null, RESET_LINK_SENT_MESSAGE);
    },
  );

  app.post(
    '/api/reset-password',
    {
      schema: { tags, summary: 'Set a new password with the e-mailed token (single use, 1 hour)', body: resetPasswordRequest, response: { 200: accountsMessageResponse } },
      preHandler: rateLimit({
        name: 'reset',
        ...L.reset,
        extraKeys: (request) => {
          const token = (request.body as { token?: unknown } | undefined)?.token;
          return typeof token === 'string' ? [`token:${hashToken(token).slice(0, 32)}`] : [];
        },
      }),
    },
    async (request) => {
      await accounts.resetPassword(request.body.token, request.body.password);
      return ok(null, PASSWORD_RESET_DONE_MESSAGE);
    },
  );

  app.get(
    '/api/user-details',
    { schema: { tags, summary: 'The signed-in user, business details and subscription', security: [{ bearer: [] }], response: { 200: userDetailsResponse } }, preHandler: authenticate },
    async (request) => ok(await accounts.userDetails(currentUserId(request), request.auth!.subscribed)),
  );

  app.post(
    '/api/change-password',
    {
      schema: {
        tags,
        summary: 'Change the password (current password required); ends every other session',
        security: [{ bearer: [] }],
        body: changePasswordRequest,
        response: { 200: accountsMessageResponse },
      },
      preHandler: [authenticate, rateLimit({ name: 'confirm-password', ...L.confirmPerAccount, perIp: false, extraKeys: sessionUser })],
    },
    async (request) => {
      await accounts.changePassword(request.auth!, request.body);
      return ok(null, PASSWORD_CHANGED_MESSAGE);
    },
  );

  app.post(
    '/api/change-email',
    {
      schema: {
        tags,
        summary: 'Change the sign-in e-mail (current password required; normalised, unique); the old address is told',
        security: [{ bearer: [] }],
        body: changeEmailRequest,
        response: { 200: changeEmailResponse },
      },
      preHandler: [authenticate, rateLimit({ name: 'confirm-password', ...L.confirmPerAccount, perIp: false, extraKeys: sessionUser })],
    },
    async (request) => ok({ user: await accounts.changeEmail(currentUserId(request), request.body) }, EMAIL_CHANGED_MESSAGE),
  );

  app.post(
    '/api/upload-profile-pic',
    {
      schema: { tags, summary: 'Multipart image (PNG/JPEG/WebP, 5 MB); re-encoded without metadata', security: [{ bearer: [] }], response: { 200: profilePicResponse } },
      preHandler: authenticate,
    },
    async (request) => {
      const form = await readForm(request);
      const file = form.files.profile_pic ?? form.files.image ?? Object.values(form.files)[0];
      if (!file) throw new ValidationError({ profile_pic: ['Please choose an image to upload.'] });
      return ok(await accounts.uploadProfilePicture(currentUserId(request), file), 'Profile picture updated.');
    },
  );

  app.post(
    '/api/store-business-detail',
    {
      schema: {
        tags,
        summary: 'Business details for report branding (multipart; file part `logo`), plus optional name/user_phone',
        security: [{ bearer: [] }],
        response: { 200: storeBusinessDetailResponse },
      },
      preHandler: authenticate,
    },
    async (request) => {
      const form = await readForm(request);
      const { name, user_phone, remove_logo, ...fields } = ValidationError.parse(storeBusinessDetailFields, form.fields);
      const result = await accounts.storeBusinessDetails(currentUserId(request), {
        fields,
        name,
        userPhone: user_phone,
        logo: form.files.logo,
        removeLogo: remove_logo === '1' || remove_logo === 'true',
      });
      return ok(result, 'Business details saved.');
    },
  );
};
