// What every page of the report shares, worded once: the headline (value, range and what they rest on, in the words of
// the report's purpose), the agent's card and the brand palette. The PDF, the live page and the e-mail print these.
import { NOT_AVAILABLE, formatAmount, formatCount } from '@cma/valuation';
import type { ValuationPurpose } from '@cma/cma';
import type { Branding, ReportDocumentInput } from '../build-input';
import { brandPalette, type BrandPalette } from '../palette';

export interface Headline {
  value: number | null;
  range: { start: number; end: number; source: 'agent' | 'engine' } | null;
  /** 'Suggested list price' for a home listed now, 'Estimated value at the time of sale' for a past sale. */
  valueLabel: string;
  /** 'Suggested price range' or 'Likely range at the time of sale'. */
  rangeLabel: string;
  valueText: string;
  /** '$ 590,000 – $ 635,000', or Not Available. */
  rangeText: string;
  /** 'Based on 5 comparable sales and a model of 2,948 sales' (the market model is part of the value), else of the comparables. */
  basedOn: string;
  /** Where the range comes from, in one sentence; '' without a range. */
  rangeNote: string;
  /** The e-mail's first line: the value and the range in one sentence. */
  summary: string;
}

export interface AgentCard {
  name: string;
  businessName: string;
  businessAddress: string;
  /** 'Licence #…', or ''. */
  licence: string;
  tagline: string;
  bioParagraphs: string[];
  phone: string;
  email: string;
  website: string;
  /** Phone, e-mail and website on one line (the cover). */
  contactLine: string;
  /** Every contact detail the agent gave, labelled (the bio page). */
  contactRows: Array<{ label: string; value: string }>;
  headshot: string | null;
  logo: string | null;
  brokerageLogo: string | null;
}

export interface ReportFrame {
  reportName: string;
  clientName: string;
  reportDate: string;
  /** The subject's full address and its street line. */
  address: string;
  street: string;
  purpose: ValuationPurpose;
  palette: BrandPalette;
  headline: Headline;
  agent: AgentCard;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
export const rangeText = (range: { start: number; end: number } | null) => (range ? `${formatAmount(range.start)} – ${formatAmount(range.end)}` : NOT_AVAILABLE);

function basedOn(input: ReportDocumentInput): string {
  const adjusted = input.comparables.filter((c) => c.adjusted).length;
  const model = input.reconciliation?.modelSales ?? null;
  if (model == null) return `Based on ${formatCount(adjusted, 'adjusted comparable sale')}`;
  // The value is partly the market model's: the client reads what both rest on (the model by name only when shown).
  return input.reconciliation?.marketModel
    ? `Based on ${formatCount(adjusted, 'comparable sale')} and a model of ${formatCount(model, 'sale')}`
    : `Based on ${formatCount(adjusted, 'comparable sale')} weighed against ${formatCount(model, 'other recent sale')} in the area`;
}

function rangeNote(input: ReportDocumentInput): string {
  const { range, reconciliation } = input;
  if (!range) return '';
  if (range.source === 'agent') return 'Set by your agent after review of the adjusted comparables.';
  return reconciliation?.likelyRange ? 'The 80 % likely range: 8 in 10 recent sales valued this way sold within it.' : 'The weighted spread of the adjusted prices, rounded to $1,000.';
}

export function headlineOf(input: ReportDocumentInput): Headline {
  const value = input.reconciliation?.value ?? null;
  const pastSale = input.purpose === 'past-sale';
  const valueLabel = pastSale ? 'Estimated value at the time of sale' : 'Suggested list price';
  const rangeLabel = pastSale ? 'Likely range at the time of sale' : 'Suggested price range';
  const at = pastSale ? ` (${new Date(`${input.valuationDate}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })})` : '';
  const valueText = value == null ? NOT_AVAILABLE : formatAmount(value);
  const summary =
    value == null
      ? input.range
        ? `${rangeLabel} for ${input.subject.street}: ${rangeText(input.range)}.`
        : ''
      : `${valueLabel} for ${input.subject.street}${at}: ${valueText}${input.range ? `, in a range of ${rangeText(input.range)}` : ''}.`;
  return { value, range: input.range, valueLabel, rangeLabel, valueText, rangeText: rangeText(input.range), basedOn: basedOn(input), rangeNote: rangeNote(input), summary };
}

export function agentCardOf(branding: Branding): AgentCard {
  const contactRows = [
    { label: 'Phone', value: branding.agentPhone },
    { label: 'E-mail', value: branding.agentEmail },
    { label: 'Website', value: branding.businessWebsite },
    { label: 'Brokerage', value: branding.businessName },
    { label: 'Office', value: branding.businessAddress },
    { label: 'Licence number', value: branding.licenceNumber },
  ].filter((row) => row.value);
  return {
    name: branding.agentName || branding.businessName || 'Your agent',
    businessName: branding.businessName,
    businessAddress: branding.businessAddress,
    licence: branding.licenceNumber ? `Licence #${branding.licenceNumber}` : '',
    tagline: branding.tagline,
    bioParagraphs: paragraphs(branding.bio),
    phone: branding.agentPhone,
    email: branding.agentEmail,
    website: branding.businessWebsite,
    contactLine: [branding.agentPhone, branding.agentEmail, branding.businessWebsite].filter(Boolean).join('   |   '),
    contactRows,
    headshot: branding.headshot,
    logo: branding.logo,
    brokerageLogo: branding.brokerageLogo,
  };
}

export function frameOf(input: ReportDocumentInput): ReportFrame {
  return {
    reportName: input.reportName,
    clientName: input.clientName,
    reportDate: input.reportDate,
    address: input.subject.fullAddress,
    street: input.subject.street,
    purpose: input.purpose,
    palette: brandPalette(input.colour),
    headline: headlineOf(input),
    agent: agentCardOf(input.branding),
  };
}
