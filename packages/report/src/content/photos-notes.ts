// The photos page, the agent's page and the notes and disclosures page (with the review notes when the agent turned
// them on, issue 27).
import { NOT_AVAILABLE } from '@cma/valuation';
import type { ReportDocumentInput } from '../build-input';
import type { AgentCard, ReportFrame } from './frame';

/** Spec §1 legal text, printed in every report. */
export const LEGAL_PARAGRAPHS = [
  'This comparative market analysis is an approximate value of the property based on recent comparable sales. It is not a licensed appraisal and must not be relied on as one; for lending or legal purposes, consult a licensed appraiser.',
  'Multiple-listing (MLS) data imported into this report is used according to the listing provider\u2019s rules. Information is deemed reliable but not guaranteed and should be independently verified.',
  'CMA Studio never sells user information.',
] as const;

export interface PhotosContent {
  cells: Array<{ caption: string; src: string }>;
}

/**
 * Only photos that exist (a page of "Photo Not Available" tiles is filler), and no page at all when the only photo is
 * the one the cover already shows.
 */
export function photosContent(input: ReportDocumentInput): PhotosContent | null {
  const { subject } = input;
  const cells = [
    ...subject.photos.map((src, i) => ({ caption: `Subject${subject.photos.length > 1 ? ` (${i + 1})` : ''} - ${subject.street}`, src })),
    ...input.comparables.flatMap((c) => (c.photos[0] ? [{ caption: `Comparable ${c.number} - ${c.street}`, src: c.photos[0] }] : [])),
  ];
  if (cells.length === 0) return null;
  if (cells.length === 1 && subject.photos.length === 1 && input.pages.includes('cover')) return null;
  return { cells };
}

export type BioContent = AgentCard;
export const bioContent = (_input: ReportDocumentInput, frame: ReportFrame): BioContent => frame.agent;

export interface NotesContent {
  /** The agent's notes to the client, by paragraph; none when not written. */
  notes: string[];
  /** Public remarks and the agent's notes on each comparable, only where there are some. */
  remarks: Array<{ label: string; remarks: string | null; agentNotes: string | null }>;
  /** The agent's own review warnings, only when the agent turned them on for the client (report_data.reviewNotes). */
  reviewNotes: string[];
  legal: readonly string[];
}

export function notesContent(input: ReportDocumentInput): NotesContent {
  const remarksOf = (text: string) => (text !== NOT_AVAILABLE ? text : null);
  const remarks = [
    { label: `Subject - ${input.subject.street}`, remarks: remarksOf(input.subject.publicRemarks), agentNotes: null },
    ...input.comparables.map((c) => ({ label: `Comparable ${c.number} - ${c.street}`, remarks: remarksOf(c.publicRemarks), agentNotes: c.agentNotes || null })),
  ].filter((r) => r.remarks || r.agentNotes);
  return {
    notes: input.notes ? input.notes.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) : [],
    remarks,
    reviewNotes: input.showReviewNotes ? input.warnings : [],
    legal: LEGAL_PARAGRAPHS,
  };
}
