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
