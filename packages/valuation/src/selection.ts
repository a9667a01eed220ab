// Comparable selection: filter candidate sales the way an agent would, widen step by step when too few,
// and rank by similarity to the subject with the reasons for each pick (DESIGN.md §1.4).
import { formatNumber } from './format';
import { SALE_TYPE_LABELS, type NonMarketSaleType } from './listing-facts';
import type { SaleFacts } from './types';

export interface SelectionStep {
  /** Closed within this many months before the valuation date. */
  months: number;
  /** Within this many miles of the subject (ignored when either side has no coordinates); null = any distance. */
  miles: number | null;
  /** Above-grade area within ± this fraction of the subject's; null = any size. */
  sizeTolerance: number | null;
}

/** The agent's default filters first (12 months, 1 mile, ±20 % size), then wider ones. */
export const DEFAULT_SELECTION_STEPS: readonly SelectionStep[] = [
  { months: 12, miles: 1, sizeTolerance: 0.2 },
  { months: 12, miles: 2, sizeTolerance: 0.3 },
  { months: 18, miles: 3, sizeTolerance: 0.4 },
  { months: 24, miles: 5, sizeTolerance: 0.5 },
  { months: 36, miles: 10, sizeTolerance: null },
  { months: 1200, miles: null, sizeTolerance: null },
];

/** Score weights: each term is roughly "one point ≈ one notably different comparable". */
export interface SimilarityWeights {
  /** Per mile. */
  distance: number;
  /** Per 12 months before the valuation date. */
  recency: number;
  /** Per 20 % difference in above-grade area. */
  size: number;
  /** Per 20 % difference in below-grade area relative to the subject's total area. */
  basement: number;
  /** Per 20 years of difference in year built. */
  age: number;
  /** Per bedroom of difference. */
  bedrooms: number;
  /** Per bathroom of difference (half baths count half). */
  bathrooms: number;
  /** When levels differ. */
  levels: number;
  /** Per 100 % difference in lot size (log scale). */
  lot: number;
  /** Subtracted when in the same subdivision. */
  sameSubdivision: number;
  /** Per UAD quality step of difference. */
  quality: number;
  /** Added once when quality differs by more than one step: same or adjacent quality comes first. */
  qualityBeyondAdjacent: number;
  /** Per UAD condition step of difference. */
  condition: number;
}

export const DEFAULT_SIMILARITY_WEIGHTS: Readonly<SimilarityWeights> = {
  distance: 3,
  recency: 2,
  size: 0.6,
  basement: 0.3,
  age: 0.4,
  bedrooms: 0.15,
  bathrooms: 0.15,
  levels: 0.15,
  lot: 0.15,
  sameSubdivision: 0.2,
  quality: 0.3,
  qualityBeyondAdjacent: 1,
  condition: 0.15,
};

export interface SelectionOptions {
  /** Valuation date yyyy-mm-dd; default the subject's close date, else the latest candidate close. */
  asOfDate?: string;
  /** Only sales that closed strictly before asOfDate (back-test). Default: on or before. */
  strictlyBefore?: boolean;
  /** How many comparables to return. Default 6. */
  count?: number;
  /** Widen the filters until at least this many pass. Default 3. */
  minimum?: number;
  steps?: readonly SelectionStep[];
  weights?: Partial<SimilarityWeights>;
  /** Leave out sales at this street address (the subject's own earlier sales). */
  excludeStreetAddress?: string | null;
  excludeIds?: ReadonlySet<string>;
  /** Also use sales of another property type (single-family, townhouse, condominium, multi-unit). Default false. */
  mixPropertyTypes?: boolean;
  /** Also use non-market sales (short sale, foreclosure, estate …). Default false: they are left out and listed. */
  includeNonMarketSales?: boolean;
}

export interface LeftOutSale {
  facts: SaleFacts;
  /** Why it is not a comparable, in the agent's words: "short sale (Remarks: “Short sale, lender approval…”)". */
  reason: string;
}

export interface ComparablePick {
  facts: SaleFacts;
  /** Lower is more similar. */
  score: number;
  distanceMiles: number | null;
  monthsBeforeValuation: number;
  reasons: string[];
}

export interface Selection {
  picks: ComparablePick[];
  /** The filters that produced the picks. */
  step: SelectionStep;
  asOfDate: string;
  /** How many candidates passed that step's filters. */
  matched: number;
  /** One line per widening, for the agent. */
  notes: string[];
  /** Sales that passed the filters but are left out (non-market sales), nearest first. */
  leftOut: LeftOutSale[];
}

const MILES_PER_DEGREE_LAT = 69.05;
const DAY_MS = 86_400_000;
const MONTH_MS = 30.4375 * DAY_MS;
/** Grid cell size of the spatial index, degrees of latitude (~0.5 mile). */
const CELL_DEGREES = 0.0075;

