// Rendering of the landing page outside the browser (issue 9: the first paint needs no JavaScript). Built by
// `vite build --ssr` into dist/ssr/: scripts/prerender.mjs renders it once at build time without data (dist/index.html),
// and the server renders it with the live FAQ and plans for every visitor (decision 0902). The browser hydrates it.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { Storage as PersistStorage } from 'redux-persist';
import { App, whenRehydrated } from './app/App';
import type { LandingData } from '@cma/contracts';
import { seedLandingData } from './app/landingData';
import { appRoutes } from './app/router';
import { createAppStore } from './app/store';
import { pageMetaTags } from './features/public-site/components/usePageMeta';
import { LANDING_PAGE_META } from './features/public-site/pages/LandingPage';

// scripts/prerender.mjs writes these into the server's template.
export { LANDING_DATA_OUTLET, LANDING_PAGE_OUTLET } from '@cma/contracts';

/** A visitor with nothing stored: signed out, no CMA in progress. */
const emptyStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };

/**
 * The HTML of `path` as a signed-out visitor's browser first renders it: the same tree as main.tsx (which hydrates
 * it), store rehydrated, lazy pages loaded, and the landing page's API data when given (loading states without it).
 */
export async function prerenderPage(path: string, data?: LandingData): Promise<string> {
  const { store, persistor } = createAppStore(emptyStorage);
  await whenRehydrated(persistor);
  if (data) seedLandingData(store, data);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App store={store} persistor={persistor} router={router} />
    </StrictMode>,
    // Every boundary inline: React would otherwise send a large one (the page with its FAQ) as a placeholder completed by
    // an inline script, which the Content-Security-Policy blocks and the browser never needs for a finished page.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The landing page's <title> and meta tags, as usePageMeta sets them in the browser. */
export function landingHead(): string {
  const { title, meta } = pageMetaTags(LANDING_PAGE_META);
  return [`<title>${escapeAttribute(title)}</title>`, ...meta.map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`)].join('\n    ');
}
