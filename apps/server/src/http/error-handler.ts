import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitedError, ValidationError } from './errors';

// The one place that shapes error responses into the envelope of DESIGN.md §4.
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(Math.ceil(error.retryAfterSeconds)));
      return reply.status(error.httpStatus).send({ status_code: error.httpStatus, message: error.message, ...error.body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({ path: issue.instancePath.split('/').filter(Boolean), message: issue.message ?? 'Invalid value' }));
      const invalid = ValidationError.fromIssues(issues);
      return reply.status(422).send({ status_code: 422, message: invalid.message, ...invalid.body });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type.
      return reply.status(status).send({ status_code: status, message: clientMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ status_code: 500, message: 'Something went wrong.' });
  });
}

function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.message;
  }
}
