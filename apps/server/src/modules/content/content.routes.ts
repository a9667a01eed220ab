import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { faqListResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/faq-list', { schema: { tags: ['content'], summary: 'FAQ entries (no token)', response: { 200: faqListResponse } } }, async () =>
    ok(await app.ctx.content.faqList()),
  );
};
