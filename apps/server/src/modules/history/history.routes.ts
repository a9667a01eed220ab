import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deleteHistoryResponse, getHistoryEntryResponse, getHistoryQuery, getHistoryResponse, historyEntryParams, historyItemParams, listHistoryQuery, listHistoryResponse,
  postHistoryRequest, postHistoryResponse, renameHistoryRequest, renameHistoryResponse, undoDeleteHistoryResponse,
} from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import type { HistoryService } from './history.service';

export const historyRoutes: FastifyPluginAsyncZod<{ history: HistoryService }> = async (app, { history: service }) => {
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

  // The history page (issue 18): search, summaries, sends and views, rename, delete with undo. Owner only: another
  // agent's id answers exactly like one that does not exist (404).
  app.get(
    '/api/history',
    {
      preHandler: requireSubscriber,
      schema: { tags, summary: "The agent's saved reports with client, value, range, sends and views, newest first, 20 a page; q searches address, client and name", querystring: listHistoryQuery, response: { 200: listHistoryResponse } },
    },
    async (request) => ok(await service.list(currentUserId(request), request.query)),
  );

  app.patch(
    '/api/history/:id',
    { preHandler: requireSubscriber, schema: { tags, summary: 'Rename a saved report (an empty name shows the address again)', params: historyItemParams, body: renameHistoryRequest, response: { 200: renameHistoryResponse } } },
    async (request) => ok(await service.rename(currentUserId(request), request.params.id, request.body.name), 'Report renamed'),
  );

  app.delete(
    '/api/history/:id',
    { preHandler: requireSubscriber, schema: { tags, summary: 'Delete a saved report: gone from history and its live links stop working; undo-delete brings it back for 2 minutes', params: historyItemParams, response: { 200: deleteHistoryResponse } } },
    async (request) => ok(await service.remove(currentUserId(request), request.params.id), 'Report deleted'),
  );

  app.post(
    '/api/history/:id/undo-delete',
    { preHandler: requireSubscriber, schema: { tags, summary: 'Undo a delete made in the last 2 minutes (the report and its links come back)', params: historyItemParams, response: { 200: undoDeleteHistoryResponse } } },
    async (request) => ok(await service.undoDelete(currentUserId(request), request.params.id), 'Report restored to history'),
  );
};
