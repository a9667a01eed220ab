// The agent's default adjustment values (spec §9): 16 categories × 3 price tiers, the tier labels,
// the server-label typo mapping and the ≤ 17 categories rule (spec §4–§5).
import { ADDITIONAL_FACT_SCALES, type AdditionalFactGroup, type SaleFacts } from './types';

export const TIER_LABELS = ['$0-$500,000', '$501,000-$1 Million', '1 Million and over'] as const;
export type TierLabel = (typeof TIER_LABELS)[number];
/** 0 = first range, 1 = second, 2 = third. */
export type Tier = 0 | 1 | 2;

/** Upper bounds (inclusive) of the first two tiers; the third is open-ended. */
export const TIER_UPPER_BOUNDS = [500_000, 1_000_000] as const;

/** The tier of a comparable, chosen by its net sales price (DESIGN.md §5). */
export function tierOf(netSalesPrice: number): Tier {
  if (netSalesPrice <= TIER_UPPER_BOUNDS[0]) return 0;
  if (netSalesPrice <= TIER_UPPER_BOUNDS[1]) return 1;
  return 2;
}

/** Most categories the app accepts (spec §4, §5, §9). */
export const MAX_ADJUSTMENT_CATEGORIES = 17;

/** One row of the adjustment values table as the server stores it (spec §3 "Adjustment value entry"). */
export interface AdjustmentValueEntry {
  parent_label: string;
  style: string;
  amount_range_one: number;
  amount_range_two: number;
  amount_range_three: number;
}
/** Keyed by style slug, as `data.user_property_adjustment_value`. */
export type AdjustmentValues = Record<string, AdjustmentValueEntry>;

/** How a category turns a difference into dollars. */
export type CategoryRule =
  | { kind: 'count'; unit: string; read: (facts: SaleFacts) => number | null }
  | { kind: 'ordinal'; group: AdditionalFactGroup }
  | { kind: 'divisor'; unit: string; read: (facts: SaleFacts) => number | null };

export interface CategoryDefinition {
  label: string;
  style: string;
  /** Spec §9 amounts for the three tiers. */
  defaults: readonly [number, number, number];
  rule: CategoryRule;
  /** How the rate is phrased in an explanation, e.g. "per year", "per step". */
  rateUnit: string;
}

const totalBathsFull = (f: SaleFacts) => f.bathsFullAndThreeQuarter;
const totalBathsHalf = (f: SaleFacts) => f.bathsHalfAndQuarter;

/** The 16 categories of spec §9 in table order. */
export const CATEGORIES: readonly CategoryDefinition[] = [
  { label: 'Year Built', style: 'year-built', defaults: [500, 800, 1000], rateUnit: 'per year', rule: { kind: 'count', unit: 'year', read: (f) => f.yearBuilt } },
  { label: 'Lot Size', style: 'lot-size', defaults: [1, 1, 1], rateUnit: 'per sq ft', rule: { kind: 'count', unit: 'sq ft', read: (f) => f.lotSizeSqft } },
  { label: 'Fireplace', style: 'fireplace', defaults: [2000, 5000, 7000], rateUnit: 'per fireplace', rule: { kind: 'count', unit: 'fireplace', read: (f) => f.fireplaces } },
  { label: 'Garage', style: 'garage', defaults: [5000, 8000, 15000], rateUnit: 'per space', rule: { kind: 'count', unit: 'space', read: (f) => f.garageSpaces } },
  { label: 'Bedrooms', style: 'bedrooms', defaults: [5000, 10000, 15000], rateUnit: 'per bedroom', rule: { kind: 'count', unit: 'bedroom', read: (f) => f.bedrooms } },
  { label: '3/4 and Full Bathrooms', style: 'full-bathrooms', defaults: [5000, 10000, 15000], rateUnit: 'per bathroom', rule: { kind: 'count', unit: 'bathroom', read: totalBathsFull } },
  { label: '1/4 and 1/2 Bathrooms', style: 'half-bathrooms', defaults: [5000, 10000, 15000], rateUnit: 'per bathroom', rule: { kind: 'count', unit: 'bathroom', read: totalBathsHalf } },
  { label: 'Basement Type', style: 'basement-type', defaults: [10000, 20000, 30000], rateUnit: 'per step', rule: { kind: 'ordinal', group: 'Basement Type' } },
  { label: 'Heating/Cooling', style: 'heating-cooling', defaults: [3000, 5000, 10000], rateUnit: 'per step', rule: { kind: 'ordinal', group: 'Heating/Cooling' } },
  { label: 'Kitchen Condition', style: 'kitchen-condition', defaults: [4000, 7000, 15000], rateUnit: 'per step', rule: { kind: 'ordinal', group: 'Kitchen Condition' } },
  { label: 'Bathroom Condition', style: 'bathroom-condition', defaults: [5000, 15000, 20000], rateUnit: 'per step', rule: { kind: 'ordinal', group: 'Bathroom Condition' } },
  { label: 'Location', style: 'location', defaults: [5000, 15000, 20000], rateUnit: 'per step', rule: { kind: 'ordinal', group: 'Location' } },
  { label: 'Windows', style: 'windows', defaults: [20000, 30000, 40000], rateUnit: 'per step', rule: { kind: 'ordinal', group: 'Windows' } },
  { label: 'Above grade finished area', style: 'above-grade-finished-area', defaults: [3, 3, 3], rateUnit: 'per sq ft', rule: { kind: 'divisor', unit: 'sq ft', read: (f) => f.aboveGradeFinishedArea } },
  { label: 'Below grade total area', style: 'below-grade-total-area', defaults: [16.2, 16.2, 16.2], rateUnit: 'per sq ft', rule: { kind: 'count', unit: 'sq ft', read: (f) => f.belowGradeTotalArea } },
  { label: 'Below grade finished area', style: 'below-grade-finished-area', defaults: [9.25, 9.25, 9.25], rateUnit: 'per sq ft', rule: { kind: 'count', unit: 'sq ft', read: (f) => f.belowGradeFinishedArea } },
];

