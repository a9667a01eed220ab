import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DELETE_ACCOUNT_DONE_MESSAGE, deleteAccountRequest, deleteAccountResponse } from '@cma/contracts';
import { authenticate, currentUserId } from '../../http/auth';
import { ok } from '../../http/envelope';
import { rateLimit } from '../../http/rate-limit';
import type { AccountDataService } from './account-data.service';

export const accountDataRoutes: FastifyPluginAsyncZod<{ accountData: AccountDataService }> = async (app, { accountData }) => {
  const tags = ['accounts'];

  app.get('/api/account-export', { preHandler: authenticate, schema: { tags, summary: 'Everything the agent made, as one zip: each saved report\'s state and PDF, the brand kit, uploaded pages, the account' } }, async (request, reply) => {
    const day = app.ctx.now().toISOString().slice(0, 10);
    reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="cma-studio-export-${day}.zip"`).header('cache-control', 'private, no-store');
    return reply.send(await accountData.exportZip(currentUserId(request)));
  });

  app.post(
    '/api/delete-account',
    {
      preHandler: [authenticate, rateLimit({ name: 'delete-account', limit: 10, windowMs: 10 * 60 * 1000 })],
      schema: { tags, summary: 'Delete the account after confirming its password (422 on password): subscription cancelled, sessions ended, reports, pools, photos, brand kit, pages and links gone', body: deleteAccountRequest, response: { 200: deleteAccountResponse } },
    },
    async (request) => {
      await accountData.deleteAccount(currentUserId(request), request.body.password);
      return ok({ deleted: true as const }, DELETE_ACCOUNT_DONE_MESSAGE);
    },
  );
};
