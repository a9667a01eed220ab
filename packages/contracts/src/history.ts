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

// The history page (issue 18): entries an agent can tell apart and work with. GET /api/get-history stays as the spec
// has it (the HISTORY menu); these routes add search, summaries, sends and views, rename and delete with undo.

export const HISTORY_LIST_PAGE_SIZE = 20;
export const HISTORY_NAME_MAX_CHARS = 120;
/** The page offers Undo this long after a delete. */
export const HISTORY_UNDO_SECONDS = 10;
/** The server accepts the undo a little longer than the page offers it (a slow network, a tab in the background). */
export const HISTORY_UNDO_GRACE_SECONDS = 120;
export const HISTORY_ENTRY_GONE_MESSAGE = 'This saved report no longer exists.';

const historyIdMessage = 'The id must be a whole number.';
/** /api/history/{id}: one of the agent's entries (another agent's id, or a deleted one, is not found). */
export const historyItemParams = z.object({
  id: z.coerce.number({ error: historyIdMessage }).int(historyIdMessage).positive(historyIdMessage).max(2_147_483_647, historyIdMessage),
});

/** GET /api/history?q=&page=: the agent's entries, most recently saved first; q matches the address, client or name. */
export const listHistoryQuery = z.object({
  q: z.string().trim().max(200, 'Search for at most 200 characters.').optional(),
  page: z.coerce.number({ error: 'The page must be a whole number of at least 1.' }).int('The page must be a whole number of at least 1.').min(1, 'The page must be a whole number of at least 1.').max(100_000).default(1),
});
export type ListHistoryQuery = z.input<typeof listHistoryQuery>;

export const historySend = z.object({ recipient: z.string(), sent_at: z.string() });
export type HistorySend = z.infer<typeof historySend>;

export const historyListItem = z.object({
  id: z.number().int(),
  report_id: z.string(),
  address: z.string(),
  /** The agent's own name for the entry; null shows the address. */
  name: z.string().nullable(),
  client_name: z.string().nullable(),
  /** The engine's (or the agent's) value and range when the report was saved; null when the report has none yet. */
  value: z.number().nullable(),
  range_start: z.number().nullable(),
  range_end: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** E-mails of this report to clients, newest first (the last 5; send_count counts them all). */
  sends: z.array(historySend),
  send_count: z.number().int(),
  /** The live links: how many were made, how many still open, and how often they were opened. */
  links: z.object({ total: z.number().int(), live: z.number().int(), views: z.number().int(), last_viewed_at: z.string().nullable() }),
});
export type HistoryListItem = z.infer<typeof historyListItem>;

export const historyList = z.object({
  data: z.array(historyListItem),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  next_page: z.number().int().nullable(),
});
export type HistoryList = z.infer<typeof historyList>;
export const listHistoryResponse = envelope(historyList);

/** PATCH /api/history/{id}: rename the entry; an empty name goes back to the address. */
export const renameHistoryRequest = z.object({
  name: z
    .string({ error: 'name must be text (empty to use the address).' })
    .trim()
    .max(HISTORY_NAME_MAX_CHARS, `A name can be at most ${HISTORY_NAME_MAX_CHARS} characters.`)
    .nullable(),
});
export type RenameHistoryRequest = z.infer<typeof renameHistoryRequest>;
export const renameHistoryResponse = envelope(historyListItem);

/** DELETE /api/history/{id}: hidden at once (its live links stop working); undoable for HISTORY_UNDO_GRACE_SECONDS. */
export const deleteHistoryResult = z.object({ id: z.number().int(), deleted_at: z.string(), undo_until: z.string() });
export type DeleteHistoryResult = z.infer<typeof deleteHistoryResult>;
export const deleteHistoryResponse = envelope(deleteHistoryResult);

/** POST /api/history/{id}/undo-delete: the entry (and its links) back, while the undo is open. */
export const undoDeleteHistoryResponse = envelope(historyListItem);
