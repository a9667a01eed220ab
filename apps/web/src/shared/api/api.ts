import { createApi } from '@reduxjs/toolkit/query/react';
import type { BrandKit } from '@cma/contracts';
import { apiBaseQuery, type ApiEnvelope } from './baseQuery';

export interface FaqEntry {
  id: number | string;
  question: string;
  answer: string;
}

export interface CompanyDetails {
  email?: string;
  phone?: string;
  address_line1?: string;
  address_line2?: string;
  city?: string;
  state?: string;
  postal_code?: string;
}

/** GET /api/config: public client settings (DESIGN.md §4). Fields beyond `billing` are optional on purpose. */
export interface ClientConfig {
  billing?: 'stripe' | 'test';
  stripePublishableKey?: string | null;
  mapTileUrl?: string | null;
  mapAttribution?: string;
  sentryDsn?: string | null;
  company?: CompanyDetails;
  [key: string]: unknown;
}

/**
 * The one RTK Query API of the app. Features add their calls with `api.injectEndpoints({ endpoints })`
 * in their own folder, so this file stays small.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes: ['History', 'User', 'AdjustmentValues', 'Plans', 'PropertyImages', 'ReportLinks', 'BrandKit', 'CustomPages', 'MlsMemberships'],
  endpoints: (build) => ({
    getFaqList: build.query<FaqEntry[], void>({
      query: () => '/api/faq-list',
      transformResponse: (response: ApiEnvelope<FaqEntry[] | { data?: FaqEntry[] }> | null) => normalizeList(response?.data),
    }),
    getClientConfig: build.query<ClientConfig, void>({
      query: () => '/api/config',
      transformResponse: (response: ApiEnvelope<ClientConfig> | null) => response?.data ?? {},
    }),
    /** The agent's brand kit (GET /api/brand-kit): edited on /edit-profile, printed by every report. */
    getBrandKit: build.query<BrandKit | null, void>({
      query: () => '/api/brand-kit',
      transformResponse: (response: ApiEnvelope<BrandKit> | null) => response?.data ?? null,
      providesTags: ['BrandKit'],
    }),
  }),
});

function normalizeList<T>(data: T[] | { data?: T[] } | undefined): T[] {
  if (Array.isArray(data)) return data;
  if (data && Array.isArray(data.data)) return data.data;
  return [];
}

export const { useGetFaqListQuery, useGetClientConfigQuery, useGetBrandKitQuery } = api;
