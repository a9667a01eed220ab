import { existsSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { refuseNulCharacters } from './http/text-guard';
import { installUploadCleanup } from './http/uploads';
import { createDatabase, seedReferenceData, type Database } from '@cma/db';
import type { AppConfig } from './config';
import { createContext, type AppContext, type ContextOverrides } from './context';
import { installErrorHandler } from './http/error-handler';
import { acceptEmptyJsonOnDelete } from './http/json-body';
import { installSecurity, redactUrl } from './http/security';
import { checkResponsesAgainstContracts, responseSerializerCompiler } from './http/serializer';
import { authenticate, requireSubscriber } from './http/auth';
import { registerModuleRoutes } from './modules';
import { createServices } from './services';
import { AUTH_CHANGE_CHANNEL } from './modules/auth/auth.service';
import { startupTasks } from './startup';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Every route registered (method + url), for the authorization matrix test and the OpenAPI check. */
    registeredRoutes: { method: string; url: string }[];
  }
}

export interface BuildOptions extends ContextOverrides {
  /** Use this database instead of opening one from config (tests); the caller closes it. */
  database?: Database;
  /** pino options or false; defaults to JSON logs at config.logLevel. */
  logger?: boolean | { level: string };
  /** Start the background job poller (off in tests, which drain jobs explicitly). */
  runJobs?: boolean;
  /** Also check every response against its zod contract (tests): the serializer keeps declared fields but converts types. */
  checkResponses?: boolean;
}

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const BAD_URL_MESSAGE = 'The address is not valid.';

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors Fastify raises before routing (a badly encoded path, say) answer in the app's envelope too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.status(400).send({ status_code: 400, message: error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : 'The request is not valid.' });
    },
    logger: options.logger ?? {
      level: config.logLevel,
      // No secret or personal data in logs: no headers, masked tokens in URLs, no bodies.
      serializers: {
        req: (req) => ({ method: req.method, url: redactUrl(req.url), remoteAddress: req.ip }),
      },
      redact: { paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'], censor: '[redacted]' },
    },
    bodyLimit: 25 * 1024 * 1024, // a saved report state with embedded photos can be large
    trustProxy: config.trustProxy,
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined) ?? randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  if (options.checkResponses) checkResponsesAgainstContracts(app);
  installErrorHandler(app);
  acceptEmptyJsonOnDelete(app);
  refuseNulCharacters(app);
  installUploadCleanup(app);

  const ownsDatabase = !options.database;
  const database = options.database ?? (await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir }));
  if (ownsDatabase) await seedReferenceData(database);
  app.decorate('ctx', createContext(config, database, app.log, options));
  // Sessions cached by this instance are dropped when the database says a user's sessions or subscription changed.
  const stopWatchingAuth = database.listen(AUTH_CHANGE_CHANNEL, app.ctx.auth.forgetUser, app.ctx.auth.setWatching);
  const registeredRoutes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') registeredRoutes.push({ method, url: route.url });
    // Session guards run first (onRequest), before body parsing and validation: an anonymous caller gets 401, never a 422
    // that reveals the route's schema, and never gets to upload a body.
    const preHandlers = [route.preHandler ?? []].flat();
    const guards = preHandlers.filter((h) => h === authenticate || h === requireSubscriber);
    if (guards.length > 0) {
      route.preHandler = preHandlers.filter((h) => !guards.includes(h));
      route.onRequest = [...guards, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
    }
  });

  await installSecurity(app, config);
  // gzip/brotli for JSON and the SPA's text assets (the landing bundle shrinks about 3×).
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 12, fields: 50 } });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'CMA Studio API', version: '1.0.0' }, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  // The composition root: every service built once, handed to the route plugins that use it.
  const services = createServices(app.ctx);
  await registerModuleRoutes(app, services);
  serveWebApp(app, config.webDistDir);

  app.addHook('onReady', async () => {
    for (const task of startupTasks) await task(app.ctx, services);
    if (options.runJobs ?? true) app.ctx.jobs.start();
  });
  app.addHook('onClose', async () => {
    await app.ctx.jobs.stop();
    await app.ctx.pdfRenders.close();
    await app.ctx.listingPoolUploads.close();
    await stopWatchingAuth();
    if (ownsDatabase) await database.close();
  });
  return app;
}

/**
 * Serves the built SPA. `/` is the landing page (modules/entry-pages renders it and the other public entry pages with their data; index.html, prerendered at
 * build time, otherwise); other non-API GET/HEAD requests get app.html, the empty shell (history-API fallback), so no
 * route flashes the landing page.
 */
function serveWebApp(app: FastifyInstance, distDir: string): void {
  const hasIndex = existsSync(path.join(distDir, 'index.html'));
  const shell = existsSync(path.join(distDir, 'app.html')) ? 'app.html' : 'index.html';
  if (hasIndex) {
    app.register(fastifyStatic, { root: distDir, prefix: '/', index: ['index.html'], wildcard: true, cacheControl: false,
      // dist/ssr holds the server-side render of the entry pages (modules/entry-pages), not files for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders: (res, filePath) => {
        // Hashed assets are immutable; index.html must always be revalidated.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/public/api/');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      if (hasIndex) return reply.header('cache-control', 'no-cache').type('text/html').sendFile(shell);
      return reply
        .status(503)
        .type('text/html')
        .send('<!doctype html><title>CMA Studio</title><p>The web app is not built yet. Run <code>npm run build</code> (npm start does this).</p>');
    }
    return reply.status(404).send({ status_code: 404, message: 'Not found' });
  });
}
