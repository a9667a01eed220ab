import './app/zod-jitless'; // first: before any schema is built
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, whenRehydrated } from './app/App';
import { readEntryPageData, seedEntryPageData } from './app/entryPageData';
import { createAppRouter } from './app/router';
import { preloadPageAt } from './app/routes';
import { createAppStore, holdsFreshVisitorState } from './app/store';
import { startObservability } from './app/observability';
import { yieldToBrowser } from './shared/yieldToBrowser';
import './app/styles/global.css';

// Start-up runs as a few short tasks rather than one long one, and the first render is interruptible
// (startTransition), so the page answers input sooner (Lighthouse total blocking time, issue 9).
const container = document.getElementById('root')!;
// The public entry pages arrive rendered (by the server with their data, or / at build time: decisions 0901, 0902, 2100).
// The app hydrates such a page once it can render the same tree (store rehydrated, page chunk loaded): no loader flashes,
// no DOM rebuilt, what the visitor typed stays.
const prerendered = container.hasChildNodes();
await yieldToBrowser();
const { store, persistor } = createAppStore();
// The server rendered the page with these public answers: the same answers make the first render match it.
const pageData = prerendered ? readEntryPageData() : undefined;
if (pageData) seedEntryPageData(store, pageData);
await yieldToBrowser();
const router = createAppRouter();
if (prerendered) await Promise.all([whenRehydrated(persistor), preloadPageAt(window.location.pathname).catch(() => undefined)]);
// The server renders for a first-time visitor; a stored plan choice or sign-up step renders differently, so such a
// visitor's page is rendered afresh over it rather than hydrated into a mismatch.
const hydrate = prerendered && holdsFreshVisitorState(store.getState());
await yieldToBrowser();

const app = (
  <StrictMode>
    <App store={store} persistor={persistor} router={router} />
  </StrictMode>
);
startTransition(() => {
  if (hydrate) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

startObservability(store);
