import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportLinkRequest,
  createReportLinkResponse,
  listReportLinksQuery,
  listReportLinksResponse,
  reportLinkParams,
  revokeReportLinkResponse,
  updateReportLinkRequest,
  updateReportLinkResponse,
} from '@cma/contracts';
import { renderLinkGonePage } from '@cma/report/live';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { RateLimitedError } from '../../http/errors';
import type { ReportLinksService } from './report-links.service';
import { deviceClassOf } from './device-class';

/** Requests to /r/ per client address per window: a page and its photos are about ten. */
export const LIVE_RATE_LIMIT = { limit: 300, windowMs: 5 * 60 * 1000 };

// The live page loads nothing but its own photos; no script runs, no form posts, no other site frames it.
const LIVE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const LIVE_HEADERS = {
  'content-security-policy': LIVE_CSP,
  'x-robots-tag': 'noindex, nofollow, noarchive',
  'referrer-policy': 'no-referrer',
};

const liveParams = z.object({ token: z.string().max(200) });
const photoParams = liveParams.extend({ index: z.coerce.number().int().min(0).max(1000) });

export const reportLinksRoutes: FastifyPluginAsyncZod<{ reportLinks: ReportLinksService }> = async (app, { reportLinks: service }) => {
  const tags = ['report-links'];

  app.post(
    '/api/report-links',
    { preHandler: requireSubscriber, schema: { tags, summary: 'Share a saved report: a new live link /r/<token> (90 days unless expires_in_days says)', body: createReportLinkRequest, response: { 200: createReportLinkResponse } } },
    async (request) => ok(await service.create(currentUserId(request), request.body.history_id, request.body.expires_in_days), 'Link created'),
  );

  app.get(
    '/api/report-links',
    { preHandler: requireSubscriber, schema: { tags, summary: "A saved report's live links, newest first, with their views", querystring: listReportLinksQuery, response: { 200: listReportLinksResponse } } },
    async (request) => ok(await service.list(currentUserId(request), request.query.history_id)),
  );

  app.delete(
    '/api/report-links/:token',
    { preHandler: requireSubscriber, schema: { tags, summary: 'Revoke a live link: /r/<token> answers 404 from now on', params: reportLinkParams, response: { 200: revokeReportLinkResponse } } },
    async (request) => ok(await service.revoke(currentUserId(request), request.params.token), 'Link revoked'),
  );

  app.patch(
    '/api/report-links/:token',
    { preHandler: requireSubscriber, schema: { tags, summary: 'Change when a live link expires (days from now)', params: reportLinkParams, body: updateReportLinkRequest, response: { 200: updateReportLinkResponse } } },
    async (request) => ok(await service.setExpiry(currentUserId(request), request.params.token, request.body.expires_in_days), 'Link updated'),
  );

  /** Counts the request against the client's address (kept only as a hash); false when it answered 429. */
  async function withinLimit(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const client = createHash('sha256').update(request.ip).digest('hex').slice(0, 32);
    try {
      await app.ctx.rateLimiter.hit([`live:${client}`], LIVE_RATE_LIMIT.limit, LIVE_RATE_LIMIT.windowMs);
      return true;
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      reply
        .status(429)
        .headers({ ...LIVE_HEADERS, 'cache-control': 'no-store', 'retry-after': String(Math.ceil(error.retryAfterSeconds)) })
        .type('text/html; charset=utf-8')
        .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head><body><p>Too many requests. Please try again in a few minutes.</p></body></html>');
      return false;
    }
  }

  const gone = (reply: FastifyReply) => reply.status(404).headers({ ...LIVE_HEADERS, 'cache-control': 'no-store' }).type('text/html; charset=utf-8').send(renderLinkGonePage());

  app.get(
    '/r/:token',
    { schema: { tags, summary: 'The live report page (HTML, no sign-in); 404 page when the link is unknown, expired or revoked', params: liveParams } },
    async (request, reply) => {
      // The page is looked up while the address is counted: one database round trip less before the first byte.
      const lookup = service.find(request.params.token);
      lookup.catch(() => undefined); // a refused request does not wait for it, and its failure is not unhandled
      if (!(await withinLimit(request, reply))) return reply;
      const opening = await lookup;
      if (opening === null) return gone(reply);
      // The view is written while the page goes out: the visitor never waits on the agent's bookkeeping.
      const device = deviceClassOf(request.headers['user-agent']);
      const recording = device && service.recordOpen(opening, device).catch((error: unknown) => request.log.error({ err: error }, 'a live page view was not recorded'));
      const page = opening.entry.page;
      reply.headers({ ...LIVE_HEADERS, 'cache-control': 'private, no-store', vary: 'accept-encoding' }).type('text/html; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) reply.header('content-encoding', 'br').send(page.br);
      else if (/\bgzip\b/.test(accepted)) reply.header('content-encoding', 'gzip').send(page.gzip);
      else reply.send(page.html);
      await recording;
      return reply;
    },
  );

  app.get('/r/:token/photos/:index', { schema: { hide: true, params: photoParams } }, async (request, reply) => {
    if (!(await withinLimit(request, reply))) return reply;
    const photo = await service.photo(request.params.token, request.params.index);
    if (!photo) return gone(reply);
    return reply.headers({ ...LIVE_HEADERS, 'cache-control': 'private, max-age=3600' }).type(photo.type).send(photo.bytes);
  });

  app.get('/r/:token/pdf', { schema: { hide: true, params: liveParams } }, async (request, reply) => {
    if (!(await withinLimit(request, reply))) return reply;
    const file = await service.pdf(request.params.token);
    if (!file) return gone(reply);
    return reply
      .headers({ ...LIVE_HEADERS, 'cache-control': 'private, no-store', 'content-disposition': `attachment; filename="${file.filename}"` })
      .type('application/pdf')
      .send(file.pdf);
  });
};
