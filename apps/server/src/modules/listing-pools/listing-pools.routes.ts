import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getListingPoolResponse, historyItemParams, LISTING_POOL_MAX_JSON_BYTES, LISTING_POOL_MAX_UPLOAD_BYTES, LISTING_POOL_TOO_LARGE_MESSAGE,
  putListingPoolRequest, putListingPoolResponse,
} from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { AppError, ValidationError } from '../../http/errors';
import type { ListingPoolsService } from './listing-pools.service';

const gunzip = promisify(gunzipCallback);
const NOT_GZIPPED_JSON_MESSAGE = 'The listings must be sent as gzipped JSON.';

/** A gzipped JSON body, unpacked with a ceiling (a small body that inflates without end is refused while it inflates). */
async function parseGzippedJson(body: Buffer): Promise<unknown> {
  let text: string;
  try {
    text = (await gunzip(body, { maxOutputLength: LISTING_POOL_MAX_JSON_BYTES })).toString('utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new AppError(413, LISTING_POOL_TOO_LARGE_MESSAGE);
    throw new ValidationError({ body: [NOT_GZIPPED_JSON_MESSAGE] });
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError({ body: [NOT_GZIPPED_JSON_MESSAGE] });
  }
}

export const listingPoolsRoutes: FastifyPluginAsyncZod<{ listingPools: ListingPoolsService }> = async (app, { listingPools: service }) => {
  const tags = ['history'];

  app.addContentTypeParser('application/gzip', { parseAs: 'buffer', bodyLimit: LISTING_POOL_MAX_UPLOAD_BYTES }, (_request, body, done) => {
    parseGzippedJson(body as Buffer).then((parsed) => done(null, parsed), (error: Error) => done(error));
  });

  app.put(
    '/api/history/:id/listings',
    {
      preHandler: requireSubscriber,
      bodyLimit: LISTING_POOL_MAX_UPLOAD_BYTES,
      schema: {
        tags,
        summary: `Save the report's whole listing pool with its history entry (Content-Type application/gzip: gzipped JSON, or plain JSON; at most ${LISTING_POOL_MAX_UPLOAD_BYTES / 1024 / 1024} MB sent, 413 beyond). Replaces the pool saved before; another agent's entry is not found (404).`,
        params: historyItemParams,
        body: putListingPoolRequest,
        response: { 200: putListingPoolResponse },
      },
    },
    async (request) => ok(await service.save(currentUserId(request), request.params.id, request.body), 'Listings saved with the report'),
  );

  // The stored answer is sent as it is kept (gzipped bytes), so this route's reply is bytes rather than a typed object.
  app.withTypeProvider<FastifyTypeProviderDefault>().get<{ Params: { id: number } }>(
    '/api/history/:id/listings',
    {
      preHandler: requireSubscriber,
      schema: {
        tags,
        summary: "The listing pool saved with the history entry, gzip-encoded when the client accepts it; 404 when none was saved (restore then keeps the state's own listings).",
        params: historyItemParams,
        response: { 200: getListingPoolResponse },
      },
    },
    async (request, reply) => {
      const gzipped = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
      const answer = await service.load(currentUserId(request), request.params.id, { gzipped });
      reply.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'private, no-store').header('vary', 'accept-encoding');
      if (gzipped) reply.header('content-encoding', 'gzip');
      return reply.send(answer);
    },
  );
};
