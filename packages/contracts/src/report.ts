import { z } from 'zod';
import { envelope } from './envelope';
import { emailField } from './accounts';
import { pageChoice } from './brand-kit';

// Sending the report PDF and counting generated reports (spec §7 send-pdf, update-report-counter).

export const REPORT_SENT_MESSAGE = 'The report has been sent.';

export const SEND_PDF_REPORT_REQUIRED_MESSAGE = 'history_id is Required: save the report, then send it.';

/**
 * POST /api/send-pdf: the saved report (history_id) is printed from the server's copy — photos and logo from storage —
 * and e-mailed to the client with its live link (issue 29). `state` stays accepted for older clients: without a
 * history_id it is saved first, then printed from the saved copy.
 */
export const sendPdfRequest = z
  .object({
    email: emailField,
    /** The history entry to send (the agent's own, not deleted). */
    history_id: z.number({ error: 'history_id must be a whole number.' }).int('history_id must be a whole number.').positive('history_id must be a whole number.').optional(),
    /** Older clients: the report state, as a JSON string or an object (same shape as a history entry's state). */
    state: z.union([z.string().min(2).max(20 * 1024 * 1024), z.record(z.string(), z.unknown())], { error: 'State is Required' }).optional(),
    /** Optional message from the agent, printed after the value line. */
    message: z.string().trim().max(5000, 'The message can be at most 5000 characters.').optional(),
    /** Send the agent a copy (blind copy to the agent's business, else account, e-mail). */
    copy: z.boolean({ error: 'copy must be true or false.' }).optional(),
    /** Older clients' name for `copy`. */
    copy_to_agent: z.boolean({ error: 'copy_to_agent must be true or false.' }).optional(),
    /** Add how the value was weighed (the reconciliation's sentences) to the e-mail; off unless the agent chooses it. */
    explain_weights: z.boolean({ error: 'explain_weights must be true or false.' }).optional(),
  })
  .refine((body) => body.history_id !== undefined || body.state !== undefined, { path: ['history_id'], message: SEND_PDF_REPORT_REQUIRED_MESSAGE });
export type SendPdfRequest = z.infer<typeof sendPdfRequest>;
export const sendPdfResponse = envelope(
  z.object({ email: z.string(), filename: z.string(), bytes: z.number().int(), history_id: z.number().int(), link_url: z.string() }),
);

/** POST /api/send-pdf/preview: the e-mail as the client will receive it (the PDF is not rendered, nothing is saved). */
export const sendPdfPreviewRequest = sendPdfRequest;
export const sendPdfPreviewResponse = envelope(
  z.object({ from: z.string(), reply_to: z.string(), to: z.string(), bcc: z.string().nullable(), subject: z.string(), html: z.string(), text: z.string(), attachment: z.string() }),
);

/** POST /api/update-report-counter: counts a generated report once per report id. */
export const updateReportCounterRequest = z.object({
  report_id: z.string({ error: 'Report id is Required' }).trim().min(1, 'Report id is Required').max(120),
});
export const updateReportCounterResponse = envelope(z.object({ report_count: z.number().int(), counted: z.boolean() }));

/** POST /api/report-map: the street map behind the report's map page, for the PDF the browser renders (decision 2070). */
export const reportMapRequest = z.object({
  /** The map page's points (the subject and each located comparable): the server frames the same view the PDF pins. */
  points: z
    .array(
      z.object({
        lat: z.number({ error: 'lat must be a number.' }).min(-85, 'lat must be from -85 to 85.').max(85, 'lat must be from -85 to 85.'),
        lon: z.number({ error: 'lon must be a number.' }).min(-180, 'lon must be from -180 to 180.').max(180, 'lon must be from -180 to 180.'),
      }),
      { error: 'points must be a list of { lat, lon }.' },
    )
    .min(1, 'points needs at least one point.')
    .max(60, 'points can hold at most 60 points.'),
});
export type ReportMapRequest = z.infer<typeof reportMapRequest>;
/** `map` is null when there is no street map (maps off, tiles out of reach): the PDF draws its offline map. */
/** GET /api/report-branding: the agent's details every report is printed with (the server's prints use the same). */
export const reportBranding = z.object({
  agent_name: z.string(),
  email: z.string(),
  phone: z.string(),
  business_name: z.string(),
  business_address: z.string(),
  website: z.string(),
  licence_number: z.string(),
  tagline: z.string(),
  bio: z.string(),
  brand_colour: z.string().nullable(),
  cover_letter_template: z.string(),
  default_pages: pageChoice.nullable(),
  /** png/jpeg data URLs, or null. */
  logo: z.string().nullable(),
  headshot: z.string().nullable(),
  brokerage_logo: z.string().nullable(),
});
export type ReportBranding = z.infer<typeof reportBranding>;
export const reportBrandingResponse = envelope(reportBranding);

export const reportMapResponse = envelope(z.object({ map: z.object({ src: z.string(), attribution: z.string() }).nullable() }));
export type ReportMapResponse = z.infer<typeof reportMapResponse>;
