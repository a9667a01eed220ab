// Quality, condition, property type and sale type read from an export's columns and Public Remarks. Quality and
// condition are UAD steps (Q1–Q6, C1–C6; 1 is best); each reading says where it came from so the agent can confirm it.

import { NOT_AVAILABLE } from './format';

/** UAD quality and condition run from 1 (best) to 6. */
export const UAD_STEPS = [1, 2, 3, 4, 5, 6] as const;
export type UadStep = (typeof UAD_STEPS)[number];

export const QUALITY_LABELS: Record<UadStep, string> = {
  1: 'Q1 Custom, exceptional',
  2: 'Q2 High quality',
  3: 'Q3 Above standard',
  4: 'Q4 Standard',
  5: 'Q5 Economy',
  6: 'Q6 Basic',
};

export const CONDITION_LABELS: Record<UadStep, string> = {
  1: 'C1 New',
  2: 'C2 Renovated, no wear',
  3: 'C3 Well maintained',
  4: 'C4 Normal wear',
  5: 'C5 Deferred maintenance',
  6: 'C6 Substantial repairs needed',
};

/** The same steps in a few words, for a narrow column (the adjustment grid), where the full label is still told. */
export const QUALITY_SHORT_LABELS: Record<UadStep, string> = {
  1: 'Q1 Custom',
  2: 'Q2 High',
  3: 'Q3 Above std.',
  4: 'Q4 Standard',
  5: 'Q5 Economy',
  6: 'Q6 Basic',
};

export const CONDITION_SHORT_LABELS: Record<UadStep, string> = {
  1: 'C1 New',
  2: 'C2 Renovated',
  3: 'C3 Well kept',
  4: 'C4 Normal',
  5: 'C5 Deferred',
  6: 'C6 Repairs',
};

export const PROPERTY_TYPES = ['single-family', 'townhouse', 'condominium', 'multi-unit'] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_TYPE_LABELS: Record<PropertyType, string> = {
  'single-family': 'Single-family home',
  townhouse: 'Townhouse',
  condominium: 'Condominium',
  'multi-unit': 'Multi-unit (duplex or more)',
};

/** Sales that do not show what a willing buyer pays a willing seller; left out of comparables by default. */
export const NON_MARKET_SALE_TYPES = ['short-sale', 'foreclosure', 'estate', 'relocation', 'family', 'partial-interest', 'linked-parcels', 'abnormal'] as const;
export type NonMarketSaleType = (typeof NON_MARKET_SALE_TYPES)[number];

export const SALE_TYPE_LABELS: Record<NonMarketSaleType, string> = {
  'short-sale': 'short sale',
  foreclosure: 'foreclosure or bank-owned (REO) sale',
  estate: 'estate or probate sale',
  relocation: 'relocation company sale',
  family: 'sale between relatives',
  'partial-interest': 'sale of a partial interest',
  'linked-parcels': 'sale of linked parcels or adjoining land',
  abnormal: 'abnormal sale (a trade, foreclosure or short sale)',
};

export interface FactReading<T> {
  value: T;
  /**
   * The same reading on the export's own finer scale, higher is better (a King County grade 1–13, a rating word 1–10):
   * the UAD steps lump levels together (Good and Above_Average are both Q3), the market model reads them apart.
   */
  rating?: number;
  /**
   * The finer rating placed on the step scale the grid adjusts by (FineStep), where the export rates finer than UAD
   * and the step was read from that rating.
   */
  fine?: FineStep;
  /** Where it was read, in the agent's words: "Remarks: “Grade 8 home”". */
  source: string;
}

/**
 * A quality or condition between whole UAD steps: `score` on the step scale (higher is better, Q4 = 3, Q3 = 4 …),
 * `words` the export's own rating ('grade 9', 'Above average'). The grid adjusts by the score difference.
 */
export interface FineStep {
  score: number;
  words: string;
}

export interface ListingText {
  remarks?: string | null;
  /** The export's condition column ('Good', 'Very Good', 'C3', 'Average condition'). */
  condition?: string | null;
  /** The export's quality column, when it has one. */
  quality?: string | null;
  propertyType?: string | null;
  propertySubType?: string | null;
  /** The export's sale-type column (Special Listing Conditions, Sale Type …). */
  saleType?: string | null;
  yearBuilt?: number | null;
  /** yyyy-mm-dd; a renovation counts as recent within 10 years of it. */
  closeDate?: string | null;
}

