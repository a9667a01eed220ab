import { z } from 'zod';
import { envelope } from './envelope';

export const faqEntry = z.object({ id: z.number().int(), question: z.string(), answer: z.string() });
export type FaqEntry = z.infer<typeof faqEntry>;
export const faqListResponse = envelope(z.array(faqEntry));

export const companyContact = z.object({
  email: z.string(),
  phone: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
});
export type CompanyContact = z.infer<typeof companyContact>;

/** Public client settings (GET /api/config); never carries a secret. */
export const publicConfig = z.object({
  billing: z.enum(['stripe', 'test']),
  stripePublishableKey: z.string().nullable(),
  /** Street map tiles ({z}/{x}/{y} template); null when maps are off (the offline drawing). */
  mapTileUrl: z.string().nullable(),
  /** The credit the tile source requires, shown on every map drawn from its tiles. */
  mapAttribution: z.string(),
  sentryDsn: z.string().nullable(),
  company: companyContact,
});
export type PublicConfig = z.infer<typeof publicConfig>;
export const publicConfigResponse = envelope(publicConfig);
