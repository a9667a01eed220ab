import { z } from 'zod';
import { envelope } from './envelope';

// Live links to a saved report (issue 18): /r/<token> opens the report without signing in.

export const REPORT_LINK_DEFAULT_DAYS = 90;
export const REPORT_LINK_MAX_DAYS = 365;
/** base64url of a 256-bit HMAC: what a link token looks like. */
export const REPORT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const REPORT_LINK_NOT_FOUND_MESSAGE = 'This link does not exist.';
/** Links of one report that may be live (neither revoked nor expired) at once (issue 30). */
export const REPORT_LINK_MAX_LIVE = 20;
export const REPORT_LINK_CAP_MESSAGE = `A report can have at most ${REPORT_LINK_MAX_LIVE} live links. Revoke one you no longer need to share it again.`;
/** New links one agent may create per hour, over all reports (issue 30). */
export const REPORT_LINK_CREATIONS_PER_HOUR = 30;
export const reportLinkCreationLimitMessage = (minutes: number) =>
  `You have created ${REPORT_LINK_CREATIONS_PER_HOUR} live links in the last hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

const historyId = z.coerce
  .number({ error: 'history_id must be a whole number.' })
  .int('history_id must be a whole number.')
  .positive('history_id must be a whole number.')
  .max(2_147_483_647, 'history_id must be a whole number.');
const expiresInDays = z
  .number({ error: `expires_in_days must be a whole number of days from 1 to ${REPORT_LINK_MAX_DAYS}.` })
  .int(`expires_in_days must be a whole number of days from 1 to ${REPORT_LINK_MAX_DAYS}.`)
  .min(1, `expires_in_days must be a whole number of days from 1 to ${REPORT_LINK_MAX_DAYS}.`)
  .max(REPORT_LINK_MAX_DAYS, `expires_in_days must be a whole number of days from 1 to ${REPORT_LINK_MAX_DAYS}.`);

/** POST /api/report-links: a new live link to one of the agent's saved reports (90 days unless expires_in_days says). */
export const createReportLinkRequest = z.object({
  history_id: historyId,
  expires_in_days: expiresInDays.optional(),
});
export type CreateReportLinkRequest = z.infer<typeof createReportLinkRequest>;

export const reportLink = z.object({ token: z.string(), url: z.string(), expires_at: z.string() });
export type ReportLink = z.infer<typeof reportLink>;
export const createReportLinkResponse = envelope(reportLink);

/** GET /api/report-links?history_id=<id>: the report's links, newest first, with their views. */
export const listReportLinksQuery = z.object({ history_id: historyId });
export const reportLinkSummary = reportLink.extend({
  revoked: z.boolean(),
  views: z.number().int(),
  last_viewed_at: z.string().nullable(),
});
export type ReportLinkSummary = z.infer<typeof reportLinkSummary>;
export const listReportLinksResponse = envelope(z.array(reportLinkSummary));

/** DELETE /api/report-links/<token> and PATCH /api/report-links/<token>. */
export const reportLinkParams = z.object({ token: z.string().max(200) });
export const revokeReportLinkResponse = envelope(z.object({ token: z.string(), revoked: z.literal(true) }));

/** PATCH /api/report-links/<token>: the link now expires this many days from now. */
export const updateReportLinkRequest = z.object({ expires_in_days: expiresInDays });
export const updateReportLinkResponse = envelope(reportLink);
