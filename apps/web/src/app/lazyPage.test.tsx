import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, lazyPage, loadWithTimeout } from './lazyPage';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loadWithTimeout', () => {
  it('raises a ChunkLoadError when the chunk has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    const outcome = pending.then(() => 'loaded', (error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(loadWithTimeout(() => Promise.resolve({ default: 'page' }), 50)).resolves.toEqual({ default: 'page' });
  });

  it('turns a failed import into a ChunkLoadError', async () => {
    await expect(loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 50)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

describe('lazyPage', () => {
  it('shows a load error with a retry, and the retry loads the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught error
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('network down');
      return { default: () => <h1>Loaded page</h1> };
    });
    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    });
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeTruthy();
    expect(attempts).toBe(2);
  });
});