function normaliseAddress(address: string | null | undefined): string | null {
  const a = address?.trim().toLowerCase().replace(/\s+/g, ' ');
  return a ? a : null;
}

function isSold(facts: SaleFacts): boolean {
  return facts.closeDate != null && facts.netSalesPrice != null && facts.netSalesPrice > 0 && Number.isFinite(Date.parse(facts.closeDate));
}

/**
 * Closed sales prepared for fast repeated selection: a spatial grid over coordinates and flat arrays of
 * the facts the score reads. Build once per loaded file; reuse for every subject.
 */
export class CandidatePool {
  readonly sales: SaleFacts[];
  readonly time: Float64Array;
  readonly lat: Float64Array;
  readonly lng: Float64Array;
  readonly address: (string | null)[];
  private readonly cells = new Map<string, number[]>();
  private readonly withoutCoordinates: number[] = [];
  private latestTime = -Infinity;

  constructor(candidates: readonly SaleFacts[]) {
    this.sales = candidates.filter(isSold);
    const n = this.sales.length;
    this.time = new Float64Array(n);
    this.lat = new Float64Array(n);
    this.lng = new Float64Array(n);
    this.address = new Array(n);
    for (let i = 0; i < n; i++) {
      const s = this.sales[i];
      this.time[i] = Date.parse(s.closeDate as string);
      if (this.time[i] > this.latestTime) this.latestTime = this.time[i];
      this.address[i] = normaliseAddress(s.streetAddress);
      if (s.latitude != null && s.longitude != null && Number.isFinite(s.latitude) && Number.isFinite(s.longitude)) {
        this.lat[i] = s.latitude;
        this.lng[i] = s.longitude;
        const key = cellKey(Math.floor(s.latitude / CELL_DEGREES), Math.floor(s.longitude / CELL_DEGREES));
        const cell = this.cells.get(key);
        if (cell) cell.push(i);
        else this.cells.set(key, [i]);
      } else {
        this.lat[i] = NaN;
        this.lng[i] = NaN;
        this.withoutCoordinates.push(i);
      }
    }
  }

  get size(): number {
    return this.sales.length;
  }

  /** The latest close date in the pool, yyyy-mm-dd (null when empty). */
  latestCloseDate(): string | null {
    return Number.isFinite(this.latestTime) ? new Date(this.latestTime).toISOString().slice(0, 10) : null;
  }

  /** Indices of sales with coordinates within `miles` of a point (a superset by grid, exact filter by the caller). */
  near(lat: number, lng: number, miles: number): number[] {
    const dLat = miles / MILES_PER_DEGREE_LAT;
    const dLng = miles / (MILES_PER_DEGREE_LAT * Math.max(0.01, Math.cos((lat * Math.PI) / 180)));
    const r0 = Math.floor((lat - dLat) / CELL_DEGREES);
    const r1 = Math.floor((lat + dLat) / CELL_DEGREES);
    const c0 = Math.floor((lng - dLng) / CELL_DEGREES);
    const c1 = Math.floor((lng + dLng) / CELL_DEGREES);
    if ((r1 - r0 + 1) * (c1 - c0 + 1) > this.cells.size) return this.all();
    const out: number[] = [];
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = this.cells.get(cellKey(r, c));
        if (cell) for (const i of cell) out.push(i);
      }
    }
    return out;
  }

  all(): number[] {
    return Array.from({ length: this.sales.length }, (_, i) => i);
  }
}

function cellKey(row: number, col: number): string {
  return `${row}:${col}`;
}

/** Great-circle distance approximated on a local flat projection; exact to well under 1 % within 50 miles. */
export function distanceMiles(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const x = (lng2 - lng1) * Math.cos((((lat1 + lat2) / 2) * Math.PI) / 180);
  const y = lat2 - lat1;
  return Math.sqrt(x * x + y * y) * MILES_PER_DEGREE_LAT;
}

const fullBaths = (f: SaleFacts) => (f.bathsFullAndThreeQuarter ?? 0) + 0.5 * (f.bathsHalfAndQuarter ?? 0);
const hasBaths = (f: SaleFacts) => f.bathsFullAndThreeQuarter != null || f.bathsHalfAndQuarter != null;

