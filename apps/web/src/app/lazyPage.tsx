import { Component, Suspense, lazy, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { PageLoader } from '../shared/ui/PageLoader';

/** Spec §8/§9: a page chunk that has not loaded after 120 000 ms raises a load error. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Resolves with the chunk, or rejects with a ChunkLoadError once `timeoutMs` passes first. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`The page did not load within ${Math.round(timeoutMs / 1000)} seconds.`)),
      timeoutMs,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError(`The page failed to load: ${describe(error)}`, { cause: error }));
      },
    );
  });
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface ChunkErrorBoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

interface ChunkErrorBoundaryState {
  error: Error | null;
}

/** Shows a page's load error with a retry instead of a blank screen. */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, ChunkErrorBoundaryState> {
  override state: ChunkErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ChunkErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const isLoadError = error instanceof ChunkLoadError;
    return (
      <section className="page page--narrow load-error" role="alert" aria-labelledby="load-error-title">
        <h1 id="load-error-title">{isLoadError ? 'This page could not be loaded' : 'Something went wrong on this page'}</h1>
        <p>{isLoadError ? 'Check your connection and try again.' : error.message}</p>
        <button type="button" className="button button--primary" onClick={this.props.onRetry}>
          Try again
        </button>
      </section>
    );
  }
}

export const APP_READY_EVENT = 'cma:app-ready';
let appReadySignalled = false;

/**
 * Tells public/entry-boot.js, once, that the first page is live, so it gives back typing and replays presses made before.
 * Inside the page's Suspense boundary: React hydrates that boundary after the frame around it, and a press replayed
 * before the page's own handlers are attached would act as a plain browser click (a form sent as a GET).
 */
function PageLiveSignal() {
  useEffect(() => {
    if (appReadySignalled) return;
    appReadySignalled = true;
    document.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return null;
}

/** A lazily loaded route page; `preload()` fetches its chunk ahead of the first render. */
export type LazyPageComponent<P extends object = object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A route page as its own lazy chunk (React.lazy) with the 120 s load time-out; a failed load shows the
 * boundary above, and "Try again" starts a fresh import (React.lazy caches a rejected load forever).
 * Once the chunk is here, a newly mounted page renders it directly: no loader flashes over prerendered HTML.
 */
export function lazyPage<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): LazyPageComponent<P> {
  let Loaded: ComponentType<P> | undefined;
  const loadAndKeep = () =>
    loadWithTimeout(load, timeoutMs).then((module) => {
      Loaded = module.default;
      return module;
    });
  const createLazy = () => lazy(loadAndKeep);
  let LazyComponent = createLazy();
  function LazyPage(props: P) {
    const [attempt, setAttempt] = useState(0);
    // Chosen once per mount and never switched while mounted (switching would remount the page and lose its state).
    const [Page, setPage] = useState<ComponentType<P>>(() => Loaded ?? LazyComponent);
    const retry = () => {
      LazyComponent = createLazy();
      setPage(() => LazyComponent);
      setAttempt((n) => n + 1);
    };
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoader />}>
          <Page {...props} />
          <PageLiveSignal />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyPage.preload = () => loadAndKeep().then(() => undefined);
  return LazyPage;
}
