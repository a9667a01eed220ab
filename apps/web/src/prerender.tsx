// Build-time rendering of the landing page into index.html (issue 9: the first paint needs no JavaScript).
// Built by `vite build --ssr` and run by scripts/prerender.mjs; the browser then renders the same tree over it.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { Storage as PersistStorage } from 'redux-persist';
import { App, whenRehydrated } from './app/App';
import { appRoutes } from './app/router';
import { createAppStore } from './app/store';

/** A visitor with nothing stored: signed out, no CMA in progress. */
const emptyStorage: PersistStorage = { getItem: async () => null, setItem: async () => {}, removeItem: async () => {} };

/**
 * The HTML of `path` as a signed-out visitor's browser first renders it: the same tree as main.tsx (which hydrates
 * it), store rehydrated, lazy pages loaded, no API data yet.
 */
export async function prerenderPage(path: string): Promise<string> {
  const { store, persistor } = createAppStore(emptyStorage);
  await whenRehydrated(persistor);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App store={store} persistor={persistor} router={router} />
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
