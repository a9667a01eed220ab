import type { RequestDemoRequest, SubscriptionPlan } from '@cma/contracts';
import { api } from '../../shared/api/api';
import type { ApiEnvelope } from '../../shared/api/baseQuery';

// The public site's calls (spec §7): the pricing teaser's plan list, Contact Us and Request a Demo.
export const publicSiteApi = api.injectEndpoints({
  endpoints: (build) => ({
    pricingTeaserPlans: build.query<SubscriptionPlan[], void>({
      query: () => '/api/subscription-plan-list',
      transformResponse: (response: ApiEnvelope<SubscriptionPlan[]>) => (Array.isArray(response?.data) ? response.data : []),
    }),
    contactUs: build.mutation<ApiEnvelope<{ id: number; attachments: number }>, FormData>({
      query: (body) => ({ url: '/api/contact-us', method: 'POST', body }),
    }),
    requestDemo: build.mutation<ApiEnvelope<{ id: number }>, RequestDemoRequest>({
      query: (body) => ({ url: '/api/request-demo', method: 'POST', body }),
    }),
  }),
});

export const { usePricingTeaserPlansQuery, useContactUsMutation, useRequestDemoMutation } = publicSiteApi;

/** The server's message of a failed call (for the 'error is ' toast), or '' when there is none. */
export function errorMessageOf(error: unknown): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return data && typeof data.message === 'string' ? data.message : '';
}

/** The 422 field map of a failed call, first message per field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = (error as { data?: { data?: unknown } } | undefined)?.data?.data;
  const fields: Record<string, string> = {};
  if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (Array.isArray(value) && typeof value[0] === 'string') fields[key] = value[0];
    }
  }
  return fields;
}
