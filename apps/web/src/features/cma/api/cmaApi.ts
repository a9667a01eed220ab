// The workflow's server calls (spec §7), injected into the app's one RTK Query API.
import type { AddressSearchHit, UserAdjustmentValues } from '@cma/contracts';
import type { ColumnMapping } from '@cma/listings-import';
import { UAD_STEP_DEFAULTS, uadStepValuesOf, type UadStepValues } from '@cma/valuation';
import { api } from '../../../shared/api/api';
import type { ApiEnvelope } from '../../../shared/api/baseQuery';
import type { ListingPhotoCopy } from '../model/listingPhotos';
import { isRecord, type CmaRecord } from '../model/records';

export interface PropertyImage {
  id: string | number;
  url?: string;
  image?: string;
  base64?: string;
  data_url?: string;
  [key: string]: unknown;
}

function listOf<T>(data: unknown, accept: (item: unknown) => item is T): T[] {
  if (Array.isArray(data)) return data.filter(accept);
  if (data && typeof data === 'object') {
    for (const key of ['records', 'data', 'images', 'list', 'results']) {
      const inner = (data as Record<string, unknown>)[key];
      if (Array.isArray(inner)) return inner.filter(accept);
    }
  }
  return [];
}

/** The agent's defaults a new report starts from (spec §7's values, issue 27's steps and market preference). */
export interface AgentDefaults {
  values: Record<string, unknown>;
  stepValues: UadStepValues;
  useMarketRates: boolean;
}

const isImage = (item: unknown): item is PropertyImage => !!item && typeof item === 'object' && 'id' in item;

/** The hits' records, each tagged with its listing's source and MLS (its photos are copied by listing id, source and MLS). */
function listingRecords(response: ApiEnvelope<{ hits?: Pick<AddressSearchHit, 'source' | 'record' | 'mls'>[] }>): CmaRecord[] {
  return (response.data?.hits ?? []).flatMap((hit) => (isRecord(hit.record) ? [{ ...hit.record, listingSource: hit.source, ...(hit.mls ? { listingMls: hit.mls } : {}) }] : []));
}

const photosOf = (propertyId: string) => [{ type: 'PropertyImages' as const, id: propertyId }];

export const cmaApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchAddress: build.mutation<CmaRecord[], { address: string }>({
      query: (body) => ({ url: '/api/search-address-rets', method: 'POST', body }),
      transformResponse: listingRecords,
    }),
    searchComparables: build.mutation<CmaRecord[], Record<string, unknown>>({
      query: (body) => ({ url: '/api/search-comparables-rets', method: 'POST', body }),
      transformResponse: listingRecords,
    }),
    /** The column map the agent confirmed for an export with this header (server-side, so any device and a new session keep it). */
    columnMapping: build.query<ColumnMapping | null, string>({
      query: (signature) => `/api/column-mappings/${encodeURIComponent(signature)}`,
      transformResponse: (response: ApiEnvelope<{ mapping: ColumnMapping | null }>) => response.data?.mapping ?? null,
      keepUnusedDataFor: 0,
    }),
    saveColumnMapping: build.mutation<unknown, { signature: string; mapping: ColumnMapping }>({
      query: ({ signature, mapping }) => ({ url: `/api/column-mappings/${encodeURIComponent(signature)}`, method: 'PUT', body: { mapping } }),
    }),
    getAdjustmentValueList: build.query<AgentDefaults, void>({
      query: () => '/api/property-adjustment-valu-list',
      transformResponse: (response: ApiEnvelope<Partial<UserAdjustmentValues>> | null) => ({
        values: response?.data?.user_property_adjustment_value ?? {},
        stepValues: uadStepValuesOf(response?.data?.uad_step_values) ?? UAD_STEP_DEFAULTS,
        // A server from before issue 27 says nothing: the market's rates, as for every new account now.
        useMarketRates: response?.data?.use_market_derived_rates ?? true,
      }),
      providesTags: ['AdjustmentValues'],
    }),
    storePropertyImages: build.mutation<PropertyImage[], { propertyId: string; files: File[] }>({
      query: ({ propertyId, files }) => {
        const form = new FormData();
        form.append('property_id', propertyId);
        for (const file of files) form.append('images[]', file);
        return { url: '/api/store-property-images', method: 'POST', body: form };
      },
      transformResponse: (response: ApiEnvelope) => listOf(response.data, isImage),
      invalidatesTags: (_result, _error, { propertyId }) => photosOf(propertyId),
    }),
    deleteImage: build.mutation<unknown, { imageId: string | number; propertyId: string }>({
      query: ({ imageId }) => ({ url: `/api/get-images/delete/${encodeURIComponent(String(imageId))}`, method: 'POST' }),
      invalidatesTags: (_result, _error, { propertyId }) => photosOf(propertyId),
    }),
    /** A property's stored photos as data URLs (an <img> cannot send the bearer token the files need). */
    encodedImages: build.query<PropertyImage[], string>({
      query: (propertyId) => ({ url: `/api/encoded/img/list/${encodeURIComponent(propertyId)}`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope) => listOf(response.data, isImage),
      providesTags: (_result, _error, propertyId) => photosOf(propertyId),
    }),
    /** Copies a listing's photos into the property's stored photos (the server does it once per property). */
    saveListingPhotos: build.mutation<PropertyImage[], ListingPhotoCopy>({
      query: (body) => ({ url: '/api/save-image-rets', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope) => listOf(response.data, isImage),
      invalidatesTags: (_result, _error, { property_id }) => photosOf(property_id),
    }),
  }),
});

export const {
  useSearchAddressMutation,
  useSearchComparablesMutation,
  useGetAdjustmentValueListQuery,
  useStorePropertyImagesMutation,
  useDeleteImageMutation,
  useEncodedImagesQuery,
  useSaveListingPhotosMutation,
} = cmaApi;

/** A readable message from an RTK Query error (server envelope message, field errors, or a network failure). */
export function errorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  const data = (error as { data?: unknown } | undefined)?.data as { message?: unknown; error?: unknown; data?: unknown } | undefined;
  if (data && typeof data === 'object') {
    if (typeof data.error === 'string') return data.error;
    if (data.data && typeof data.data === 'object') {
      const first = Object.values(data.data as Record<string, unknown>).flat()[0];
      if (typeof first === 'string') return first;
    }
    if (typeof data.message === 'string') return data.message;
  }
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 404) return 'This service is not available on the server yet.';
  return fallback;
}
