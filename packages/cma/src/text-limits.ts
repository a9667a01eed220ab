// The CMA document's length caps on free text (issue 30 item 4): one schema, checked when a report is saved, sent or
// shared, so a 2,000,000-character client name is refused at once with its field named, never rendered first.
import { z } from 'zod';
import { CMA_TEXT_LIMITS, REPORT_DATA_TEXT_LIMITS } from './report-data';

const tooLong = (max: number, label: string) => `${label} can be at most ${max.toLocaleString('en-US')} characters.`;
/** A string within `max` characters; any other value is not this check's business (the document's schema reads it). */
const cappedOrOther = (max: number, label: string) =>
  z
    .unknown()
    .superRefine((value, ctx) => {
      if (typeof value === 'string' && value.length > max) ctx.addIssue({ code: 'custom', message: tooLong(max, label) });
    })
    .optional();

/** Every string of a subject or comparable record within the cap (MLS remarks and typed notes alike). */
const propertyRecordText = z
  .unknown()
  .superRefine((record, ctx) => {
    if (!record || typeof record !== 'object') return;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string' && value.length > CMA_TEXT_LIMITS.propertyText) {
        ctx.addIssue({ code: 'custom', path: [key], message: tooLong(CMA_TEXT_LIMITS.propertyText, 'This text') });
      }
    }
  })
  .optional();

/** Only an object (or list) is looked into; a value of another type is left to the document's schema. */
const objectOrNothing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : undefined), schema.optional());
const listOrNothing = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (Array.isArray(v) ? v : undefined), z.array(schema).optional());

const REPORT_DATA_LABELS: Record<string, string> = {
  reportId: 'The report id',
  agentName: 'The agent name',
  agentEmail: 'The agent e-mail',
  agentPhone: 'The agent phone',
  businessName: 'The business name',
  businessAddress: 'The business address',
  businessWebsite: 'The website',
  licenceNumber: 'The licence number',
  tagline: 'The tagline',
  bio: 'The bio',
  coverLetter: 'The cover letter',
};

/** The caps as a schema over a saved state (any version: the keys checked have kept their names). */
export const cmaTextLimitsSchema = z.looseObject({
  reportName: cappedOrOther(CMA_TEXT_LIMITS.reportName, 'The report name'),
  clientName: cappedOrOther(CMA_TEXT_LIMITS.clientName, 'The client name'),
  address: cappedOrOther(CMA_TEXT_LIMITS.address, 'The address'),
  selectedPropertyAddress: cappedOrOther(CMA_TEXT_LIMITS.address, 'The address'),
  review_data: objectOrNothing(z.looseObject({ agentNotes: cappedOrOther(CMA_TEXT_LIMITS.agentNotes, 'The notes') })),
  report_data: objectOrNothing(
    z.looseObject({
      ...Object.fromEntries(Object.entries(REPORT_DATA_TEXT_LIMITS).map(([key, max]) => [key, cappedOrOther(max!, REPORT_DATA_LABELS[key] ?? key)])),
      photoChoice: objectOrNothing(z.record(z.string(), cappedOrOther(CMA_TEXT_LIMITS.photoChoice, 'A chosen photo'))),
    }),
  ),
  selectedPropertydata: propertyRecordText,
  comaparables: listOrNothing(propertyRecordText),
});

/** Where the state is over a cap: field path (e.g. 'clientName', 'comaparables[2].agentNotes') → messages; empty when within. */
export function cmaTextProblems(state: unknown): Record<string, string[]> {
  const parsed = cmaTextLimitsSchema.safeParse(state && typeof state === 'object' ? state : {});
  if (parsed.success) return {};
  const problems: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const where = issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
    (problems[where] ??= []).push(issue.message);
  }
  return problems;
}
