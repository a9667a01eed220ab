import type { Metric } from 'web-vitals';
import { api } from '../shared/api/api';
import type { AppStore } from './store';

/** Latest web-vitals figures, readable by browser tests and by hand in the console. */
export const webVitals: Record<string, number> = {};

declare global {
  interface Window {
    __CMA_WEB_VITALS__?: Record<string, number>;
  }
}

function afterLoadAndIdle(task: () => void): void {
  const schedule = () => ('requestIdleCallback' in window ? window.requestIdleCallback(task, { timeout: 3000 }) : setTimeout(task, 1));
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
}

/** The build-time VITE_SENTRY_DSN wins; otherwise the server's SENTRY_DSN from GET /api/config; '' means off. */
export async function resolveSentryDsn(buildTimeDsn: string | undefined, loadServerDsn: () => Promise<unknown>): Promise<string> {
  const fromBuild = buildTimeDsn?.trim();
  if (fromBuild) return fromBuild;
  const fromServer = await loadServerDsn();
  return typeof fromServer === 'string' ? fromServer.trim() : '';
}

async function startErrorReporting(store: AppStore): Promise<void> {
  const dsn = await resolveSentryDsn(import.meta.env.VITE_SENTRY_DSN, async () => {
    const config = await store.dispatch(api.endpoints.getClientConfig.initiate(undefined, { subscribe: false }));
    return config.data?.sentryDsn;
  });
  if (!dsn) return; // error reporting is off unless configured
  const Sentry = await import('@sentry/react');
  Sentry.init({ dsn, environment: import.meta.env.MODE });
}

async function measureWebVitals(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const record = (metric: Metric) => {
    webVitals[metric.name] = metric.value;
    window.__CMA_WEB_VITALS__ = webVitals;
    if (import.meta.env.DEV) console.debug(`[web-vitals] ${metric.name}`, Math.round(metric.value * 1000) / 1000);
  };
  onCLS(record);
  onFCP(record);
  onINP(record);
  onLCP(record);
  onTTFB(record);
}

/** Error reporting (when a DSN is set) and web-vitals, both loaded lazily so the landing bundle stays small. */
export function startObservability(store: AppStore): void {
  afterLoadAndIdle(() => {
    startErrorReporting(store).catch((error: unknown) => console.warn('Error reporting did not start', error));
    measureWebVitals().catch((error: unknown) => console.warn('web-vitals did not start', error));
  });
}