export interface ListingReadings {
  quality?: FactReading<UadStep>;
  condition?: FactReading<UadStep>;
  /** Kitchen quality ("Good kitchen"): only a rating (1–10), which the market model reads. */
  kitchen?: FactReading<number>;
  /** The year of the latest renovation the remarks name ("renovated 2004"), not after the sale nor before the build. */
  renovated?: FactReading<number>;
  propertyType?: FactReading<PropertyType>;
  saleType?: FactReading<NonMarketSaleType>;
}

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const isBlank = (text: string) => text === '' || /^(?:not available|n\/a|na)$/i.test(text);
const clampStep = (n: number): UadStep => Math.min(6, Math.max(1, Math.round(n))) as UadStep;

/** King County construction grade (1–13, 7 average) as a UAD quality step. */
export function qualityFromGrade(grade: number): UadStep {
  if (grade >= 11) return 1;
  if (grade >= 9) return 2;
  if (grade === 8) return 3;
  if (grade === 7) return 4;
  if (grade === 6) return 5;
  return 6;
}

/** A King County grade on the step scale: one grade one step, grade 7 (average) at Q4's score 3. */
function gradeStep(grade: number): FineStep {
  return { score: grade - 4, words: `grade ${grade}` };
}

const RATING_WORDS = ['', 'Very poor', 'Poor', 'Fair', 'Below average', 'Average', 'Above average', 'Good', 'Very good', 'Excellent', 'Very excellent'];

/** A ten-point rating word on the step scale, evenly spaced: Average (5) at Q4's score 3, Very good (8) at Q2's score 5. */
function wordStep(rating: number): FineStep {
  return { score: 3 + ((rating - 5) * 2) / 3, words: RATING_WORDS[rating] ?? `rating ${rating}` };
}

// Rating words as exports write them (Excellent, Above_Average, Typical, TA, Gd …) on the common ten-point scale
// (Very_Poor 1 … Very_Excellent 10), higher is better.
const WORD_RATINGS: readonly [RegExp, number][] = [
  [/^very[ _-]?excellent$/, 10],
  [/^(?:excellent|ex|exceptional|luxury|custom)$/, 9],
  [/^very[ _-]?good$/, 8],
  [/^(?:good|gd)$/, 7],
  [/^above[ _-]?average$/, 6],
  [/^(?:average|typical|ta|normal|standard|avg)$/, 5],
  [/^below[ _-]?average$/, 4],
  [/^(?:fair|fa)$/, 3],
  [/^(?:poor|po|bad)$/, 2],
  [/^very[ _-]?poor$/, 1],
];

/** The UAD step of each rating: Excellent and above 1, Very_Good 2, Good and Above_Average 3, Average 4, Fair to Below_Average 5, Poor and below 6. */
const STEP_OF_RATING: readonly UadStep[] = [6, 6, 6, 5, 5, 4, 3, 3, 2, 1, 1]; // index = rating 0–10

const UAD_CODE = { Q: /^q\s*([1-6])$/, C: /^c\s*([1-6])$/ } as const;

/** A rating word or a UAD code ('Q3', 'C4', 'Good', 'Above_Average') as its step and its rating; null when it says nothing. */
function rateWord(word: string, letter: 'Q' | 'C'): { value: UadStep; rating: number; fine?: FineStep } | null {
  const lower = word.trim().toLowerCase().replace(/\s+/g, ' ');
  const uad = UAD_CODE[letter].exec(lower);
  if (uad) return { value: Number(uad[1]) as UadStep, rating: 7 - Number(uad[1]) };
  for (const [pattern, rating] of WORD_RATINGS) if (pattern.test(lower)) return { value: STEP_OF_RATING[rating], rating, fine: wordStep(rating) };
  return null;
}

/** A rating word or a UAD code on the finer scale, higher is better (UAD: Q1 → 6 … Q6 → 1); null when it says nothing. */
export function ratingFromWord(word: string, letter: 'Q' | 'C'): number | null {
  return rateWord(word, letter)?.rating ?? null;
}

/** A rating word or a UAD code ('Q3', 'C4', 'Good', 'Above_Average') as a step; null when it says nothing. */
export function stepFromWord(word: string, letter: 'Q' | 'C'): UadStep | null {
  return rateWord(word, letter)?.value ?? null;
}

function quote(remarks: string, index: number, length: number): string {
  const start = Math.max(0, remarks.lastIndexOf('.', index) + 1);
  const end = remarks.indexOf('.', index + length);
  const sentence = remarks.slice(start, end < 0 ? undefined : end).trim();
  return `Remarks: “${sentence.length > 80 ? `${sentence.slice(0, 77)}…` : sentence}”`;
}

const WORD = '(very[ _-]?excellent|excellent|very[ _-]?good|good|above[ _-]?average|average|typical|below[ _-]?average|fair|poor|very[ _-]?poor)';

