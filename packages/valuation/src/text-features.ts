// Text facts of an export (View, Waterfront, Property Condition …) usable as market-measured categories.
import { ORDERED_FACT_COLUMNS } from './listing-facts';
import type { CandidatePool } from './selection';

export interface TextFeature {
  name: string;
  /** Level index per pool sale, null when unknown or rare. */
  levelOf: (number | null)[];
  levels: string[];
  counts: number[];
  reference: number;
}

/** The export's text fact columns a listing record carries as SaleFacts.features (the reader keeps them as they are). */
export const FEATURE_TEXT_FIELDS = [
  'Roof', 'Flooring', 'Heating', 'Cooling', 'Sewer', 'Utilities', 'View', 'Zoning', 'Water Source', 'Basement',
  'Construction Materials', 'Exterior Features', 'Interior Features', 'Appliances', 'Parking Features',
  'Patio And Porch Features', 'Fencing', 'Lot Features', 'Waterfront', 'Property Condition', 'Fireplace Features',
  'Laundry Features', 'Window Features', 'Architectural Style', 'Property Type', 'Property Sub Type',
] as const;

const MISSING_TEXT = new Set(['', 'not available', 'n/a', 'na', 'none listed']);
const MAX_LEVELS = 8;
const MIN_LEVEL_SALES = 20;

/** Text facts usable as categories: known for ≥ 80 % of the sales, 2–8 values with ≥ 20 sales each covering ≥ 95 % of them. */
export function discoverTextFeatures(pool: CandidatePool, usable: (i: number) => boolean): TextFeature[] {
  const names = new Set<string>();
  let total = 0;
  for (let i = 0; i < pool.size; i++) {
    if (!usable(i)) continue;
    total++;
    const features = pool.sales[i].features;
    if (features) for (const name of Object.keys(features)) if (!ORDERED_FACT_COLUMNS.has(name)) names.add(name);
  }
  const found: TextFeature[] = [];
  for (const name of names) {
    const counts = new Map<string, number>();
    let known = 0;
    for (let i = 0; i < pool.size; i++) {
      if (!usable(i)) continue;
      const value = normaliseText(pool.sales[i].features?.[name]);
      if (value == null) continue;
      known++;
      counts.set(value, (counts.get(value) ?? 0) + 1);
      if (counts.size > 200) break;
    }
    if (known < 0.8 * total || counts.size > 200) continue;
    const common = [...counts.entries()].filter(([, c]) => c >= MIN_LEVEL_SALES).sort((a, b) => b[1] - a[1]);
    const covered = common.reduce((s, [, c]) => s + c, 0);
    if (common.length < 2 || common.length > MAX_LEVELS || covered < 0.95 * known) continue;
    const levels = common.map(([level]) => level);
    const index = new Map(levels.map((level, k) => [level, k]));
    const levelOf = pool.sales.map((sale) => {
      const value = normaliseText(sale.features?.[name]);
      return value == null ? null : (index.get(value) ?? null);
    });
    found.push({ name, levelOf, levels, counts: common.map(([, c]) => c), reference: 0 });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

export function normaliseText(value: string | null | undefined): string | null {
  if (value == null) return null;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return MISSING_TEXT.has(trimmed.toLowerCase()) ? null : trimmed;
}

