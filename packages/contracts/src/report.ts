import { z } from 'zod';
import { envelope } from './envelope';
import { emailField } from './accounts';

// Sending the report PDF and counting generated reports (spec §7 send-pdf, update-report-counter).

export const REPORT_SENT_MESSAGE = 'The report has been sent.';

/** POST /api/send-pdf: the server renders the PDF from this state and e-mails it to the client. */
export const sendPdfRequest = z.object({
  email: emailField,
  /** The report state, as a JSON string or an object (same shape as a history entry's state). */
  state: z.union([z.string().min(2).max(20 * 1024 * 1024), z.record(z.string(), z.unknown())], { error: 'State is Required' }),
  /** Optional message from the agent, printed above the attachment. */
  message: z.string().trim().max(5000).optional(),
});
export type SendPdfRequest = z.infer<typeof sendPdfRequest>;
export const sendPdfResponse = envelope(z.object({ email: z.string(), filename: z.string(), bytes: z.number().int() }));

/** POST /api/update-report-counter: counts a generated report once per report id. */
export const updateReportCounterRequest = z.object({
  report_id: z.string({ error: 'Report id is Required' }).trim().min(1, 'Report id is Required').max(120),
});
export const updateReportCounterResponse = envelope(z.object({ report_count: z.number().int(), counted: z.boolean() }));
