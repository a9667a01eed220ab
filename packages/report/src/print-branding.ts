// The agent's print branding: what a report is printed with besides its CMA document. The server reads it from the
// profile and the brand kit (GET /api/report-branding answers the same object), and this one function turns it into
// the report's options, in the browser's preview and in every server print alike (issue 29 item 5).
import type { AgentDetails, BuildOptions } from './build-input';

/** The agent's details as the server keeps them for printing (contracts' reportBranding has the same fields). */
export interface ReportBranding {
  /** The name printed for the agent: the business profile's agent name, else the account's name. */
  agent_name: string;
  /** Where clients write: the business e-mail, else the account's. */
  email: string;
  phone: string;
  business_name: string;
  business_address: string;
  website: string;
  licence_number: string;
  tagline: string;
  bio: string;
  /** '#rrggbb', or null for the default report colour. */
  brand_colour: string | null;
  /** '' = the built-in letter. */
  cover_letter_template: string;
  default_pages: Array<{ id: string; on: boolean }> | null;
  /** png/jpeg data URLs, or null. */
  logo: string | null;
  headshot: string | null;
  brokerage_logo: string | null;
}

/** What a printer passes to buildReportInput (with the logo, which goes into the state's businessImages). */
export interface PrintOptions extends Pick<BuildOptions, 'agent' | 'brandColour' | 'coverLetterTemplate' | 'defaultPages'> {
  agent: AgentDetails;
  logo: string | null;
}

export function printOptionsOf(branding: ReportBranding): PrintOptions {
  return {
    agent: {
      agentName: branding.agent_name,
      agentEmail: branding.email,
      agentPhone: branding.phone,
      businessName: branding.business_name,
      businessAddress: branding.business_address,
      businessWebsite: branding.website,
      licenceNumber: branding.licence_number,
      tagline: branding.tagline,
      bio: branding.bio,
      headshot: branding.headshot,
      brokerageLogo: branding.brokerage_logo,
    },
    brandColour: branding.brand_colour,
    coverLetterTemplate: branding.cover_letter_template || null,
    defaultPages: branding.default_pages ?? undefined,
    logo: branding.logo,
  };
}

/** The brand kit pages the agent has filled in: they start ticked in a report without a page choice of its own. */
export function filledBrandPages(branding: Pick<ReportBranding, 'bio' | 'cover_letter_template'> | null | undefined): { bio: boolean; coverLetter: boolean } {
  return { bio: !!branding?.bio.trim(), coverLetter: !!branding?.cover_letter_template.trim() };
}
