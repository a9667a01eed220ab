import { useSyncExternalStore, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import type { Persistor } from 'redux-persist';
import { LazyToastContainer } from '../shared/LazyToastContainer';
import { PageLoader } from '../shared/ui/PageLoader';
import type { AppStore } from './store';
import type { createAppRouter } from './router';

interface AppProps {
  store: AppStore;
  persistor: Persistor;
  router: ReturnType<typeof createAppRouter>;
}

/** Providers around the router: store (rehydrated before the first page), toasts. */
export function App({ store, persistor, router }: AppProps) {
  return (
    <Provider store={store}>
      <RehydrationGate persistor={persistor} loading={<PageLoader />}>
        <RouterProvider router={router} />
      </RehydrationGate>
      <LazyToastContainer />
    </Provider>
  );
}


/**
 * Shows `loading` until the persisted store is back. Unlike redux-persist's PersistGate it renders the pages at once
 * when rehydration is already done, so the first render is one interruptible pass over the prerendered page.
 */
function RehydrationGate({ persistor, loading, children }: { persistor: Persistor; loading: ReactNode; children: ReactNode }) {
  const isRehydrated = () => persistor.getState().bootstrapped;
  const rehydrated = useSyncExternalStore(persistor.subscribe, isRehydrated, isRehydrated);
  return rehydrated ? children : loading;
}

/** Resolves once the persisted store has been read back (or its time-out has passed). */
export function whenRehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const unsubscribe = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      unsubscribe();
      resolve();
    });
  });
}
