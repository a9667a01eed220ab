import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  CONTACT_IMAGE_TOO_LARGE_MESSAGE, CONTACT_SUCCESS_MESSAGE, CONTACT_TOO_MANY_IMAGES, DEMO_SUCCESS_MESSAGE, contactUsRequest, contactUsResponse,
  requestDemoRequest, requestDemoResponse,
} from '@cma/contracts';
import { ok } from '../../http/envelope';
import { rateLimit } from '../../http/rate-limit';
import { ValidationError, fieldErrors } from '../../http/errors';
import { attachmentProblems, type ContactService } from './contact.service';
import { readUploadForm } from '../../http/uploads';

const HOUR_MS = 60 * 60 * 1000;
/** Per IP and hour: enough for a real visitor who retries, too few for a spam run. */
export const CONTACT_RATE_LIMIT = 5;
export const DEMO_RATE_LIMIT = 5;

const ATTACHMENT_FIELDS = new Set(['email_attachment[]', 'email_attachment']);

/** Reads the multipart text fields and the attachment files; other parts are ignored. */
function readContactParts(request: FastifyRequest) {
  return readUploadForm(request, {
    fileFields: ATTACHMENT_FIELDS,
    errorField: 'email_attachment',
    limitMessage: (code) =>
      code === 'FST_FILES_LIMIT' ? CONTACT_TOO_MANY_IMAGES : code === 'FST_REQ_FILE_TOO_LARGE' ? CONTACT_IMAGE_TOO_LARGE_MESSAGE : undefined,
  });
}

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact: service }) => {
  const tags = ['contact'];

  app.post(
    '/api/contact-us',
    {
      onRequest: rateLimit({ name: 'contact-us', limit: CONTACT_RATE_LIMIT, windowMs: HOUR_MS }),
      schema: {
        tags,
        summary: 'Contact Us (multipart: name, email, subject, description, mobile_number digits, email_attachment[] ≤ 8 png/jpeg ≤ 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: contactUsResponse },
      },
    },
    async (request) => {
      const { fields, files } = await readContactParts(request);
      const parsed = contactUsRequest.safeParse(fields);
      const errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
      const problems = attachmentProblems(files);
      if (problems.length > 0) errors.email_attachment = problems;
      if (!parsed.success || problems.length > 0) throw new ValidationError(errors);
      return ok(await service.submitContact(parsed.data, files, request.ip), CONTACT_SUCCESS_MESSAGE);
    },
  );

  app.post(
    '/api/request-demo',
    {
      onRequest: rateLimit({ name: 'request-demo', limit: DEMO_RATE_LIMIT, windowMs: HOUR_MS }),
      schema: { tags, summary: 'Request a demo (name, email, phone digits, brokerage, preferred_time, message)', body: requestDemoRequest, response: { 200: requestDemoResponse } },
    },
    async (request) => ok(await service.requestDemo(request.body, request.ip), DEMO_SUCCESS_MESSAGE),
  );
};
