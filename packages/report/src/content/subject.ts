// The subject page: the home, its photo, the headline, its additional facts, every fact and its features.
import type { FactLine, ReportDocumentInput } from '../build-input';
import { keyFactsOf, type KeyFact } from './cover';

export interface SubjectContent {
  address: string;
  /** 'Listing 1234567'. */
  listingLine: string;
  photo: string | null;
  keyFacts: KeyFact[];
  additionalFacts: FactLine[];
  facts: FactLine[];
  features: FactLine[];
}

export function subjectContent(input: ReportDocumentInput): SubjectContent {
  const { subject } = input;
  return {
    address: subject.fullAddress,
    listingLine: `Listing ${subject.id}`,
    photo: subject.photos[0] ?? null,
    keyFacts: keyFactsOf(subject),
    additionalFacts: subject.additionalFacts,
    facts: subject.facts,
    features: subject.features,
  };
}

/** A list in two columns, the first one the longer. */
export function halves<T>(items: readonly T[]): [T[], T[]] {
  const half = Math.ceil(items.length / 2);
  return [items.slice(0, half), items.slice(half)];
}
