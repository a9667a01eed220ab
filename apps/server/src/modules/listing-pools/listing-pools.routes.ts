import { Readable } from 'node:stream';
import type { FastifyRequest, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getListingPoolResponse, historyItemParams, LISTING_POOL_MAX_LISTING_BYTES, LISTING_POOL_MAX_LISTINGS, LISTING_POOL_MAX_UPLOAD_BYTES, putListingPoolResponse,
} from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import type { ListingPoolsService } from './listing-pools.service';

const GZIP = 'application/gzip';

export const listingPoolsRoutes: FastifyPluginAsyncZod<{ listingPools: ListingPoolsService }> = async (app, { listingPools: service }) => {
  const tags = ['history'];

  // The upload is never parsed here: its stream is handed to the service, which reads it in a worker thread as it
  // arrives (decision 3001). These parsers apply to this module's routes only (Fastify encapsulates them).
  const bodies = new WeakMap<FastifyRequest, Readable>();
  const keepStream = (request: FastifyRequest, payload: Readable, done: (error: Error | null, body?: unknown) => void) => {
    bodies.set(request, payload);
    done(null);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', keepStream);
  app.addContentTypeParser(GZIP, keepStream);

  app.put(
    '/api/history/:id/listings',
    {
      preHandler: requireSubscriber,
      schema: {
        tags,
        summary:
          `Save the report's whole listing pool with its history entry: { hash, listings } as gzipped JSON (Content-Type application/gzip) or plain JSON; ` +
          `at most ${LISTING_POOL_MAX_UPLOAD_BYTES / 1024 / 1024} MB sent (413 beyond), ${LISTING_POOL_MAX_LISTINGS.toLocaleString('en-US')} listings of at most ${LISTING_POOL_MAX_LISTING_BYTES / 1024} KB each (422 naming the first one past either). ` +
          "Read as it arrives; replaces the pool saved before; another agent's entry is not found (404).",
        params: historyItemParams,
        response: { 200: putListingPoolResponse },
      },
    },
    async (request, reply) => {
      const body = bodies.get(request);
      const declared = Number(request.headers['content-length']);
      try {
        const saved = await service.save(currentUserId(request), request.params.id, {
          body: body ?? Readable.from([]),
          gzipped: request.headers['content-type']?.startsWith(GZIP) ?? false,
          declaredBytes: Number.isFinite(declared) ? declared : undefined,
        });
        return ok(saved, 'Listings saved with the report');
      } catch (error) {
        // A refused upload is answered before its rest is read: the connection closes rather than take the rest.
        if (body && !body.readableEnded) reply.header('connection', 'close');
        throw error;
      }
    },
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
