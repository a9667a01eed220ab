import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getHistoryEntryResponse, getHistoryQuery, getHistoryResponse, historyEntryParams, postHistoryRequest, postHistoryResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { createHistoryRepository } from './history.repository';
import { createHistoryService } from './history.service';

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createHistoryService(createHistoryRepository(app.ctx.database), app.ctx.now, app.ctx.config.publicUrl);
  const tags = ['history'];

  app.post(
    '/api/post-history',
    {
      preHandler: requireSubscriber,
      schema: { tags, summary: 'Save a report (same report id → the entry is updated)', body: postHistoryRequest, response: { 200: postHistoryResponse } },
    },
    async (request) => {
      const saved = await service.save(currentUserId(request), request.body.address, request.body.state);
      return ok(saved, saved.created ? 'Report saved to history' : 'Report updated in history');
    },
  );

  app.get(
    '/api/get-history',
    { preHandler: requireSubscriber, schema: { tags, summary: "The user's saved reports, newest first, 10 a page (fields=summary: without their states)", querystring: getHistoryQuery, response: { 200: getHistoryResponse } } },
    async (request) => ok(await service.page(currentUserId(request), request.query.page, request.query.fields)),
  );

  app.get(
    '/api/get-history/:id',
    { preHandler: requireSubscriber, schema: { tags, summary: 'One saved report, whole (to restore it)', params: historyEntryParams, response: { 200: getHistoryEntryResponse } } },
    async (request) => ok(await service.entry(currentUserId(request), request.params.id)),
  );
};
