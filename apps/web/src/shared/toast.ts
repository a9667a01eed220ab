import type { ToastContainerProps } from 'react-toastify';

// Spec §8: toasts auto-close after 3000 ms, top-right, colored theme, no icon.
export const TOAST_CONTAINER_OPTIONS = {
  position: 'top-right',
  autoClose: 3000,
  theme: 'colored',
  icon: false,
} as const satisfies ToastContainerProps;

export const UNAUTHORIZED_MESSAGE = 'Unauthorized access';
export const SOMETHING_WENT_WRONG = 'Something went wrong.';
export const WILL_BE_ADDED_SOON = 'Will be added sone'; // spelled as the spec (§1)

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

let containerWanted = false;
const containerListeners = new Set<() => void>();

/** For LazyToastContainer: has any toast been asked for yet? */
export const toastContainerStore = {
  subscribe(listener: () => void): () => void {
    containerListeners.add(listener);
    return () => containerListeners.delete(listener);
  },
  wanted: (): boolean => containerWanted,
};

/**
 * The one way to show a toast. react-toastify (about 10 KB gzipped) and its container load on the first toast, not
 * with the landing page; toasts raised before the container mounts are queued by the library and shown once it does.
 */
export function notify(kind: ToastKind, message: string): void {
  if (!containerWanted) {
    containerWanted = true;
    for (const listener of containerListeners) listener();
  }
  void import('react-toastify').then(({ toast }) => toast[kind](message));
}
