import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CUSTOM_PAGE_MAX_BYTES, customPageFileResponse, customPageParams, customPageResponse, customPagesResponse, deleteCustomPageResponse } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { ValidationError } from '../../http/errors';
import { readCappedUploadForm, readUploadedFile } from '../../http/uploads';
import { CUSTOM_PAGE_TOO_LARGE_MESSAGE, type CustomPagesService } from './custom-pages.service';

export const customPagesRoutes: FastifyPluginAsyncZod<{ customPages: CustomPagesService }> = async (app, { customPages: service }) => {
  const tags = ['custom-pages'];
  const security = [{ bearer: [] }];

  app.get(
    '/api/custom-pages',
    { preHandler: requireSubscriber, schema: { tags, security, summary: "The agent's uploaded PDF pages (at most 5 pages in all)", response: { 200: customPagesResponse } } },
    async (request) => ok(await service.list(currentUserId(request))),
  );

  app.post(
    '/api/custom-pages',
    {
      preHandler: requireSubscriber,
      schema: { tags, security, summary: 'Upload a PDF (multipart file part `pdf`, optional `name`; at most 5 MB): checked by content and rewritten page by page', response: { 200: customPageResponse } },
    },
    async (request) => {
      const form = await readCappedUploadForm(request, { fileFields: new Set(['pdf']), errorField: 'pdf', maxFileBytes: CUSTOM_PAGE_MAX_BYTES, tooLargeMessage: CUSTOM_PAGE_TOO_LARGE_MESSAGE });
      const file = form.files.at(-1);
      if (!file) throw new ValidationError({ pdf: ['Please choose a PDF to upload.'] });
      const page = await service.upload(currentUserId(request), { bytes: await readUploadedFile(file), filename: file.filename }, form.fields.name);
      return ok(page, 'Page uploaded.');
    },
  );

  app.get(
    '/api/custom-pages/:id',
    { preHandler: requireSubscriber, schema: { tags, security, summary: 'One uploaded page with its file as a data URL (for the preview)', params: customPageParams, response: { 200: customPageFileResponse } } },
    async (request) => ok(await service.file(currentUserId(request), request.params.id)),
  );

  app.delete(
    '/api/custom-pages/:id',
    { preHandler: requireSubscriber, schema: { tags, security, summary: 'Delete an uploaded page (reports that placed it print without it)', params: customPageParams, response: { 200: deleteCustomPageResponse } } },
    async (request) => ok(await service.remove(currentUserId(request), request.params.id), 'Page deleted.'),
  );
};
