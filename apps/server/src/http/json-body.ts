import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that a DELETE sent with
 * `Content-Type: application/json` and no body is taken as having none: many HTTP clients set the header on every call.
 */
export function acceptEmptyJsonOnDelete(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.method === 'DELETE' && (body as string).trim() === '') return done(null, undefined);
    parseJson(request, body as string, done);
  });
}