export const CATEGORY_BY_STYLE: ReadonlyMap<string, CategoryDefinition> = new Map(CATEGORIES.map((c) => [c.style, c]));

/** Style slug of the above-grade category, whose amount is the divisor `formula_Division_DefaultValue`. */
export const ABOVE_GRADE_STYLE = 'above-grade-finished-area';

/** The spec's table as adjustment value entries, keyed by style slug. New users start from this. */
export const DEFAULT_ADJUSTMENT_VALUES: Readonly<AdjustmentValues> = Object.freeze(
  Object.fromEntries(
    CATEGORIES.map((c) => [
      c.style,
      Object.freeze({
        parent_label: c.label,
        style: c.style,
        amount_range_one: c.defaults[0],
        amount_range_two: c.defaults[1],
        amount_range_three: c.defaults[2],
      }),
    ]),
  ),
);

/**
 * Quality and condition, dollars per UAD step by tier: the agent's defaults where the loaded sales do not measure a
 * rate. Kept beside the 16 categories, not among them: the spec accepts at most 17 categories (decision 2700).
 */
export type UadStepStyle = 'quality' | 'condition';
export type UadStepValues = Record<UadStepStyle, readonly [number, number, number]>;

export const UAD_STEP_STYLES: readonly UadStepStyle[] = ['quality', 'condition'];

/** About 6 % (quality) and 3 % (condition) of a typical price in each tier per step, a little under what 2014 King County sales measured. */
export const UAD_STEP_DEFAULTS: Readonly<UadStepValues> = Object.freeze({
  quality: Object.freeze([20_000, 45_000, 100_000] as const),
  condition: Object.freeze([10_000, 20_000, 40_000] as const),
});

/** Saved step values when whole and valid (three finite amounts ≥ 0 for each of quality and condition), else null. */
export function uadStepValuesOf(raw: unknown): UadStepValues | null {
  if (!raw || typeof raw !== 'object') return null;
  const out: Partial<Record<UadStepStyle, readonly [number, number, number]>> = {};
  for (const style of UAD_STEP_STYLES) {
    const tiers = (raw as Record<string, unknown>)[style];
    if (!Array.isArray(tiers) || tiers.length !== 3 || !tiers.every((v) => typeof v === 'number' && Number.isFinite(v) && v >= 0)) return null;
    out[style] = [tiers[0], tiers[1], tiers[2]];
  }
  return out as UadStepValues;
}

/** A fresh, mutable copy of the defaults (what "reset to defaults" restores). */
export function defaultAdjustmentValues(): AdjustmentValues {
  return Object.fromEntries(Object.entries(DEFAULT_ADJUSTMENT_VALUES).map(([k, v]) => [k, { ...v }]));
}

// Labels the legacy server sends with typos (spec §9).
const LABEL_TYPOS: Record<string, string> = {
  'Kitchen Conditon': 'Kitchen Condition',
  'Bathrooms Conditon': 'Bathroom Condition',
  'Cooling System': 'Heating/Cooling',
};

/** Maps a server label to the right one ('Kitchen Conditon' → 'Kitchen Condition', …); other labels pass through trimmed. */
export function normalizeCategoryLabel(label: string): string {
  const trimmed = label.trim();
  return LABEL_TYPOS[trimmed] ?? trimmed;
}

