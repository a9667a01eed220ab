import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportMapRequest, reportMapResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { requireSubscriber } from '../../http/auth';
import { rateLimit } from '../../http/rate-limit';

export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/report-map',
    {
      // Each call may fetch tiles from the tile server: a per-user cap keeps us within its usage policy.
      preHandler: [requireSubscriber, rateLimit({ name: 'report-map', limit: 240, windowMs: 60 * 60 * 1000, extraKeys: (request) => (request.auth ? [`user:${request.auth.userId}`] : []) })],
      schema: { tags: ['report'], summary: "The street map behind the report's map page (null: draw the offline map)", body: reportMapRequest, response: { 200: reportMapResponse } },
    },
    async (request) => ok({ map: await app.ctx.maps.forPoints(request.body.points) }),
  );
};
