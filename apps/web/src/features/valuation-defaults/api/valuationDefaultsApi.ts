import type { UadStepValuesInput, UserAdjustmentValues } from '@cma/contracts';
import { api } from '../../../shared/api/api';
import type { ApiEnvelope } from '../../../shared/api/baseQuery';

// The default adjustment value calls of spec §7 (plus the reset: docs/decisions/0512).
export const valuationDefaultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDefaultValues: build.query<UserAdjustmentValues, void>({
      query: () => '/api/property-adjustment-valu-list',
      transformResponse: (response: ApiEnvelope<UserAdjustmentValues>) => response.data!,
      providesTags: ['AdjustmentValues'],
    }),
    storeDefaultValues: build.mutation<ApiEnvelope<UserAdjustmentValues>, { user_property_adjustment_value: unknown; uad_step_values: UadStepValuesInput; use_market_derived_rates: boolean }>({
      query: (body) => ({ url: '/api/store-user-property-adjustment-value', method: 'POST', body }),
      invalidatesTags: ['AdjustmentValues'],
    }),
    resetDefaultValues: build.mutation<ApiEnvelope<UserAdjustmentValues>, void>({
      query: () => ({ url: '/api/reset-user-property-adjustment-value', method: 'POST' }),
      invalidatesTags: ['AdjustmentValues'],
    }),
  }),
});

export const { useGetDefaultValuesQuery, useStoreDefaultValuesMutation, useResetDefaultValuesMutation } = valuationDefaultsApi;
