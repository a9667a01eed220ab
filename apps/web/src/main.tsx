import './app/zod-jitless'; // first: before any schema is built
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { createAppStore } from './app/store';
import { startObservability } from './app/observability';
import './app/styles/global.css';

const { store, persistor } = createAppStore();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} persistor={persistor} router={router} />
  </StrictMode>,
);

startObservability(store);
