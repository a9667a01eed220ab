import './app/zod-jitless'; // first: before any schema is built
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, whenRehydrated } from './app/App';
import { readLandingData, seedLandingData } from './app/landingData';
import { createAppRouter } from './app/router';
import { preloadPageAt } from './app/routes';
import { createAppStore } from './app/store';
import { startObservability } from './app/observability';
import { yieldToBrowser } from './shared/yieldToBrowser';
import './app/styles/global.css';

// Start-up runs as a few short tasks rather than one long one, and the first render is interruptible
// (startTransition), so the page answers input sooner (Lighthouse total blocking time, issue 9).
const container = document.getElementById('root')!;
// The landing page arrives rendered (by the server with its data, or at build time: decisions 0901, 0902). The app
// hydrates it once it can render the same tree (store rehydrated, page chunk loaded): no loader flashes, no DOM rebuilt.
const prerendered = container.hasChildNodes();
await yieldToBrowser();
const { store, persistor } = createAppStore();
// The server rendered the landing page with its FAQ and plans: the same answers make the first render match it.
const landingData = prerendered ? readLandingData() : undefined;
if (landingData) seedLandingData(store, landingData);
await yieldToBrowser();
const router = createAppRouter();
if (prerendered) await Promise.all([whenRehydrated(persistor), preloadPageAt(window.location.pathname).catch(() => undefined)]);
await yieldToBrowser();

const app = (
  <StrictMode>
    <App store={store} persistor={persistor} router={router} />
  </StrictMode>
);
startTransition(() => {
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

startObservability(store);
