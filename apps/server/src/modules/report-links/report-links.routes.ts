import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createReportLinkRequest,
  createReportLinkResponse,
  listReportLinksQuery,
  listReportLinksResponse,
  REPORT_LINK_CREATIONS_PER_HOUR,
  REPORT_LINK_MAX_LIVE,
  reportLinkCreationLimitMessage,
  reportLinkParams,
  revokeReportLinkResponse,
  updateReportLinkRequest,
  updateReportLinkResponse,
} from '@cma/contracts';
import { renderLinkGonePage } from '@cma/report/live';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { RateLimitedError } from '../../http/errors';
import { createBatchedRateLimit } from '../../http/rate-limit';
import { REPORT_LINK_CHANGE_CHANNEL, type ReportLinksService } from './report-links.service';
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

  /** Each agent may create REPORT_LINK_CREATIONS_PER_HOUR links an hour (issue 30: 400 links in 2 s, each its own render). */
  async function creationLimit(request: FastifyRequest): Promise<void> {
    try {
      await app.ctx.rateLimiter.hit([`report-link-create:user:${currentUserId(request)}`], REPORT_LINK_CREATIONS_PER_HOUR, 60 * 60 * 1000);
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      throw new RateLimitedError(error.retryAfterSeconds, reportLinkCreationLimitMessage(RateLimitedError.minutes(error.retryAfterSeconds)));
    }
  }

  app.post(
    '/api/report-links',
    { preHandler: [requireSubscriber, creationLimit], schema: { tags, summary: `Share a saved report: a new live link /r/<token> (90 days unless expires_in_days says); at most ${REPORT_LINK_MAX_LIVE} live links per report (422 on history_id beyond), ${REPORT_LINK_CREATIONS_PER_HOUR} new links an hour per agent (429 beyond)`, body: createReportLinkRequest, response: { 200: createReportLinkResponse } } },
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

  // Counted in memory on the request path and added to the shared counters in batches: no write before the page (decision 3002).
  const limit = createBatchedRateLimit(app.ctx.rateLimiter, {
    ...LIVE_RATE_LIMIT,
    now: app.ctx.now,
    onError: (error) => app.log.error({ err: error }, 'live page rate-limit counts were not saved'),
  });
  const stopWatching = app.ctx.database.listen(REPORT_LINK_CHANGE_CHANNEL, service.forgetChanged, service.setWatching);
  // Before the app's own close hook shuts the database (root onClose hooks run before a plugin's): the last counts and
  // views are written and the change notices are no longer listened to.
  app.addHook('preClose', async () => {
    await limit.close();
    await service.flushViews();
    await stopWatching();
  });

  /** Counts the request against the client's address (kept only as a hash); false when it answered 429. */
  function withinLimit(request: FastifyRequest, reply: FastifyReply): boolean {
    const client = createHash('sha256').update(request.ip).digest('hex').slice(0, 32);
    const retryAfter = limit.hit(`live:${client}`);
    if (retryAfter === null) return true;
    reply
      .status(429)
      .headers({ ...LIVE_HEADERS, 'cache-control': 'no-store', 'retry-after': String(Math.ceil(retryAfter)) })
      .type('text/html; charset=utf-8')
      .send('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head><body><p>Too many requests. Please try again in a few minutes.</p></body></html>');
    return false;
  }

  const gone = (reply: FastifyReply) => reply.status(404).headers({ ...LIVE_HEADERS, 'cache-control': 'no-store' }).type('text/html; charset=utf-8').send(renderLinkGonePage());

  app.get(
    '/r/:token',
    { schema: { tags, summary: 'The live report page (HTML, no sign-in); 404 page when the link is unknown, expired or revoked', params: liveParams } },
    async (request, reply) => {
      if (!withinLimit(request, reply)) return reply;
      const opening = await service.find(request.params.token);
      if (opening === null) return gone(reply);
      const page = opening.entry.page;
      reply.headers({ ...LIVE_HEADERS, 'cache-control': 'private, no-store', vary: 'accept-encoding' }).type('text/html; charset=utf-8');
      const accepted = String(request.headers['accept-encoding'] ?? '');
      if (/\bbr\b/.test(accepted)) reply.header('content-encoding', 'br').send(page.br);
      else if (/\bgzip\b/.test(accepted)) reply.header('content-encoding', 'gzip').send(page.gzip);
      else reply.send(page.html);
      // A person's opening is counted after the page went out, in a batch. A HEAD (link checkers), a bot or a link
      // preview is never a view (decision 3002).
      const userAgent = request.headers['user-agent'];
      const device = request.method === 'GET' ? deviceClassOf(userAgent) : null;
      if (device) service.recordOpen(opening, device, `${request.ip}\n${userAgent}`);
      return reply;
    },
  );

  app.get('/r/:token/photos/:index', { schema: { hide: true, params: photoParams } }, async (request, reply) => {
    if (!withinLimit(request, reply)) return reply;
    const photo = await service.photo(request.params.token, request.params.index);
    if (!photo) return gone(reply);
    return reply.headers({ ...LIVE_HEADERS, 'cache-control': 'private, max-age=3600' }).type(photo.type).send(photo.bytes);
  });

  app.get('/r/:token/pdf', { schema: { hide: true, params: liveParams } }, async (request, reply) => {
    if (!withinLimit(request, reply)) return reply;
    const file = await service.pdf(request.params.token);
    if (!file) return gone(reply);
    return reply
      .headers({ ...LIVE_HEADERS, 'cache-control': 'private, no-store', 'content-disposition': `attachment; filename="${file.filename}"` })
      .type('application/pdf')
      .send(file.pdf);
  });
};
