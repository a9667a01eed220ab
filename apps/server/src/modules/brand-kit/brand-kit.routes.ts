import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_IMAGE_MAX_BYTES, ACCOUNT_IMAGE_TOO_LARGE_MESSAGE, brandKitResponse, storeBrandKitFields, storeDefaultPagesRequest } from '@cma/contracts';
import { ok } from '../../http/envelope';
import { authenticate, currentUserId, requireSubscriber } from '../../http/auth';
import { ValidationError } from '../../http/errors';
import { readCappedUploadForm, readUploadedFile } from '../../http/uploads';
import type { BrandKitService } from './brand-kit.service';

export const brandKitRoutes: FastifyPluginAsyncZod<{ brandKit: BrandKitService }> = async (app, { brandKit: service }) => {
  const tags = ['brand-kit'];

  app.get(
    '/api/brand-kit',
    { schema: { tags, summary: "The agent's brand kit: colour, tagline, bio, cover letter template, brokerage logo, default pages", security: [{ bearer: [] }], response: { 200: brandKitResponse } }, preHandler: authenticate },
    async (request) => ok(await service.get(currentUserId(request))),
  );

  app.post(
    '/api/brand-kit',
    {
      schema: {
        tags,
        summary: 'Save the brand kit (multipart; file part `brokerage_logo`, PNG/JPEG/WebP up to 5 MB, re-encoded); fields left out stay',
        security: [{ bearer: [] }],
        response: { 200: brandKitResponse },
      },
      preHandler: authenticate,
    },
    async (request) => {
      const form = await readCappedUploadForm(request, {
        fileFields: new Set(['brokerage_logo']),
        errorField: 'brokerage_logo',
        maxFileBytes: ACCOUNT_IMAGE_MAX_BYTES,
        tooLargeMessage: ACCOUNT_IMAGE_TOO_LARGE_MESSAGE,
      });
      const file = form.files.at(-1);
      const { remove_brokerage_logo, ...fields } = ValidationError.parse(storeBrandKitFields, form.fields);
      const kit = await service.store(currentUserId(request), fields, {
        bytes: file ? await readUploadedFile(file) : undefined,
        remove: remove_brokerage_logo === '1' || remove_brokerage_logo === 'true',
      });
      return ok(kit, 'Brand kit saved.');
    },
  );

  app.put(
    '/api/report-default-pages',
    {
      onRequest: requireSubscriber,
      schema: { tags, summary: 'The page choice every new report starts from ("Save as my default" on /report)', security: [{ bearer: [] }], body: storeDefaultPagesRequest, response: { 200: brandKitResponse } },
    },
    async (request) => ok(await service.storeDefaultPages(currentUserId(request), request.body.pages), 'These pages are now your default for new reports.'),
  );
};
