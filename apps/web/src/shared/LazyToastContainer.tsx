import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_CONTAINER_OPTIONS, toastContainerStore } from './toast';

// The container (and react-toastify with it) loads in its own chunk when the first toast is raised.
const ToastContainer = lazy(() =>
  import('react-toastify').then(({ ToastContainer: Container }) => ({ default: () => <Container {...TOAST_CONTAINER_OPTIONS} /> })),
);

export function LazyToastContainer() {
  const wanted = useSyncExternalStore(toastContainerStore.subscribe, toastContainerStore.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
