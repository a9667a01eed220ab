// Suggestions for the additional home facts (spec's additionalHomeFacts) read from what an MLS export carries: the
// Basement, Cooling and Heating columns, the below-grade area, and a few unambiguous Public Remarks phrases. The agent
// confirms or edits each; Location is never guessed (nothing in an export says whether a street is noisy).
import type { AdditionalFactGroup, AdditionalFacts } from './types';

export interface ListingFactText {
  basement?: string | null;
  belowGradeTotalArea?: number | null;
  cooling?: string | null;
  heating?: string | null;
  remarks?: string | null;
}

export interface SuggestedFact<G extends AdditionalFactGroup = AdditionalFactGroup> {
  value: NonNullable<AdditionalFacts[G]>;
  /** What the suggestion was read from, in the agent's words: "Cooling: Central Air". */
  source: string;
}

export type SuggestedFacts = { [G in AdditionalFactGroup]?: SuggestedFact<G> };

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const isBlank = (text: string) => text === '' || /^not available$/i.test(text);

type BasementType = NonNullable<AdditionalFacts['Basement Type']>;
type HeatingCooling = NonNullable<AdditionalFacts['Heating/Cooling']>;

/** An MLS Basement cell ('Walk-Out Access, Finished', 'Crawl Space') as a Basement Type; null when it does not say. */
export function basementTypeFromText(text: string): BasementType | null {
  const lower = text.trim().toLowerCase();
  if (/walk[- ]?out/.test(lower)) return 'Walkout';
  if (/garden/.test(lower)) return 'Garden Level';
  if (/^(?:none|no|slab|crawl ?space|no basement)$/.test(lower)) return 'None';
  if (/full|partial|finished|unfinished|daylight|in-?ground/.test(lower)) return 'In-Ground';
  return null;
}

/** An MLS Cooling cell ('Central Air', 'Ductless Mini-Split') as Heating/Cooling; null when it does not say. */
export function heatingCoolingFromText(text: string): HeatingCooling | null {
  const lower = text.trim().toLowerCase();
  if (/evaporative|swamp/.test(lower)) return 'Evaporative';
  if (/split|mini|ductless|zoned/.test(lower)) return 'Split Zone';
  if (/central/.test(lower)) return 'Central Air';
  if (/^(?:none|no)$/.test(lower)) return 'None';
  return null;
}

function basementType(listing: ListingFactText): SuggestedFact<'Basement Type'> | undefined {
  const text = clean(listing.basement);
  const fromText = isBlank(text) ? null : basementTypeFromText(text);
  if (fromText) return { value: fromText, source: `Basement: ${text}` };
  const area = listing.belowGradeTotalArea;
  if (area === 0) return { value: 'None', source: 'Below grade area: 0 sq ft' };
  return undefined;
}

function heatingCooling(listing: ListingFactText): SuggestedFact<'Heating/Cooling'> | undefined {
  const text = clean(listing.cooling);
  const value = isBlank(text) ? null : heatingCoolingFromText(text);
  return value ? { value, source: `Cooling: ${text}` } : undefined;
}

/** The remark sentence a phrase was found in, shortened, so the agent sees the words that were read. */
function quote(remarks: string, index: number): string {
  const start = Math.max(0, remarks.lastIndexOf('.', index) + 1);
  const end = remarks.indexOf('.', index);
  const sentence = remarks.slice(start, end < 0 ? undefined : end).trim();
  return `Remarks: “${sentence.length > 80 ? `${sentence.slice(0, 77)}…` : sentence}”`;
}

type RoomCondition = 'Full Update' | 'Partial Update High' | 'Dated';

/** A room's three phrase patterns (fully remodeled, updated, dated), built once: every listing of a pool is read. */
function roomPatterns(room: RegExp): readonly (readonly [RegExp, RoomCondition])[] {
  const full = new RegExp(`(?:(?:fully |completely )?(?:remodel(?:l)?ed|renovated|brand[- ]new|all[- ]new)\\s+(?:\\w+\\s+)?${room.source})|(?:${room.source}\\s+(?:was |has been |were |have been )?(?:fully |completely )?(?:remodel(?:l)?ed|renovated))`, 'i');
  const partial = new RegExp(`(?:updated\\s+(?:\\w+\\s+)?${room.source})|(?:${room.source}\\s+(?:was |has been |were |have been )?updated)`, 'i');
  const dated = new RegExp(`(?:(?:dated|original)\\s+(?:\\w+\\s+)?${room.source})|(?:${room.source}\\s+(?:is |are )?(?:dated|original))`, 'i');
  return [[full, 'Full Update'], [partial, 'Partial Update High'], [dated, 'Dated']];
}
const KITCHEN_PATTERNS = roomPatterns(/kitchen/);
const BATHROOM_PATTERNS = roomPatterns(/(?:bath(?:room)?s?)/);

function roomCondition(remarks: string, patterns: readonly (readonly [RegExp, RoomCondition])[]): { value: RoomCondition; source: string } | undefined {
  for (const [pattern, value] of patterns) {
    const match = pattern.exec(remarks);
    if (match) return { value, source: quote(remarks, match.index) };
  }
  return undefined;
}

function windows(remarks: string): SuggestedFact<'Windows'> | undefined {
  const match = /\b(?:new|newer|replacement|replaced)\s+(?:\w+\s+)?windows\b/i.exec(remarks);
  return match ? { value: 'Excellent New', source: quote(remarks, match.index) } : undefined;
}

/** Every additional fact the listing's own text supports, with where it was read. */
export function suggestAdditionalFacts(listing: ListingFactText): SuggestedFacts {
  const remarks = clean(listing.remarks);
  const suggestions: SuggestedFacts = {
    'Basement Type': basementType(listing),
    'Heating/Cooling': heatingCooling(listing),
    ...(isBlank(remarks)
      ? {}
      : {
          'Kitchen Condition': roomCondition(remarks, KITCHEN_PATTERNS),
          'Bathroom Condition': roomCondition(remarks, BATHROOM_PATTERNS),
          Windows: windows(remarks),
        }),
  };
  return Object.fromEntries(Object.entries(suggestions).filter(([, s]) => s !== undefined)) as SuggestedFacts;
}

/** The facts with every unset group filled from the suggestions; also which groups were filled. */
export function withSuggestedFacts(facts: AdditionalFacts, suggestions: SuggestedFacts): { facts: AdditionalFacts; suggested: AdditionalFactGroup[] } {
  const next: Record<string, string | null | undefined> = { ...facts };
  const suggested: AdditionalFactGroup[] = [];
  for (const [group, suggestion] of Object.entries(suggestions) as [AdditionalFactGroup, SuggestedFact][]) {
    if (next[group]) continue;
    next[group] = suggestion.value;
    suggested.push(group);
  }
  return { facts: next as AdditionalFacts, suggested };
}
