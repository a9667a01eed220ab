// The report's server calls (spec §7): history, send-pdf, update-report-counter; injected into the app's one API.
import type { BrandKit, CustomPage, CreateReportLinkRequest, StoreDefaultPagesRequest, HistoryEntry, HistoryPage, PostHistoryRequest, ReportBranding, ReportLink, ReportLinkSummary, ReportMapRequest, ReportMapResponse, SendPdfRequest } from '@cma/contracts';
import { api } from '../../../shared/api/api';
import type { ApiEnvelope } from '../../../shared/api/baseQuery';
import type { StoredPhoto } from '../store/storedPhotos';

type SendResult = { email: string; filename: string; history_id: number; link_url: string };
type EmailPreview = { from: string; subject: string; html: string; bcc: string | null; attachment: string };

export const reportApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A page of the HISTORY menu: addresses and ids, without the saved states (fetched whole when one is chosen). */
    getHistoryPage: build.query<HistoryPage, number>({
      query: (page) => `/api/get-history?page=${page}&fields=summary`,
      transformResponse: (response: ApiEnvelope<HistoryPage>) =>
        response.data ?? { data: [], current_page: 1, per_page: 10, total: 0, next_page_url: null, prev_page_url: null },
      providesTags: ['History'],
    }),
    /** One saved report, whole, to restore it; not kept in the cache afterwards (reports are large). */
    getHistoryEntry: build.query<HistoryEntry & { state: string }, number>({
      query: (id) => `/api/get-history/${id}`,
      transformResponse: (response: ApiEnvelope<HistoryEntry & { state: string }>) => response.data!,
      keepUnusedDataFor: 0,
    }),
    postHistory: build.mutation<{ id: number; report_id: string; created: boolean }, PostHistoryRequest>({
      query: (body) => ({ url: '/api/post-history', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope<{ id: number; report_id: string; created: boolean }>) => response.data!,
      invalidatesTags: ['History'],
    }),
    /** E-mails the saved report (history_id): the server prints it from its own copy. */
    sendPdf: build.mutation<SendResult, SendPdfRequest & { history_id: number }>({
      query: (body) => ({ url: '/api/send-pdf', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope<SendResult>) => response.data!,
      invalidatesTags: ['History', 'ReportLinks'],
    }),
    /** The street map behind the map page (null: the PDF draws its offline map); cached per set of points. */
    getReportMap: build.query<ReportMapResponse['data']['map'], ReportMapRequest>({
      query: (body) => ({ url: '/api/report-map', method: 'POST', body }),
      transformResponse: (response: ReportMapResponse) => response.data.map,
      keepUnusedDataFor: 600,
    }),
    /** The e-mail as the client will get it, before sending. */
    previewSendPdf: build.mutation<EmailPreview, SendPdfRequest>({
      query: (body) => ({ url: '/api/send-pdf/preview', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope<EmailPreview>) => response.data!,
    }),
    /** The agent's details every report is printed with: the same the server's prints use. */
    getReportBranding: build.query<ReportBranding, void>({
      query: () => '/api/report-branding',
      transformResponse: (response: ApiEnvelope<ReportBranding>) => response.data!,
      providesTags: ['User', 'BrandKit'],
    }),
    updateReportCounter: build.mutation<{ report_count: number; counted: boolean }, { report_id: string }>({
      query: (body) => ({ url: '/api/update-report-counter', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope<{ report_count: number; counted: boolean }>) => response.data!,
    }),
    /** A property's stored photos as data URLs (the only photos the PDF draws). */
    encodedReportImages: build.mutation<StoredPhoto[], string>({
      query: (propertyId) => ({ url: `/api/encoded/img/list/${encodeURIComponent(propertyId)}`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<StoredPhoto[]>) =>
        (Array.isArray(response.data) ? response.data : []).filter((image) => typeof image.id === 'string' && typeof image.data_url === 'string'),
    }),
    /** A saved report's live links with their views (GET /api/report-links). */
    listReportLinks: build.query<ReportLinkSummary[], number>({
      query: (historyId) => `/api/report-links?history_id=${historyId}`,
      transformResponse: (response: ApiEnvelope<ReportLinkSummary[]>) => response.data ?? [],
      providesTags: (_result, _error, historyId) => [{ type: 'ReportLinks', id: historyId }],
    }),
    /** The agent's uploaded PDF pages. */
    listCustomPages: build.query<CustomPage[], void>({
      query: () => '/api/custom-pages',
      transformResponse: (response: ApiEnvelope<CustomPage[]>) => response.data ?? [],
      providesTags: ['CustomPages'],
    }),
    uploadCustomPage: build.mutation<CustomPage, FormData>({
      query: (body) => ({ url: '/api/custom-pages', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope<CustomPage>) => response.data!,
      invalidatesTags: ['CustomPages'],
    }),
    deleteCustomPage: build.mutation<{ id: string }, string>({
      query: (id) => ({ url: `/api/custom-pages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (response: ApiEnvelope<{ id: string }>) => response.data!,
      invalidatesTags: ['CustomPages'],
    }),
    /** One upload's file (a data URL) for the preview; kept while the report uses it. */
    getCustomPageFile: build.query<CustomPage & { data_url: string }, string>({
      query: (id) => `/api/custom-pages/${encodeURIComponent(id)}`,
      transformResponse: (response: ApiEnvelope<CustomPage & { data_url: string }>) => response.data!,
    }),
    /** "Save as my default": the page choice every new report starts from. */
    storeDefaultPages: build.mutation<BrandKit, StoreDefaultPagesRequest>({
      query: (body) => ({ url: '/api/report-default-pages', method: 'PUT', body }),
      transformResponse: (response: ApiEnvelope<BrandKit>) => response.data!,
      invalidatesTags: ['BrandKit'],
    }),
    createReportLink: build.mutation<ReportLink, CreateReportLinkRequest>({
      query: (body) => ({ url: '/api/report-links', method: 'POST', body }),
      transformResponse: (response: ApiEnvelope<ReportLink>) => response.data!,
      invalidatesTags: (_result, _error, body) => [{ type: 'ReportLinks', id: body.history_id }, 'History'],
    }),
    revokeReportLink: build.mutation<{ token: string }, { token: string; historyId: number }>({
      query: ({ token }) => ({ url: `/api/report-links/${encodeURIComponent(token)}`, method: 'DELETE' }),
      transformResponse: (response: ApiEnvelope<{ token: string }>) => response.data!,
      invalidatesTags: (_result, _error, { historyId }) => [{ type: 'ReportLinks', id: historyId }, 'History'],
    }),
    updateReportLink: build.mutation<ReportLink, { token: string; historyId: number; expires_in_days: number }>({
      query: ({ token, expires_in_days }) => ({ url: `/api/report-links/${encodeURIComponent(token)}`, method: 'PATCH', body: { expires_in_days } }),
      transformResponse: (response: ApiEnvelope<ReportLink>) => response.data!,
      invalidatesTags: (_result, _error, { historyId }) => [{ type: 'ReportLinks', id: historyId }],
    }),
    reloadAdjustmentValues: build.query<Record<string, unknown>, void>({
      query: () => '/api/property-adjustment-valu-list',
      transformResponse: (response: ApiEnvelope<{ user_property_adjustment_value?: Record<string, unknown> }>) => response.data?.user_property_adjustment_value ?? {},
    }),
  }),
});

export const { useListCustomPagesQuery, useUploadCustomPageMutation, useDeleteCustomPageMutation, useLazyGetCustomPageFileQuery, useStoreDefaultPagesMutation, useGetReportMapQuery, usePreviewSendPdfMutation, useListReportLinksQuery, useCreateReportLinkMutation, useRevokeReportLinkMutation, useUpdateReportLinkMutation, useEncodedReportImagesMutation, useGetReportBrandingQuery, useGetHistoryPageQuery, usePostHistoryMutation, useSendPdfMutation, useUpdateReportCounterMutation } = reportApi;
