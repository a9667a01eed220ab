import { z } from 'zod';
import { envelope } from './envelope';

// The agent's brand kit (issue 19): what every report starts from — brand colour, tagline, short bio, cover letter
// template, brokerage logo for co-branding and the default page choice. Logo, headshot and licence number stay where they
// were (store-business-detail, upload-profile-pic).

export const BRAND_TAGLINE_MAX_LENGTH = 160;
export const BRAND_BIO_MAX_LENGTH = 1500;
/** Longest cover letter (template or a report's own): one printed page of 10 pt text. */
export const COVER_LETTER_MAX_LENGTH = 4000;
export const BRAND_COLOUR_MESSAGE = 'The brand colour must be a colour such as #0070c0.';

const limitedText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters.`);

/** Multipart text fields of POST /api/brand-kit (file part `brokerage_logo`); a field left out stays as it is. */
export const storeBrandKitFields = z.object({
  /** '' goes back to the default colour. */
  brand_colour: z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => v === '' || /^#[0-9a-f]{6}$/.test(v), BRAND_COLOUR_MESSAGE)
    .optional(),
  tagline: limitedText(BRAND_TAGLINE_MAX_LENGTH, 'Tagline').optional(),
  bio: limitedText(BRAND_BIO_MAX_LENGTH, 'Bio').optional(),
  cover_letter_template: limitedText(COVER_LETTER_MAX_LENGTH, 'Cover letter').optional(),
  /** '1' removes the stored brokerage logo. */
  remove_brokerage_logo: z.enum(['0', '1', 'true', 'false']).optional(),
});
export type StoreBrandKitFields = z.input<typeof storeBrandKitFields>;

/** One line of a page choice (see @cma/report/pages): a page id and whether it prints; the list order is the print order. */
export const pageChoiceEntry = z.object({
  id: z.string().trim().min(1).max(80),
  on: z.boolean(),
});
export const pageChoice = z.array(pageChoiceEntry).max(40, 'A page list can have at most 40 pages.');

export const brandKit = z.object({
  /** '#rrggbb', or null for the default report colour. */
  brand_colour: z.string().nullable(),
  tagline: z.string(),
  bio: z.string(),
  /** '' = the built-in letter. */
  cover_letter_template: z.string(),
  /** data: URL (PNG or JPEG), or null. */
  brokerage_logo: z.string().nullable(),
  /** The agent's default page choice for new reports, or null for the built-in one. */
  default_pages: pageChoice.nullable(),
});
export type BrandKit = z.infer<typeof brandKit>;
export const brandKitResponse = envelope(brandKit);

/** PUT /api/report-default-pages: the page choice every new report starts from. */
export const storeDefaultPagesRequest = z.object({ pages: pageChoice });
export type StoreDefaultPagesRequest = z.infer<typeof storeDefaultPagesRequest>;

// Uploaded PDF pages (issue 19 item 8): kept per agent, placed in a report's page list as 'custom:<id>'.

export const CUSTOM_PAGE_MAX_BYTES = 5 * 1024 * 1024;
export const CUSTOM_PAGE_NAME_MAX_LENGTH = 80;

export const customPage = z.object({
  id: z.string(),
  /** What the page picker shows. */
  name: z.string(),
  page_count: z.number().int(),
  bytes: z.number().int(),
  created_at: z.string(),
});
export type CustomPage = z.infer<typeof customPage>;
export const customPagesResponse = envelope(z.array(customPage));
export const customPageResponse = envelope(customPage);
/** GET /api/custom-pages/:id: the upload with its file, for the browser's preview. */
export const customPageFileResponse = envelope(customPage.extend({ data_url: z.string() }));
export const customPageParams = z.object({ id: z.uuid({ error: 'There is no such uploaded page.' }) });
export const deleteCustomPageResponse = envelope(z.object({ id: z.string() }));
