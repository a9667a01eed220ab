import { z } from 'zod';
import { envelope } from './envelope';

// Saved reports (spec §3 History entry, §7 post-history / get-history, DESIGN.md §4).

// Plain constants live apart from the schemas: the web app's first chunk reads them without loading zod.
import { HISTORY_STATE_KEYS } from './history-state-keys';
export { HISTORY_STATE_KEYS };

export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_STATE_MAX_CHARS = 20 * 1024 * 1024;
export const HISTORY_ADDRESS_REQUIRED_MESSAGE = 'Address is Required';
export const HISTORY_STATE_REQUIRED_MESSAGE = 'State is Required';

/** The state must be a JSON object string holding every spec §3 key. */
export const historyStateField = z
  .string({ error: HISTORY_STATE_REQUIRED_MESSAGE })
  .min(1, HISTORY_STATE_REQUIRED_MESSAGE)
  .max(HISTORY_STATE_MAX_CHARS, 'The saved report is too large.')
  .superRefine((text, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The state must be a JSON string.' });
      return;
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      ctx.addIssue({ code: 'custom', message: 'The state must be a JSON object.' });
      return;
    }
    const missing = HISTORY_STATE_KEYS.filter((key) => !(key in (parsed as object)));
    if (missing.length) ctx.addIssue({ code: 'custom', message: `The state is missing: ${missing.join(', ')}.` });
  });

/** POST /api/post-history. Saving a state whose report_data.reportId was saved before updates that entry. */
export const postHistoryRequest = z.object({
  address: z.string({ error: HISTORY_ADDRESS_REQUIRED_MESSAGE }).trim().min(1, HISTORY_ADDRESS_REQUIRED_MESSAGE).max(500),
  state: historyStateField,
});
export type PostHistoryRequest = z.infer<typeof postHistoryRequest>;

export const historyEntry = z.object({
  id: z.number().int(),
  report_id: z.string(),
  address: z.string(),
  /** The saved report state as a JSON string (spec §3); left out of a page asked for with fields=summary. */
  state: z.string().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const postHistoryResponse = envelope(z.object({ id: z.number().int(), report_id: z.string(), created: z.boolean() }));

export const getHistoryQuery = z.object({
  page: z.coerce.number({ error: 'The page must be a whole number of at least 1.' }).int('The page must be a whole number of at least 1.').min(1, 'The page must be a whole number of at least 1.').max(100_000).default(1),
  /**
   * 'summary': the entries without their saved states. The HISTORY menu lists addresses only, and a page of whole reports
   * (tens of kilobytes each) would be fetched every time it opens; the chosen one comes from GET /api/get-history/{id}.
   */
  fields: z.enum(['all', 'summary'], { error: "fields must be 'all' or 'summary'." }).default('all'),
});
export type HistoryFields = z.infer<typeof getHistoryQuery>['fields'];

/** GET /api/get-history?page=n: newest first, 10 a page; next_page_url is null on the last page. */
export const historyPage = z.object({
  data: z.array(historyEntry),
  current_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPage>;
export const getHistoryResponse = envelope(historyPage);

/** GET /api/get-history/{id}: one of the user's saved reports, whole. */
export const historyEntryParams = z.object({
  id: z.coerce.number({ error: 'The id must be a whole number.' }).int('The id must be a whole number.').positive('The id must be a whole number.'),
});
export const getHistoryEntryResponse = envelope(historyEntry.required({ state: true }));
