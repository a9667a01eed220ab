import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { ENTRY_PAGE_DATA_SOURCES, ENTRY_PAGES, type EntryPageData } from '@cma/contracts';
import { createEntryPagesService, type RenderPage } from './entry-pages.service';

/** The web build's parts for rendering the entry pages on the server (apps/web/scripts/prerender.mjs writes them). */
export const entryPageBuildFiles = (webDistDir: string) => ({
  template: path.join(webDistDir, 'ssr', 'entry.html'),
  renderer: path.join(webDistDir, 'ssr', 'prerender.mjs'),
  prerendered: path.join(webDistDir, 'index.html'),
  shell: path.join(webDistDir, 'app.html'),
});

/** The answers a browser would get from the public calls the page at `pagePath` makes. */
async function fetchEntryPageData(app: FastifyInstance, pagePath: string): Promise<EntryPageData> {
  const data: Record<string, unknown> = {};
  await Promise.all(
    (ENTRY_PAGES[pagePath]?.data ?? []).map(async (key) => {
      const url = ENTRY_PAGE_DATA_SOURCES[key];
      const response = await app.inject({ method: 'GET', url });
      const body = response.json() as { status_code?: number; data?: unknown };
      if (response.statusCode !== 200 || body.data === undefined || body.data === null) throw new Error(`${url} answered ${response.statusCode}`);
      data[key] = body.data;
    }),
  );
  return data as EntryPageData;
}

/**
 * GET (and HEAD) of every public entry page (/, /login, /subscription-plan…): the page rendered with its live data
 * (decisions 0902, 2100). Registered only when the web build has its server-side render. When rendering fails, / is the
 * build-time page (dist/index.html) and every other page the empty shell (dist/app.html), as without the renderer.
 */
export const entryPageRoutes: FastifyPluginAsync = async (app) => {
  const files = entryPageBuildFiles(app.ctx.config.webDistDir);
  if (!existsSync(files.template) || !existsSync(files.renderer) || !existsSync(files.prerendered)) return;
  const prerendered = readFileSync(files.prerendered, 'utf8');
  const shell = existsSync(files.shell) ? readFileSync(files.shell, 'utf8') : prerendered;
  let renderer: Promise<RenderPage> | undefined;
  const entryPages = createEntryPagesService({
    template: readFileSync(files.template, 'utf8'),
    // Loaded on the first visit, not at start-up: an API-only instance never pays for it.
    renderPage: () => (renderer ??= import(pathToFileURL(files.renderer).href).then((module: { prerenderPage: RenderPage }) => module.prerenderPage)),
    fetchData: (pagePath) => fetchEntryPageData(app, pagePath),
    now: app.ctx.now,
    onRefreshError: (error) => app.log.error({ err: error }, 'an entry page could not be rendered again; the previous one is served'),
  });

  for (const [pagePath, page] of Object.entries(ENTRY_PAGES)) {
    const fallback = pagePath === '/' ? prerendered : shell;
    app.get(pagePath, { schema: { hide: true } }, async (request, reply) => {
      let html = fallback;
      // A page that reads its query string (/login?scan=true) would not match a render made without it.
      const hasQuery = request.url.includes('?');
      if (!(page.readsQuery && hasQuery)) {
        try {
          html = await entryPages.page(pagePath);
        } catch (error) {
          request.log.error({ err: error, page: pagePath }, 'an entry page could not be rendered; the fallback is served');
        }
      }
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    });
  }
};
