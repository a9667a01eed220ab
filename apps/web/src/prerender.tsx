// Rendering of the public entry pages outside the browser (issue 9, decisions 0901, 0902, 2100: the first paint needs no
// JavaScript). Built by `vite build --ssr` into dist/ssr/: scripts/prerender.mjs renders / once at build time without
// data (dist/index.html), and the server renders every entry page with its live data. The browser hydrates it.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { Storage as PersistStorage } from 'redux-persist';
import { App, whenRehydrated } from './app/App';
import type { EntryPageData } from '@cma/contracts';
import { seedEntryPageData } from './app/entryPageData';
import { appRoutes } from './app/router';
import { createAppStore } from './app/store';
import { pageMetaTags, ServerPageMetaContext, type PageMeta } from './shared/ui/usePageMeta';

// scripts/prerender.mjs writes these into the server's template.
export { ENTRY_PAGE_DATA_OUTLET, ENTRY_PAGE_HEAD_OUTLET, ENTRY_PAGE_OUTLET } from '@cma/contracts';

/** A visitor with nothing stored: signed out, no CMA in progress. */
const emptyStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };

export interface RenderedPage {
  /** The children of #root. */
  html: string;
  /** The page's <title> and meta tags, as usePageMeta sets them in the browser (crawlers and link previews run no script). */
  head: string;
}

/**
 * `path` as a signed-out visitor's browser first renders it: the same tree as main.tsx (which hydrates it), store
 * rehydrated, lazy pages loaded, and the page's public API answers when given (loading states without them).
 */
export async function prerenderPage(path: string, data?: EntryPageData): Promise<RenderedPage> {
  const { store, persistor } = createAppStore(emptyStorage);
  await whenRehydrated(persistor);
  if (data) seedEntryPageData(store, data);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  let meta: PageMeta | undefined;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerPageMetaContext value={(pageMeta) => (meta = pageMeta)}>
        <App store={store} persistor={persistor} router={router} />
      </ServerPageMetaContext>
    </StrictMode>,
    // Every boundary inline: React would otherwise send a large one (the page with its FAQ) as a placeholder completed by
    // an inline script, which the Content-Security-Policy blocks and the browser never needs for a finished page.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  if (!meta) throw new Error(`the page at ${path} sets no title and description (usePageMeta)`);
  return { html, head: headTags(meta) };
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function headTags(pageMeta: PageMeta): string {
  const { title, meta } = pageMetaTags(pageMeta);
  return [`<title>${escapeAttribute(title)}</title>`, ...meta.map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`)].join('\n    ');
}
