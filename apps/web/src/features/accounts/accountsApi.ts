import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { AccountUser, AddMlsMembershipRequest, BrandKit, ChangeEmailRequest, ChangePasswordRequest, DeleteAccountRequest, LoginResult, MlsChoice, MlsMembership, UserDetails } from '@cma/contracts';
import { api } from '../../shared/api/api';
import type { ApiEnvelope } from '../../shared/api/baseQuery';
import { SOMETHING_WENT_WRONG } from '../../shared/toast';

// The accounts calls of spec §7 with the payloads of DESIGN.md §4.
export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyData: build.mutation<ApiEnvelope<null>, { email: string }>({
      query: (body) => ({ url: '/api/verify-data', method: 'POST', body }),
    }),
    register: build.mutation<ApiEnvelope<{ token: string; is_subscribed: 0 }>, { name: string; email: string; password: string; phone?: string }>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
    }),
    login: build.mutation<ApiEnvelope<LoginResult>, { email: string; password: string }>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<ApiEnvelope<null>, { email: string }>({
      query: (body) => ({ url: '/api/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<ApiEnvelope<null>, { token: string; password: string }>({
      query: (body) => ({ url: '/api/reset-password', method: 'POST', body }),
    }),
    changePassword: build.mutation<ApiEnvelope<null>, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/change-password', method: 'POST', body }),
    }),
    /** POST /api/delete-account: the account and everything in it go (issue 30). */
    deleteAccount: build.mutation<ApiEnvelope<{ deleted: true }>, DeleteAccountRequest>({
      query: (body) => ({ url: '/api/delete-account', method: 'POST', body }),
    }),
    changeEmail: build.mutation<ApiEnvelope<{ user: AccountUser }>, ChangeEmailRequest>({
      query: (body) => ({ url: '/api/change-email', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** The agent's MLS memberships and the MLSs there are to join (only members see an MLS's listings). */
    mlsMemberships: build.query<{ memberships: MlsMembership[]; sources: MlsChoice[] }, void>({
      query: () => '/api/mls-membership',
      transformResponse: (response: ApiEnvelope<{ memberships: MlsMembership[]; sources: MlsChoice[] }>) => response.data ?? { memberships: [], sources: [] },
      providesTags: ['MlsMemberships'],
    }),
    addMlsMembership: build.mutation<ApiEnvelope<MlsMembership>, AddMlsMembershipRequest>({
      query: (body) => ({ url: '/api/mls-membership', method: 'POST', body }),
      invalidatesTags: ['MlsMemberships'],
    }),
    removeMlsMembership: build.mutation<ApiEnvelope<{ mls: string }>, string>({
      query: (mls) => ({ url: `/api/mls-membership/${encodeURIComponent(mls)}`, method: 'DELETE' }),
      invalidatesTags: ['MlsMemberships'],
    }),
    userDetails: build.query<UserDetails, void>({
      query: () => '/api/user-details',
      // An empty body (a request cut short) reads as no details, which every reader already handles.
      transformResponse: (response: ApiEnvelope<UserDetails> | null) => response?.data as UserDetails,
      providesTags: ['User'],
    }),
    uploadProfilePic: build.mutation<ApiEnvelope<{ profile_image: string }>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('profile_pic', file);
        return { url: '/api/upload-profile-pic', method: 'POST', body };
      },
      invalidatesTags: ['User'],
    }),
    storeBusinessDetail: build.mutation<ApiEnvelope<Pick<UserDetails, 'user'> & { business: NonNullable<UserDetails['business']> }>, FormData>({
      query: (body) => ({ url: '/api/store-business-detail', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    /** POST /api/brand-kit (multipart): the fields sent change, the others stay. */
    storeBrandKit: build.mutation<ApiEnvelope<BrandKit>, FormData>({
      query: (body) => ({ url: '/api/brand-kit', method: 'POST', body }),
      invalidatesTags: ['BrandKit'],
    }),
  }),
});

export const {
  useStoreBrandKitMutation,
  useVerifyDataMutation,
  useRegisterMutation,
  useLoginMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useChangeEmailMutation,
  useDeleteAccountMutation,
  useUserDetailsQuery,
  useUploadProfilePicMutation,
  useStoreBusinessDetailMutation,
  useMlsMembershipsQuery,
  useAddMlsMembershipMutation,
  useRemoveMlsMembershipMutation,
} = accountsApi;

export interface ApiFailure {
  /** The message to show: the server's, or 'Something went wrong.' when the server was not reached. */
  message: string;
  /** The 422 field map, when the server sent one. */
  fields: Record<string, string[]>;
  status?: number;
}

/** Reads an RTK Query error into a message and a field map. */
export function readApiFailure(error: unknown): ApiFailure {
  const failure = error as FetchBaseQueryError | undefined;
  if (!failure || typeof failure.status !== 'number') return { message: SOMETHING_WENT_WRONG, fields: {} };
  const body = (failure.data ?? {}) as { message?: unknown; data?: unknown };
  const fields: Record<string, string[]> = {};
  if (body.data && typeof body.data === 'object' && !Array.isArray(body.data)) {
    for (const [field, messages] of Object.entries(body.data as Record<string, unknown>)) {
      if (Array.isArray(messages)) fields[field] = messages.filter((m): m is string => typeof m === 'string');
    }
  }
  const message = typeof body.message === 'string' && body.message ? body.message : (Object.values(fields)[0]?.[0] ?? SOMETHING_WENT_WRONG);
  return { message, fields, status: failure.status };
}