// The home's own quality or condition, not a part's ("Kitchen quality: Excellent" says nothing of the whole).
const OF_THE_HOME = '(?<!(?:kitchen|exterior|basement|garage|bath|bathroom|roof|heating|fireplace|pool)\\s)';

/** A rating word said of a noun, either way round: "Good kitchen", "Above_Average overall quality", "Kitchen: Good". */
function ratedPhrase(noun: string): readonly [RegExp, RegExp] {
  return [new RegExp(`\\b${WORD}\\s+(?:overall\\s+)?${noun}\\b`, 'i'), new RegExp(`\\b(?:overall\\s+)?${noun}\\s*(?::|-|–|is|rated)\\s*${WORD}\\b`, 'i')];
}
// Built once: every listing read runs them.
const QUALITY_PHRASE = ratedPhrase(`${OF_THE_HOME}(?:quality|construction|build)`);
const CONDITION_PHRASE = ratedPhrase(`${OF_THE_HOME}condition`);
const KITCHEN_PHRASE = ratedPhrase('kitchen(?:\\s+quality)?');
const findPhrase = (remarks: string, [wordFirst, nounFirst]: readonly [RegExp, RegExp]) => wordFirst.exec(remarks) ?? nounFirst.exec(remarks);

function readQuality(text: ListingText, remarks: string): FactReading<UadStep> | undefined {
  const column = clean(text.quality);
  if (!isBlank(column)) {
    const grade = /^\d{1,2}$/.test(column) ? Number(column) : null;
    const rated = grade != null ? { value: qualityFromGrade(grade), rating: grade, fine: gradeStep(grade) } : rateWord(column, 'Q');
    if (rated) return { ...rated, source: `Quality: ${column}` };
  }
  const grade = /\bgrade\s*(1[0-3]|[1-9])\b/i.exec(remarks);
  if (grade) return { value: qualityFromGrade(Number(grade[1])), source: quote(remarks, grade.index, grade[0].length), rating: Number(grade[1]), fine: gradeStep(Number(grade[1])) };
  const uad = /\bQ([1-6])\b/.exec(remarks);
  if (uad) return { value: Number(uad[1]) as UadStep, source: quote(remarks, uad.index, uad[0].length), rating: 7 - Number(uad[1]) };
  const word = findPhrase(remarks, QUALITY_PHRASE);
  const rated = word && rateWord(word[1], 'Q');
  return word && rated ? { ...rated, source: quote(remarks, word.index, word[0].length) } : undefined;
}

function readKitchen(remarks: string): FactReading<number> | undefined {
  const word = findPhrase(remarks, KITCHEN_PHRASE);
  const rating = word ? ratingFromWord(word[1], 'Q') : null;
  return word && rating != null ? { value: rating, source: quote(remarks, word.index, word[0].length), rating } : undefined;
}

const RENOVATED = /\b(?:renovated|remodel(?:l)?ed|rebuilt)\s+(?:in\s+)?((?:19|20)\d\d)\b/i;

function readRenovated(text: ListingText, remarks: string): FactReading<number> | undefined {
  const match = RENOVATED.exec(remarks);
  if (!match) return undefined;
  const year = Number(match[1]);
  const closeYear = text.closeDate ? Number(text.closeDate.slice(0, 4)) : null;
  if ((closeYear != null && year > closeYear) || (text.yearBuilt != null && year < text.yearBuilt)) return undefined;
  return { value: year, source: quote(remarks, match.index, match[0].length) };
}

/** A rated condition as a step: C1 is for new homes only, so a word says C2 at best (its finer place then says nothing more). */
function conditionStep(rated: { value: UadStep; rating: number; fine?: FineStep }): Pick<FactReading<UadStep>, 'value' | 'rating' | 'fine'> {
  const value = clampStep(Math.max(2, rated.value));
  return { value, rating: rated.rating, ...(rated.fine && value === rated.value ? { fine: rated.fine } : {}) };
}

