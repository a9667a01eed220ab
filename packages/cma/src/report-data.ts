// report_data: what the report builder keeps in the CMA document (issue 29 item 2). Every key is named here, read and
// normalised once by the schema, so the PDF, the live page, the e-mail, the server and the screens get typed values.
import { z } from 'zod';
import { BRAND_BIO_MAX_LENGTH, BRAND_TAGLINE_MAX_LENGTH, COVER_LETTER_MAX_LENGTH } from '@cma/contracts';
import { normaliseMarketArea, type MarketArea } from '@cma/valuation';

/** How the report words the value: a home being listed now, or what a home that sold was worth when it sold. */
export type ValuationPurpose = 'listing' | 'past-sale';
export const VALUATION_PURPOSES: readonly ValuationPurpose[] = ['listing', 'past-sale'];

/** One line of the page choice: a page id and whether it prints (pages.ts of @cma/report gives the ids their meaning). */
export interface SavedPageChoiceEntry {
  id: string;
  on: boolean;
}

export interface ReportData {
  /** Generated once per report; saving again with the same id updates the history entry. */
  reportId?: string;
  /** yyyy-mm-dd the report is dated; the render date when absent. */
  reportDate?: string;
  /** Agent details printed instead of the profile's when the printer has no profile (`cma report`). */
  agentName?: string;
  agentEmail?: string;
  agentPhone?: string;
  businessName?: string;
  businessAddress?: string;
  businessWebsite?: string;
  licenceNumber?: string;
  tagline?: string;
  bio?: string;
  /** Comparable uuid (or 'subject') → the photo chosen on /review (an image id; older states kept a data URL). */
  photoChoice?: Record<string, string>;
  /** The pages that print, in print order; absent = the agent's default choice. */
  pages?: SavedPageChoiceEntry[];
  /** The agent's uploaded PDF pages this report lists. */
  customPages?: Array<{ id: string }>;
  /** Seller net sheet entries as typed (numbers, or text while the agent types; normaliseNetSheet reads them). */
  netSheet?: Record<string, number | string>;
  /** The market statistics area: a radius around the subject, its subdivision or its zip code. */
  marketArea?: MarketArea;
  /** The report's own cover letter (placeholders {client}, {address}, {agent}); absent = the agent's template. */
  coverLetter?: string;
  /** True when the agent picked this report's colour (pdfColor) over the brand kit's. */
  ownColour?: boolean;
  /** Print comparables-grid rows no comparable has data for. */
  keepEmptyRows?: boolean;
  /** Print the review notes (the agent's own warnings) on the PDF and the live page; off by default (issue 27). */
  reviewNotes?: boolean;
  /** The subject is being listed now or is a past sale (chosen on /confirm-subject); absent = read from its status. */
  purpose?: ValuationPurpose;
}

/** Longest text of each free-text field of the document (issue 30): refused on save, send and share with the field named. */
export const CMA_TEXT_LIMITS = {
  reportName: 200,
  clientName: 200,
  address: 500,
  /** The agent's notes to the client (review_data.agentNotes). */
  agentNotes: 10_000,
  coverLetter: COVER_LETTER_MAX_LENGTH,
  tagline: BRAND_TAGLINE_MAX_LENGTH,
  bio: BRAND_BIO_MAX_LENGTH,
  /** A name, phone, e-mail or website line of the agent. */
  agentLine: 254,
  /** Any text of a subject or comparable record (an MLS remark, a typed note). */
  propertyText: 20_000,
  reportId: 120,
  /** A photo choice (an image id; a data URL in states saved before photos were stored). */
  photoChoice: 8 * 1024 * 1024,
} as const;

const AGENT_LINES = ['agentName', 'agentEmail', 'agentPhone', 'businessName', 'businessAddress', 'businessWebsite', 'licenceNumber'] as const;

/** A value of the wrong type is dropped (the key reads as absent): older and hand-made states still open. */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);
const text = z.string();
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const pageEntry = z.union([z.string().transform((id) => ({ id, on: true })), z.looseObject({ id: z.string(), on: z.unknown().optional() }).transform((e) => ({ id: e.id, on: e.on !== false }))]);
const pageList = z.array(z.unknown()).transform((items) => items.flatMap((item) => {
  const parsed = pageEntry.safeParse(item);
  return parsed.success ? [parsed.data] : [];
}));
const customPageList = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const id = typeof item === 'string' ? item : item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
    return typeof id === 'string' && id ? [{ id }] : [];
  }),
);
const stringRecord = z.record(z.string(), z.unknown()).transform((r) => Object.fromEntries(Object.entries(r).filter((e): e is [string, string] => typeof e[1] === 'string')));
const netSheetEntries = z.record(z.string(), z.unknown()).transform((r) =>
  Object.fromEntries(Object.entries(r).filter((e): e is [string, number | string] => typeof e[1] === 'string' || (typeof e[1] === 'number' && Number.isFinite(e[1])))),
);

/**
 * report_data as every reader gets it: named keys with their types (a wrong type reads as absent), unknown keys dropped.
 * null or anything but an object is an empty report_data.
 */
export const reportDataSchema = z
  .unknown()
  .transform((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}))
  .pipe(
    z.object({
      reportId: optional(text),
      reportDate: optional(isoDay),
      ...Object.fromEntries(AGENT_LINES.map((key) => [key, optional(text)])) as Record<(typeof AGENT_LINES)[number], z.ZodCatch<z.ZodOptional<z.ZodString>>>,
      tagline: optional(text),
      bio: optional(text),
      photoChoice: optional(stringRecord),
      pages: optional(pageList),
      customPages: optional(customPageList),
      netSheet: optional(netSheetEntries),
      marketArea: z.unknown().optional().transform((v) => (v == null ? undefined : normaliseMarketArea(v))),
      coverLetter: optional(text),
      ownColour: optional(z.boolean()),
      keepEmptyRows: optional(z.boolean()),
      reviewNotes: optional(z.boolean()),
      purpose: optional(z.enum(VALUATION_PURPOSES as [ValuationPurpose, ...ValuationPurpose[]])),
    }),
  )
  .transform((data) => Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as ReportData);

/** report_data of any saved state, normalised (see reportDataSchema). */
export const readReportData = (raw: unknown): ReportData => reportDataSchema.parse(raw);

/** The keys of ReportData that hold the agent's free text, with their caps. */
export const REPORT_DATA_TEXT_LIMITS: Partial<Record<keyof ReportData, number>> = {
  reportId: CMA_TEXT_LIMITS.reportId,
  ...Object.fromEntries(AGENT_LINES.map((key) => [key, CMA_TEXT_LIMITS.agentLine])),
  businessAddress: CMA_TEXT_LIMITS.address,
  tagline: CMA_TEXT_LIMITS.tagline,
  bio: CMA_TEXT_LIMITS.bio,
  coverLetter: CMA_TEXT_LIMITS.coverLetter,
};
