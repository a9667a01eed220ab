import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { PersistGate } from 'redux-persist/integration/react';
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
      <PersistGate loading={<PageLoader />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
      <LazyToastContainer />
    </Provider>
  );
}