function readCondition(text: ListingText, remarks: string, renovated: FactReading<number> | undefined): FactReading<UadStep> | undefined {
  let reading: FactReading<UadStep> | undefined;
  const column = clean(text.condition);
  if (!isBlank(column)) {
    const rated = rateWord(column.replace(/\s*condition$/i, ''), 'C');
    if (rated) reading = { ...conditionStep(rated), source: `Condition: ${column}` };
  }
  if (!reading) {
    const uad = /\bC([1-6])\b/.exec(remarks);
    const word = findPhrase(remarks, CONDITION_PHRASE);
    const rated = word && rateWord(word[1], 'C');
    if (uad) reading = { value: Number(uad[1]) as UadStep, source: quote(remarks, uad.index, uad[0].length), rating: 7 - Number(uad[1]) };
    else if (word && rated) reading = { ...conditionStep(rated), source: quote(remarks, word.index, word[0].length) };
  }
  // New construction is C1; a renovation in the 10 years before the sale makes it at least C2.
  const closeYear = text.closeDate ? Number(text.closeDate.slice(0, 4)) : null;
  if (text.yearBuilt != null && closeYear != null && closeYear - text.yearBuilt <= 1 && closeYear >= text.yearBuilt) {
    return { value: 1, source: `Year built ${text.yearBuilt}, sold ${closeYear}`, ...ratingOf(reading) };
  }
  if (renovated && closeYear != null && closeYear - renovated.value <= 10 && (reading == null || reading.value > 2)) return { value: 2, source: renovated.source, ...ratingOf(reading) };
  return reading;
}

// A new or renovated home's step comes from its year, its rating still from the export's condition word.
const ratingOf = (reading: FactReading<UadStep> | undefined) => (reading?.rating != null ? { rating: reading.rating } : {});

function readPropertyType(text: ListingText, remarks: string): FactReading<PropertyType> | undefined {
  for (const [label, raw] of [['Property Sub Type', text.propertySubType], ['Property Type', text.propertyType]] as const) {
    const column = clean(raw);
    if (isBlank(column)) continue;
    const lower = column.toLowerCase().replace(/_/g, ' ');
    // Words and the short codes assessor-style exports use (OneFam, TwnhsE, TwoFmCon, Duplx).
    const value: PropertyType | null =
      /duplex|duplx|triplex|fourplex|quadruplex|multi|2-4 units|income|two ?f(?:a)?m(?:ily)? ?con|2fmcon|two[ -]family/.test(lower) ? 'multi-unit'
      : /town ?house|townhome|row ?house|attached|twnhs/.test(lower) ? 'townhouse'
      : /condo|apartment|stacked/.test(lower) ? 'condominium'
      : /single[ -]?family|detached|house|residential$|one ?fam|1 ?fam/.test(lower) ? 'single-family'
      : null;
    if (value) return { value, source: `${label}: ${column}` };
  }
  const match = /\b(duplex|triplex|fourplex|townhouse|townhome|condominium|condo)\b/i.exec(remarks);
  if (match) {
    const word = match[1].toLowerCase();
    const value: PropertyType = /plex/.test(word) ? 'multi-unit' : /town/.test(word) ? 'townhouse' : 'condominium';
    return { value, source: quote(remarks, match.index, match[0].length) };
  }
  return undefined;
}

