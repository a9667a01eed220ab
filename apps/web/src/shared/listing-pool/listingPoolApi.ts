// The pool's trip to and from the server with a saved report (decision 2130): uploaded when it changed, downloaded on restore.
import { LISTING_POOL_TOO_LARGE_MESSAGE, type ListingPoolSaved, type SavedListingPool } from '@cma/contracts';
import { api } from '../api/api';
import type { ApiEnvelope } from '../api/baseQuery';
import { listingPoolSnapshot, loadListingPool, rememberSavedPool, replaceListings, savedPoolHash, type ListingRecord } from './listingPool';

type Dispatch = (action: unknown) => unknown;

const listingPoolApi = api.injectEndpoints({
  endpoints: (build) => ({
    putListingPool: build.mutation<ListingPoolSaved, { id: number; body: Blob; gzipped: boolean }>({
      query: ({ id, body, gzipped }) => ({ url: `/api/history/${id}/listings`, method: 'PUT', body, headers: { 'content-type': gzipped ? 'application/gzip' : 'application/json' } }),
      transformResponse: (response: ApiEnvelope<ListingPoolSaved>) => response.data!,
    }),
    /** The pool saved with an entry; never cached (tens of MB). */
    getListingPool: build.query<SavedListingPool, number>({
      query: (id) => `/api/history/${id}/listings`,
      transformResponse: (response: ApiEnvelope<SavedListingPool>) => response.data!,
      keepUnusedDataFor: 0,
    }),
  }),
});

/** JSON, gzipped where the browser can (every current one); the server takes both. */
async function bodyOf(json: string): Promise<{ body: Blob; gzipped: boolean }> {
  const plain = new Blob([json], { type: 'application/json' });
  if (typeof CompressionStream === 'undefined') return { body: plain, gzipped: false };
  const gzipped = await new Response(plain.stream().pipeThrough(new CompressionStream('gzip'))).blob();
  return { body: gzipped, gzipped: true };
}

/**
 * Saves the pool with the history entry when it changed since the last save for that entry. Resolves to an error
 * message for the agent when it could not (the report itself is saved either way).
 */
export async function uploadListingPool(dispatch: Dispatch, historyId: number): Promise<string | null> {
  await loadListingPool();
  const { records, hash } = listingPoolSnapshot();
  // An empty pool is not sent: the entry then restores the state's own listings (a CMA from before pools has only those).
  if (records.length === 0 || (await savedPoolHash(historyId)) === hash) return null;
  const { body, gzipped } = await bodyOf(JSON.stringify({ hash, listings: records }));
  const result = (await dispatch(listingPoolApi.endpoints.putListingPool.initiate({ id: historyId, body, gzipped }))) as { data?: ListingPoolSaved; error?: { status?: unknown; data?: { message?: unknown } } };
  if (result.data) {
    await rememberSavedPool(historyId, hash);
    return null;
  }
  if (result.error?.status === 413) return LISTING_POOL_TOO_LARGE_MESSAGE;
  const message = result.error?.data?.message;
  return `The listings could not be saved with the report${typeof message === 'string' && message ? `: ${message}` : '.'}`;
}

/**
 * A restored report's pool: the one saved with the entry, else (saved before pools were, or never uploaded) the
 * listings its state carries. Resolves to a message for the agent when a saved pool could not be fetched (never silent).
 */
export async function restoreListingPool(dispatch: Dispatch, historyId: number, fromState: readonly ListingRecord[]): Promise<string | null> {
  const result = (await dispatch(listingPoolApi.endpoints.getListingPool.initiate(historyId, { forceRefetch: true, subscribe: false }))) as { data?: SavedListingPool; error?: { status?: unknown } };
  if (result.data) {
    await replaceListings(result.data.listings);
    await rememberSavedPool(historyId, listingPoolSnapshot().hash);
    return null;
  }
  await replaceListings(fromState);
  if (result.error?.status === 404) return null;
  return `The listings saved with this report could not be loaded; only the ${fromState.length.toLocaleString('en-US')} kept in the report are shown. Open it again to retry.`;
}