/** Ranks candidate sales by similarity to the subject after the default filters, widened until enough pass. */
export function selectComparables(subject: SaleFacts, candidates: readonly SaleFacts[] | CandidatePool, options: SelectionOptions = {}): Selection {
  const pool = candidates instanceof CandidatePool ? candidates : new CandidatePool(candidates);
  const count = Math.max(1, options.count ?? 6);
  const minimum = Math.min(count, Math.max(1, options.minimum ?? 3));
  const steps = options.steps?.length ? options.steps : DEFAULT_SELECTION_STEPS;
  const weights = { ...DEFAULT_SIMILARITY_WEIGHTS, ...options.weights };
  const asOfDate = options.asOfDate ?? subject.closeDate ?? pool.latestCloseDate() ?? '1970-01-01';
  const asOf = Date.parse(asOfDate);
  if (!Number.isFinite(asOf)) throw new Error(`Valuation date '${asOfDate}' is not a date (yyyy-mm-dd).`);
  const excludedAddress = normaliseAddress(options.excludeStreetAddress);
  const hasLocation = subject.latitude != null && subject.longitude != null && Number.isFinite(subject.latitude) && Number.isFinite(subject.longitude);
  const subjectArea = subject.aboveGradeFinishedArea != null && subject.aboveGradeFinishedArea > 0 ? subject.aboveGradeFinishedArea : null;
  const notes: string[] = [];
  if (!hasLocation) notes.push('The subject has no coordinates: distance is not used.');
  if (subjectArea == null) notes.push('The subject has no above-grade area: size is not filtered.');

  const eligible = (i: number): boolean => {
    const t = pool.time[i];
    if (options.strictlyBefore ? t >= asOf : t > asOf) return false;
    const sale = pool.sales[i];
    if (sale.id === subject.id) return false;
    if (excludedAddress != null && pool.address[i] === excludedAddress) return false;
    if (options.excludeIds?.has(sale.id)) return false;
    if (!options.mixPropertyTypes && subject.propertyType && sale.propertyType && sale.propertyType !== subject.propertyType) return false;
    return true;
  };

  let chosen: { index: number; distance: number | null }[] = [];
  let leftOut: { index: number; distance: number | null }[] = [];
  let usedStep = steps[steps.length - 1];
  for (let s = 0; s < steps.length; s++) {
    const step = steps[s];
    const earliest = asOf - step.months * MONTH_MS;
    const indices = hasLocation && step.miles != null ? pool.near(subject.latitude as number, subject.longitude as number, step.miles) : pool.all();
    const passing: { index: number; distance: number | null }[] = [];
    const nonMarket: { index: number; distance: number | null }[] = [];
    for (const i of indices) {
      if (pool.time[i] < earliest || !eligible(i)) continue;
      let distance: number | null = null;
      if (hasLocation && !Number.isNaN(pool.lat[i])) {
        distance = distanceMiles(subject.latitude as number, subject.longitude as number, pool.lat[i], pool.lng[i]);
        if (step.miles != null && distance > step.miles) continue;
      } else if (hasLocation && step.miles != null) continue;
      if (step.sizeTolerance != null && subjectArea != null) {
        const area = pool.sales[i].aboveGradeFinishedArea;
        if (area == null || Math.abs(area - subjectArea) > step.sizeTolerance * subjectArea) continue;
      }
      if (!options.includeNonMarketSales && pool.sales[i].saleType) nonMarket.push({ index: i, distance });
      else passing.push({ index: i, distance });
    }
    chosen = passing;
    leftOut = nonMarket;
    usedStep = step;
    if (passing.length >= minimum) break;
    if (s < steps.length - 1) notes.push(`Only ${passing.length} sale${passing.length === 1 ? '' : 's'} within ${describeStep(step)}; widened to ${describeStep(steps[s + 1])}.`);
  }

  const scored = chosen.map(({ index, distance }) => ({ index, distance, score: similarityScore(subject, pool.sales[index], distance, (asOf - pool.time[index]) / MONTH_MS, weights) }));
  scored.sort((a, b) => a.score - b.score);
  const picks = scored.slice(0, count).map(({ index, distance, score }) => {
    const facts = pool.sales[index];
    const months = (asOf - pool.time[index]) / MONTH_MS;
    return { facts, score, distanceMiles: distance, monthsBeforeValuation: months, reasons: pickReasons(subject, facts, distance, months) };
  });
  leftOut.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
  const leftOutSales = leftOut.map(({ index }) => ({ facts: pool.sales[index], reason: `${SALE_TYPE_LABELS[pool.sales[index].saleType as NonMarketSaleType]}, not an open-market sale` }));
  return { picks, step: usedStep, asOfDate, matched: chosen.length, notes, leftOut: leftOutSales };
}

export function describeStep(step: SelectionStep): string {
  const parts = [`closed within ${step.months >= 1200 ? 'any time' : `${step.months} months`}`];
  parts.push(step.miles == null ? 'any distance' : `${step.miles} mile${step.miles === 1 ? '' : 's'}`);
  parts.push(step.sizeTolerance == null ? 'any size' : `±${Math.round(step.sizeTolerance * 100)}% size`);
  return parts.join(', ');
}

