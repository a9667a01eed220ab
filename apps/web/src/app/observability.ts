import type { Metric } from 'web-vitals';
import { api } from '../shared/api/api';
import type { AppStore } from './store';

declare global {
  interface Window {
    __CMA_WEB_VITALS__?: Record<string, number>;
  }
}

/**
 * Latest web-vitals figures, readable by browser tests and by hand in the console. On a public entry page
 * public/entry-observability.js has recorded them since the first paint: the app carries on in the same object.
 */
export const webVitals: Record<string, number> = typeof window === 'undefined' ? {} : (window.__CMA_WEB_VITALS__ ??= {});

/** public/entry-observability.js stands in for these until the app has started them: then it stops (decision 2160). */
const WEB_VITALS_STARTED_EVENT = 'cma:web-vitals-started';
const ERROR_REPORTING_STARTED_EVENT = 'cma:error-reporting-started';

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
  document.dispatchEvent(new Event(ERROR_REPORTING_STARTED_EVENT));
}

async function measureWebVitals(): Promise<void> {
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals');
  const record = (metric: Metric) => {
    webVitals[metric.name] = metric.value;
    if (import.meta.env.DEV) console.debug(`[web-vitals] ${metric.name}`, Math.round(metric.value * 1000) / 1000);
  };
  onCLS(record);
  onFCP(record);
  onINP(record);
  onLCP(record);
  onTTFB(record);
  document.dispatchEvent(new Event(WEB_VITALS_STARTED_EVENT));
}

/** Error reporting (when a DSN is set) and web-vitals, both loaded lazily so the landing bundle stays small. */
export function startObservability(store: AppStore): void {
  afterLoadAndIdle(() => {
    startErrorReporting(store).catch((error: unknown) => console.warn('Error reporting did not start', error));
    measureWebVitals().catch((error: unknown) => console.warn('web-vitals did not start', error));
  });
}
