import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { LandingData } from '@cma/contracts';
import { createLandingService, type RenderPage } from './landing.service';

/** The web build's parts for rendering the landing page on the server (apps/web/scripts/prerender.mjs writes them). */
export const landingBuildFiles = (webDistDir: string) => ({
  template: path.join(webDistDir, 'ssr', 'landing.html'),
  renderer: path.join(webDistDir, 'ssr', 'prerender.mjs'),
  prerendered: path.join(webDistDir, 'index.html'),
});

/** The answers a browser would get from the two public calls the landing page makes. */
async function fetchLandingData(app: FastifyInstance): Promise<LandingData> {
  const dataOf = async <T>(url: string): Promise<T[]> => {
    const response = await app.inject({ method: 'GET', url });
    const body = response.json() as { status_code?: number; data?: unknown };
    if (response.statusCode !== 200 || !Array.isArray(body.data)) throw new Error(`${url} answered ${response.statusCode}`);
    return body.data as T[];
  };
  const [faqs, plans] = await Promise.all([dataOf<LandingData['faqs'][number]>('/api/faq-list'), dataOf<LandingData['plans'][number]>('/api/subscription-plan-list')]);
  return { faqs, plans };
}

/**
 * GET / (and HEAD): the landing page rendered with the live FAQ and plans (decision 0902). Registered only when the web
 * build has its server-side render; otherwise, and whenever rendering fails, / is the build-time page (dist/index.html).
 */
export const landingRoutes: FastifyPluginAsync = async (app) => {
  const files = landingBuildFiles(app.ctx.config.webDistDir);
  if (!existsSync(files.template) || !existsSync(files.renderer) || !existsSync(files.prerendered)) return;
  const prerendered = readFileSync(files.prerendered, 'utf8');
  let renderer: Promise<RenderPage> | undefined;
  const landing = createLandingService({
    template: readFileSync(files.template, 'utf8'),
    // Loaded on the first visit, not at start-up: an API-only instance never pays for it.
    renderPage: () => (renderer ??= import(pathToFileURL(files.renderer).href).then((module: { prerenderPage: RenderPage }) => module.prerenderPage)),
    fetchData: () => fetchLandingData(app),
    now: app.ctx.now,
    onRefreshError: (error) => app.log.error({ err: error }, 'the landing page could not be rendered again; the previous one is served'),
  });

  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    let html = prerendered;
    try {
      html = await landing.page();
    } catch (error) {
      request.log.error({ err: error }, 'the landing page could not be rendered; the build-time page is served');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
};
