import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addMlsMembershipRequest, addMlsMembershipResponse, deleteMlsMembershipResponse, mlsMembershipParams, mlsMembershipsResponse,
} from '@cma/contracts';
import { authenticate, currentUserId } from '../../http/auth';
import { ok } from '../../http/envelope';
import { NotFoundError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import type { MembershipService } from './mls-membership.service';
import type { MlsService } from './mls.service';

/** Membership checks per account: enough to correct a typo, too few to walk an MLS's member ids. */
export const MLS_MEMBERSHIP_RATE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };

/** An MLS photo's file does not change under its URL (a changed Media photo gets a new id): browsers and CDNs keep it a year. */
const PHOTO_CACHE = 'public, max-age=31536000, immutable';

export const mlsRoutes: FastifyPluginAsyncZod<{ mls: MlsService; memberships: MembershipService }> = async (app, { mls, memberships }) => {
  const tags = ['mls'];

  app.get(
    '/api/mls-membership',
    { preHandler: authenticate, schema: { tags, security: [{ bearer: [] }], summary: 'Your MLS memberships, and the MLSs there are to join', response: { 200: mlsMembershipsResponse } } },
    async (request) => ok(await memberships.list(currentUserId(request))),
  );

  app.post(
    '/api/mls-membership',
    {
      preHandler: [authenticate, rateLimit({ name: 'mls-membership', ...MLS_MEMBERSHIP_RATE_LIMIT, extraKeys: (request) => [`user:${request.auth?.userId ?? ''}`] })],
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Join an MLS as its member: 200 when the MLS's Member resource has an active member with this MemberMlsId (or the operator approved it), 422 on the field otherwise",
        body: addMlsMembershipRequest,
        response: { 200: addMlsMembershipResponse },
      },
    },
    async (request) => ok(await memberships.add(currentUserId(request), request.body), 'MLS membership added'),
  );

  app.delete(
    '/api/mls-membership/:mls',
    {
      preHandler: authenticate,
      schema: { tags, security: [{ bearer: [] }], summary: "Leave an MLS: its listings are no longer shown to you", params: mlsMembershipParams, response: { 200: deleteMlsMembershipResponse } },
    },
    async (request) => {
      await memberships.remove(currentUserId(request), request.params.mls);
      return ok({ mls: request.params.mls }, 'MLS membership removed');
    },
  );

  // An <img> sends no token: the URL itself is the permission, signed by the server and handed only to the MLS's members.
  app.get(
    '/api/mls-photos/:photoId/:signature/:file',
    {
      schema: {
        tags: ['listings'],
        summary: "An MLS listing photo stored by us (thumb.jpg or report.jpg), by the signed URL a listing search gave a member of the listing's MLS",
        params: z.object({ photoId: z.uuid(), signature: z.string().regex(/^[\w-]{32}$/), file: z.enum(['thumb.jpg', 'report.jpg']) }),
      },
    },
    async (request, reply) => {
      const { photoId, signature, file } = request.params;
      if (!(await mls.photoUrls.verify(photoId, signature))) throw new NotFoundError('Photo not found');
      const key = await mls.repository.photoFile(photoId, file === 'thumb.jpg' ? 'thumb' : 'report');
      const bytes = key ? await app.ctx.storage.get(key) : undefined;
      if (!bytes) throw new NotFoundError('Photo not found');
      return reply.type('image/jpeg').header('cache-control', PHOTO_CACHE).header('x-content-type-options', 'nosniff').send(bytes);
    },
  );
};
