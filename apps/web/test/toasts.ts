import { vi } from 'vitest';

/** notify() shows toasts after react-toastify's (cached) dynamic import settles; tests await this before asserting. */
export async function toastsShown(): Promise<void> {
  await vi.dynamicImportSettled();
  await Promise.resolve();
  await Promise.resolve();
}