const SALE_TYPE_PATTERNS: readonly [RegExp, NonMarketSaleType][] = [
  [/\bshort[ -]?sale\b|\blender approval\b|\bsubject to (?:bank|lender)\b/i, 'short-sale'],
  [/\bforeclos|\bREO\b|\bbank[ -]owned\b|\bsheriff'?s? sale\b|\bHUD (?:home|owned)\b|\btrustee'?s? sale\b/i, 'foreclosure'],
  [/\bestate sale\b|\bprobate\b|\bcourt approv|\bin probate\b|\bsold by (?:the )?estate\b/i, 'estate'],
  [/\brelocation\b|\brelo(?: company| sale)?\b/i, 'relocation'],
  [/\b(?:family|related[- ]party|non[- ]arm'?s?[- ]length|intra[- ]family)(?: sale| transfer| transaction)\b/i, 'family'],
  [/\bpartial interest\b|\bundivided (?:\d+\s*%|half|interest)\b|\bfractional (?:interest|ownership)\b|\b\d+\s*% interest\b/i, 'partial-interest'],
];

// What a sale-conditions column says in a word or a code (RESO Special Listing Conditions; Ames-style Sale Condition
// and Sale Type codes), beside the sentences remarks use. A bare "Partial" there is a new home not yet assessed: a market sale.
const SALE_TYPE_COLUMN_WORDS: readonly [RegExp, NonMarketSaleType][] = [
  [/\bthird[ -]party approval\b/i, 'short-sale'],
  [/\breal estate owned\b|\bin foreclosure\b|\bnotice of default\b|\bbankruptcy\b|\bgovernment owned\b/i, 'foreclosure'],
  [/\bCOD\b|\bcourt officer\b/, 'estate'],
  [/^family$/i, 'family'],
  [/\balloca(?:tion)?\b|\badj(?:oining)? ?land\b/i, 'linked-parcels'],
  [/\babnorml\b|\babnormal\b|\btrade\b/i, 'abnormal'],
];

const SALE_TYPE_COLUMN_PATTERNS = [...SALE_TYPE_PATTERNS, ...SALE_TYPE_COLUMN_WORDS];

function readSaleType(text: ListingText, remarks: string): FactReading<NonMarketSaleType> | undefined {
  const column = clean(text.saleType);
  if (!isBlank(column)) {
    for (const [pattern, value] of SALE_TYPE_COLUMN_PATTERNS) if (pattern.test(column)) return { value, source: `Sale type: ${column}` };
  }
  for (const [pattern, value] of SALE_TYPE_PATTERNS) {
    const match = pattern.exec(remarks);
    if (match) return { value, source: quote(remarks, match.index, match[0].length) };
  }
  return undefined;
}

/** Everything the listing's columns and remarks say about quality, condition, property type and sale type. */
export function readListingFacts(text: ListingText): ListingReadings {
  const remarks = clean(text.remarks);
  const renovated = readRenovated(text, remarks);
  const readings: ListingReadings = {
    quality: readQuality(text, remarks),
    condition: readCondition(text, remarks, renovated),
    kitchen: readKitchen(remarks),
    renovated,
    propertyType: readPropertyType(text, remarks),
    saleType: readSaleType(text, remarks),
  };
  return Object.fromEntries(Object.entries(readings).filter(([, r]) => r !== undefined)) as ListingReadings;
}

/**
 * Where a property record keeps the agent's quality and condition: a UAD step 1–6 the agent confirmed or picked, null when
 * the agent says it is not known, absent until the agent acts (then what was read from the listing counts).
 */
export interface AgentUadSteps {
  agentQuality?: number | null;
  agentCondition?: number | null;
}

/** The step that counts: the agent's choice when made (null: "not known"), else the listing's reading. */
export function chosenStep(agent: unknown, read: FactReading<UadStep> | undefined): UadStep | null {
  if (agent === null) return null;
  if (typeof agent === 'number' && (UAD_STEPS as readonly number[]).includes(agent)) return agent as UadStep;
  return read?.value ?? null;
}

/** The finer rating that goes with the step that counts: none when the agent picked another step or "not known". */
export function chosenRating(agent: unknown, read: FactReading<UadStep> | undefined): number | null {
  return read?.rating != null && chosenStep(agent, read) === read.value ? read.rating : null;
}

/** The finer place on the step scale that goes with the step that counts, by the same rule as chosenRating. */
export function chosenFine(agent: unknown, read: FactReading<UadStep> | undefined): FineStep | null {
  return read?.fine != null && chosenStep(agent, read) === read.value ? read.fine : null;
}

export interface OrderedFact {
  style: 'quality' | 'condition';
  label: string;
  /** The UAD step as a number that grows with value (Q1 → 6 … Q6 → 1), so a positive rate means better is worth more. */
  read: (facts: OrderedFactInput) => number | null;
  /** The same, on the export's finer scale where it has one (grade 9 vs 10, Good vs Above average): what the grid adjusts by. */
  score: (facts: OrderedFactInput) => number | null;
  /** The step (and the export's own rating, when finer) shown to the agent: 'Q3 Above standard (grade 8)'. */
  display: (facts: OrderedFactInput) => string;
}

export type OrderedFactInput = { quality?: number | null; condition?: number | null; qualityFine?: FineStep | null; conditionFine?: FineStep | null };

const stepScore = (step: number | null | undefined) => (step != null && step >= 1 && step <= 6 ? 7 - step : null);

function orderedFact(style: 'quality' | 'condition', label: string, labels: Record<UadStep, string>): OrderedFact {
  const step = (f: OrderedFactInput) => (style === 'quality' ? f.quality : f.condition);
  const fine = (f: OrderedFactInput) => (style === 'quality' ? f.qualityFine : f.conditionFine);
  return {
    style,
    label,
    read: (f) => stepScore(step(f)),
    score: (f) => (stepScore(step(f)) == null ? null : fine(f)?.score ?? stepScore(step(f))),
    display: (f) => {
      const s = step(f);
      if (stepScore(s) == null) return NOT_AVAILABLE;
      const words = fine(f)?.words;
      return words ? `${labels[s as UadStep]} (${words})` : labels[s as UadStep];
    },
  };
}

/** Quality and condition as the engine measures, selects and adjusts them. */
export const ORDERED_FACTS: readonly OrderedFact[] = [orderedFact('quality', 'Quality', QUALITY_LABELS), orderedFact('condition', 'Condition', CONDITION_LABELS)];

/** Export columns the ordered facts are read from, so they are not measured a second time as text facts. */
export const ORDERED_FACT_COLUMNS: ReadonlySet<string> = new Set(['Property Condition']);
