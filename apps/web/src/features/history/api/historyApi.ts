// The history page's server calls (issue 18): list with search and summaries, rename, delete and undo.
import type { DeleteHistoryResult, HistoryList, HistoryListItem } from '@cma/contracts';
import { api } from '../../../shared/api/api';
import type { ApiEnvelope } from '../../../shared/api/baseQuery';

export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/history?q=&page=: the agent's entries with client, value, range, sends and views. */
    listHistory: build.query<HistoryList, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: '/api/history', params: { ...(q ? { q } : {}), page } }),
      transformResponse: (response: ApiEnvelope<HistoryList>) => response.data!,
      // 'History' is the HISTORY menu's tag too: a rename or delete shows there at once.
      providesTags: ['History'],
    }),
    renameHistory: build.mutation<HistoryListItem, { id: number; name: string | null }>({
      query: ({ id, name }) => ({ url: `/api/history/${id}`, method: 'PATCH', body: { name } }),
      transformResponse: (response: ApiEnvelope<HistoryListItem>) => response.data!,
      invalidatesTags: ['History'],
    }),
    deleteHistory: build.mutation<DeleteHistoryResult, number>({
      query: (id) => ({ url: `/api/history/${id}`, method: 'DELETE' }),
      transformResponse: (response: ApiEnvelope<DeleteHistoryResult>) => response.data!,
      invalidatesTags: ['History', 'ReportLinks'],
    }),
    undoDeleteHistory: build.mutation<HistoryListItem, number>({
      query: (id) => ({ url: `/api/history/${id}/undo-delete`, method: 'POST' }),
      transformResponse: (response: ApiEnvelope<HistoryListItem>) => response.data!,
      invalidatesTags: ['History', 'ReportLinks'],
    }),
  }),
});

export const { useListHistoryQuery, useRenameHistoryMutation, useDeleteHistoryMutation, useUndoDeleteHistoryMutation } = historyApi;
