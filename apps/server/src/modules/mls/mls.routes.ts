import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../http/errors';
import type { MlsService } from './mls.service';

/** An MLS photo's file does not change under its URL (a changed Media photo gets a new id): browsers and CDNs keep it a year. */
const PHOTO_CACHE = 'public, max-age=31536000, immutable';

export const mlsRoutes: FastifyPluginAsyncZod<{ mls: MlsService }> = async (app, { mls }) => {
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
