import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/healthz', { schema: { tags: ['system'], summary: 'Liveness' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { tags: ['system'], summary: 'Readiness: the database answers' } }, async (_request, reply) => {
    try {
      await app.ctx.database.ping();
      return { status: 'ready', database: app.ctx.database.kind };
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: app.ctx.database.kind });
    }
  });
  app.get('/api/config', { schema: { tags: ['system'], summary: 'Public client settings', response: { 200: publicConfigResponse } } }, async () => {
    const { config } = app.ctx;
    return ok({
      billing: config.billing,
      stripePublishableKey: config.stripe?.publishableKey ?? null,
      mapTileUrl: config.mapTileUrl,
      mapAttribution: config.mapAttribution,
      sentryDsn: config.sentryDsn,
      company: await app.ctx.content.companyContact(),
    });
  });
};
