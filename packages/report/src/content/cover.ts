// The cover and the cover letter: the report's name, the client, the subject's photo and key facts, the headline; the
// agent's letter with its letterhead and signature.
import { NOT_AVAILABLE } from '@cma/valuation';
import type { PropertyView, ReportDocumentInput } from '../build-input';
import type { ReportFrame } from './frame';

export interface KeyFact {
  label: string;
  value: string;
}

const KEY_FACTS: Array<[string, string]> = [
  ['Bedrooms', 'Bedrooms'],
  ['Bathrooms', 'Bathrooms'],
  ['Above Grade Finished', 'Finished sq ft'],
  ['Year Built', 'Year Built'],
  ['Lot Size', 'Lot Size'],
];

export const factOf = (view: PropertyView, label: string) => view.facts.find((f) => f.label === label)?.value ?? NOT_AVAILABLE;

/** The five facts a client looks for first (the cover, the live page's home section). */
export const keyFactsOf = (subject: PropertyView): KeyFact[] => KEY_FACTS.map(([fact, label]) => ({ label, value: factOf(subject, fact) }));

export interface CoverContent {
  title: string;
  date: string;
  /** 'Prepared for …', or '' when no client is named yet (never 'Prepared for Not Available'). */
  preparedFor: string;
  photo: string | null;
  address: string;
  keyFacts: KeyFact[];
}

export function coverContent(input: ReportDocumentInput, frame: ReportFrame): CoverContent {
  return {
    title: frame.reportName,
    date: frame.reportDate,
    preparedFor: frame.clientName ? `Prepared for ${frame.clientName}` : '',
    photo: input.subject.photos[0] ?? null,
    address: frame.address,
    keyFacts: keyFactsOf(input.subject),
  };
}

export interface CoverLetterContent {
  /** The letterhead: the business (else the agent) and its address. */
  letterhead: string;
  letterheadAddress: string;
  date: string;
  paragraphs: string[];
  /** Licence, phone and e-mail under the signature. */
  signatureLine: string;
}

export function coverLetterContent(input: ReportDocumentInput, frame: ReportFrame): CoverLetterContent {
  const { agent } = frame;
  return {
    letterhead: agent.businessName || agent.name,
    letterheadAddress: agent.businessAddress,
    date: frame.reportDate,
    paragraphs: input.coverLetter.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean),
    signatureLine: [agent.licence, agent.phone, agent.email].filter(Boolean).join('   |   '),
  };
}