/** Lower is more similar; terms as documented on SimilarityWeights. */
export function similarityScore(subject: SaleFacts, sale: SaleFacts, distance: number | null, monthsAgo: number, w: SimilarityWeights): number {
  let score = 0;
  if (distance != null) score += w.distance * distance;
  score += w.recency * (Math.max(0, monthsAgo) / 12);
  const sa = subject.aboveGradeFinishedArea;
  const ca = sale.aboveGradeFinishedArea;
  if (sa != null && ca != null && sa > 0 && ca > 0) score += w.size * (Math.abs(Math.log(ca / sa)) / 0.2);
  if (sa != null && sa > 0) {
    const sb = subject.belowGradeTotalArea;
    const cb = sale.belowGradeTotalArea;
    if (sb != null && cb != null) score += w.basement * (Math.abs(sb - cb) / (sa + sb) / 0.2);
  }
  if (subject.yearBuilt != null && sale.yearBuilt != null) score += w.age * (Math.abs(subject.yearBuilt - sale.yearBuilt) / 20);
  if (subject.bedrooms != null && sale.bedrooms != null) score += w.bedrooms * Math.abs(subject.bedrooms - sale.bedrooms);
  if (hasBaths(subject) && hasBaths(sale)) score += w.bathrooms * Math.abs(fullBaths(subject) - fullBaths(sale));
  if (subject.levels && sale.levels && subject.levels !== sale.levels) score += w.levels;
  if (subject.lotSizeSqft && sale.lotSizeSqft && subject.lotSizeSqft > 0 && sale.lotSizeSqft > 0) score += w.lot * Math.abs(Math.log(sale.lotSizeSqft / subject.lotSizeSqft));
  if (subject.subdivision && sale.subdivision && subject.subdivision.trim().toLowerCase() === sale.subdivision.trim().toLowerCase()) score -= w.sameSubdivision;
  if (subject.quality != null && sale.quality != null) {
    const steps = Math.abs(subject.quality - sale.quality);
    score += w.quality * steps + (steps > 1 ? w.qualityBeyondAdjacent : 0);
  }
  if (subject.condition != null && sale.condition != null) score += w.condition * Math.abs(subject.condition - sale.condition);
  return score;
}

function pickReasons(subject: SaleFacts, sale: SaleFacts, distance: number | null, months: number): string[] {
  const reasons: string[] = [];
  if (distance != null) reasons.push(`${formatNumber(distance, 2)} mi away`);
  reasons.push(`closed ${sale.closeDate} (${formatNumber(Math.max(0, months), 1)} months before)`);
  const sa = subject.aboveGradeFinishedArea;
  const ca = sale.aboveGradeFinishedArea;
  if (sa != null && ca != null && sa > 0) {
    const pct = ((ca - sa) / sa) * 100;
    reasons.push(`above-grade ${formatNumber(ca, 0)} vs ${formatNumber(sa, 0)} sq ft (${pct >= 0 ? '+' : ''}${pct.toFixed(0)}%)`);
  }
  if (subject.yearBuilt != null && sale.yearBuilt != null) {
    const d = sale.yearBuilt - subject.yearBuilt;
    reasons.push(d === 0 ? `built the same year (${sale.yearBuilt})` : `built ${sale.yearBuilt} (${Math.abs(d)} years ${d > 0 ? 'newer' : 'older'})`);
  }
  if (subject.bedrooms != null && sale.bedrooms != null) reasons.push(subject.bedrooms === sale.bedrooms ? `same bedrooms (${sale.bedrooms})` : `${sale.bedrooms} vs ${subject.bedrooms} bedrooms`);
  if (hasBaths(subject) && hasBaths(sale)) {
    const a = fullBaths(sale);
    const b = fullBaths(subject);
    reasons.push(a === b ? `same bathrooms (${formatNumber(a, 1)})` : `${formatNumber(a, 1)} vs ${formatNumber(b, 1)} bathrooms`);
  }
  if (subject.quality != null && sale.quality != null) reasons.push(subject.quality === sale.quality ? `same quality (Q${sale.quality})` : `quality Q${sale.quality} vs Q${subject.quality}`);
  if (subject.levels && sale.levels) reasons.push(subject.levels === sale.levels ? `same levels (${sale.levels})` : `levels ${sale.levels} vs ${subject.levels}`);
  if (subject.subdivision && sale.subdivision && subject.subdivision.trim().toLowerCase() === sale.subdivision.trim().toLowerCase()) reasons.push(`same subdivision (${sale.subdivision})`);
  return reasons;
}
