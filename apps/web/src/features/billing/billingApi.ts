import type {
  ChangePaymentCardRequest,
  CouponInfo,
  CreateSubscriptionResult,
  SubscriptionDetails,
  SubscriptionPlan,
  TestCardToken,
  TestCardTokenRequest,
} from '@cma/contracts';
import { api } from '../../shared/api/api';
import type { ApiEnvelope } from '../../shared/api/baseQuery';
import type { OrderPayload } from './order';

// The billing calls of spec §7 and DESIGN.md §4.
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    subscriptionPlanList: build.query<SubscriptionPlan[], void>({
      query: () => '/api/subscription-plan-list',
      transformResponse: (response: ApiEnvelope<SubscriptionPlan[]>) => response.data ?? [],
      providesTags: ['Plans'],
    }),
    checkCoupon: build.mutation<ApiEnvelope<CouponInfo>, { coupon_id: string; subscription_plan_id?: number }>({
      query: (body) => ({ url: '/public/api/stripe/check-coupons', method: 'POST', body }),
    }),
    createTestCardToken: build.mutation<ApiEnvelope<TestCardToken>, TestCardTokenRequest>({
      query: (body) => ({ url: '/api/test-billing/tokens', method: 'POST', body }),
    }),
    createSubscription: build.mutation<ApiEnvelope<CreateSubscriptionResult>, OrderPayload>({
      query: (body) => ({ url: '/api/create-subscription', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    subscriptionDetails: build.query<SubscriptionDetails | null, void>({
      query: () => '/api/subscription-details',
      transformResponse: (response: ApiEnvelope<SubscriptionDetails | null>) => response.data ?? null,
      providesTags: ['User'],
    }),
    changeSubscriptionPlan: build.mutation<ApiEnvelope<SubscriptionDetails>, { subscription_plan_id: number }>({
      query: (body) => ({ url: '/api/change-subscription-plan', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    cancelSubscription: build.mutation<ApiEnvelope<SubscriptionDetails>, void>({
      query: () => ({ url: '/api/cancel-subscription', method: 'POST', body: {} }),
      invalidatesTags: ['User'],
    }),
    changePaymentCard: build.mutation<ApiEnvelope<SubscriptionDetails>, ChangePaymentCardRequest>({
      query: (body) => ({ url: '/api/change-subscription-paymentcard', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useSubscriptionPlanListQuery,
  useCheckCouponMutation,
  useCreateTestCardTokenMutation,
  useCreateSubscriptionMutation,
  useSubscriptionDetailsQuery,
  useChangeSubscriptionPlanMutation,
  useCancelSubscriptionMutation,
  useChangePaymentCardMutation,
} = billingApi;