/** The category definition for a label (typos and case forgiven) or a style slug; undefined when unknown. */
export function findCategory(labelOrStyle: string): CategoryDefinition | undefined {
  const byStyle = CATEGORY_BY_STYLE.get(labelOrStyle.trim());
  if (byStyle) return byStyle;
  const wanted = normalizeCategoryLabel(labelOrStyle).toLowerCase();
  return CATEGORIES.find((c) => c.label.toLowerCase() === wanted);
}

/** The amount of an entry for a tier. */
export function amountForTier(entry: AdjustmentValueEntry, tier: Tier): number {
  return tier === 0 ? entry.amount_range_one : tier === 1 ? entry.amount_range_two : entry.amount_range_three;
}

export class AdjustmentValuesError extends Error {
  constructor(
    message: string,
    /** Field path → messages, ready for a 422 `data` map. */
    readonly issues: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AdjustmentValuesError';
  }
}

export type ValidationResult = { ok: true; values: AdjustmentValues } | { ok: false; message: string; issues: Record<string, string[]> };

/**
 * Checks an adjustment values map (or list) from a user or the server: at most 17 categories, labels
 * normalised, amounts finite and ≥ 0, the above-grade divisor > 0. Returns the cleaned map keyed by style.
 */
export function validateAdjustmentValues(input: unknown): ValidationResult {
  const issues: Record<string, string[]> = {};
  const add = (field: string, message: string) => (issues[field] ??= []).push(message);
  const list = Array.isArray(input) ? input : input && typeof input === 'object' ? Object.values(input as object) : null;
  if (!list) return { ok: false, message: 'Adjustment values must be a list or map of entries.', issues: { values: ['Adjustment values must be a list or map of entries.'] } };
  if (list.length > MAX_ADJUSTMENT_CATEGORIES) {
    const message = `Adjustment values are accepted only with at most ${MAX_ADJUSTMENT_CATEGORIES} categories; got ${list.length}.`;
    return { ok: false, message, issues: { values: [message] } };
  }
  const values: AdjustmentValues = {};
  list.forEach((raw, index) => {
    const entry = raw as Partial<Record<keyof AdjustmentValueEntry, unknown>> | null;
    if (!entry || typeof entry !== 'object') return add(`${index}`, 'Entry must be an object.');
    const label = typeof entry.parent_label === 'string' ? normalizeCategoryLabel(entry.parent_label) : '';
    if (!label) add(`${index}.parent_label`, 'Parent label is required.');
    const givenStyle = typeof entry.style === 'string' ? entry.style.trim() : '';
    // A known label wins over an unknown slug, so legacy slugs still reach the right rule.
    const known = (givenStyle ? findCategory(givenStyle) : undefined) ?? (label ? findCategory(label) : undefined);
    const style = known?.style ?? (givenStyle || slugify(label));
    if (values[style]) add(`${index}.style`, `Category '${style}' appears more than once.`);
    const amounts = (['amount_range_one', 'amount_range_two', 'amount_range_three'] as const).map((field) => {
      const value = typeof entry[field] === 'string' && (entry[field] as string).trim() !== '' ? Number(entry[field]) : entry[field];
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        add(`${index}.${field}`, `${label || 'Amount'}: ${TIER_LABELS[fieldTier(field)]} must be a number.`);
        return 0;
      }
      if (value < 0) add(`${index}.${field}`, `${label || 'Amount'}: ${TIER_LABELS[fieldTier(field)]} must not be negative.`);
      if (known?.style === ABOVE_GRADE_STYLE && value === 0) add(`${index}.${field}`, `${label}: the divisor must be greater than 0.`);
      return value;
    });
    values[style] = { parent_label: known?.label ?? label, style, amount_range_one: amounts[0], amount_range_two: amounts[1], amount_range_three: amounts[2] };
  });
  const fields = Object.keys(issues);
  if (fields.length) return { ok: false, message: issues[fields[0]][0], issues };
  return { ok: true, values };
}

/** Like validateAdjustmentValues but throws AdjustmentValuesError. */
export function parseAdjustmentValues(input: unknown): AdjustmentValues {
  const result = validateAdjustmentValues(input);
  if (!result.ok) throw new AdjustmentValuesError(result.message, result.issues);
  return result.values;
}

function fieldTier(field: 'amount_range_one' | 'amount_range_two' | 'amount_range_three'): Tier {
  return field === 'amount_range_one' ? 0 : field === 'amount_range_two' ? 1 : 2;
}

function slugify(label: string): string {
  return label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Position of an additional fact on its scale (0 = lowest), or null when unknown. */
export function ordinalStep(group: AdditionalFactGroup, value: string | null | undefined): number | null {
  if (value == null) return null;
  const index = (ADDITIONAL_FACT_SCALES[group] as readonly string[]).indexOf(value);
  return index < 0 ? null : index;
}
