import { CATEGORIES, MAX_ADJUSTMENT_CATEGORIES, TIER_LABELS, TIER_UPPER_BOUNDS, ABOVE_GRADE_STYLE, UAD_STEP_STYLES, formatAmount, type AdjustmentValues, type UadStepValues } from '@cma/valuation';

// The /change-default-values form: each category's three tier amounts as typed text, checked before saving.

export const AMOUNT_FIELDS = ['amount_range_one', 'amount_range_two', 'amount_range_three'] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];

export interface DefaultValuesRow {
  style: string;
  label: string;
  amounts: [string, string, string];
}

/** Rows in the spec's table order, then any extra category the agent has (at most 17 in all). */
export function rowsFromValues(values: AdjustmentValues): DefaultValuesRow[] {
  const known = CATEGORIES.map((c) => c.style);
  const styles = [...known.filter((s) => values[s]), ...Object.keys(values).filter((s) => !known.includes(s))];
  return styles.map((style) => {
    const entry = values[style]!;
    return { style, label: entry.parent_label, amounts: AMOUNT_FIELDS.map((f) => amountText(entry[f])) as [string, string, string] };
  });
}

const STEP_LABELS = { quality: 'Quality', condition: 'Condition' } as const;

/** Quality and condition per UAD step, as two more rows of amounts (kept apart from the at most 17 categories). */
export function rowsFromStepValues(values: UadStepValues): DefaultValuesRow[] {
  return UAD_STEP_STYLES.map((style) => ({ style, label: STEP_LABELS[style], amounts: values[style].map(amountText) as [string, string, string] }));
}

/** The request's uad_step_values from valid step rows. */
export function stepValuesFromRows(rows: DefaultValuesRow[]): { quality: [number, number, number]; condition: [number, number, number] } {
  const amounts = (style: string): [number, number, number] => {
    const [one, two, three] = rows.find((r) => r.style === style)!.amounts.map(amountOf);
    return [one!, two!, three!];
  };
  return { quality: amounts('quality'), condition: amounts('condition') };
}

const amountOf = (text: string) => Number(text.trim().replace(/[$,\s]/g, ''));

/** An amount as the form shows it, with thousands separators ('12,500', '0.5'). */
export function amountText(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** A typed amount shown again with separators once the agent leaves the field; text that is not a number stays as typed. */
export function tidyAmountText(text: string): string {
  const value = Number(text.trim().replace(/[$,\s]/g, ''));
  return text.trim() !== '' && Number.isFinite(value) ? amountText(value) : text;
}

/** Each tier's price range in full, beside the spec's tier label: every price belongs to one named range. */
export const TIER_RANGE_TEXT = [
  `up to ${formatAmount(TIER_UPPER_BOUNDS[0])}`,
  `${formatAmount(TIER_UPPER_BOUNDS[0] + 1)} to ${formatAmount(TIER_UPPER_BOUNDS[1])}`,
  `over ${formatAmount(TIER_UPPER_BOUNDS[1])}`,
] as const;

export type RowErrors = Record<string, Partial<Record<AmountField, string>>>;

/** Messages per cell: a number is required, never negative; the above-grade divisor must be above 0. */
export function validateRows(rows: DefaultValuesRow[]): { errors: RowErrors; count: number; tooMany: string | null } {
  const errors: RowErrors = {};
  for (const row of rows) {
    row.amounts.forEach((text, tier) => {
      const field = AMOUNT_FIELDS[tier]!;
      const trimmed = text.trim().replace(/[$,\s]/g, '');
      const value = Number(trimmed);
      let message: string | undefined;
      if (trimmed === '') message = `Enter an amount for ${TIER_LABELS[tier]}.`;
      else if (!Number.isFinite(value)) message = 'Enter a number.';
      else if (value < 0) message = 'Amounts cannot be negative.';
      else if (row.style === ABOVE_GRADE_STYLE && value === 0) message = 'The divisor must be greater than 0.';
      if (message) (errors[row.style] ??= {})[field] = message;
    });
  }
  const tooMany = rows.length > MAX_ADJUSTMENT_CATEGORIES ? `At most ${MAX_ADJUSTMENT_CATEGORIES} categories are allowed.` : null;
  return { errors, count: Object.keys(errors).length, tooMany };
}

/** The request map (keyed by style) from valid rows. */
export function valuesFromRows(rows: DefaultValuesRow[]): AdjustmentValues {
  return Object.fromEntries(
    rows.map((row) => {
      const [one, two, three] = row.amounts.map(amountOf);
      return [row.style, { parent_label: row.label, style: row.style, amount_range_one: one!, amount_range_two: two!, amount_range_three: three! }];
    }),
  );
}

/** How each category's amount is applied, for the hint beside its label. */
export function unitHint(style: string): string {
  if ((UAD_STEP_STYLES as readonly string[]).includes(style)) return '$ per UAD step (Q1–Q6, C1–C6)';
  const category = CATEGORIES.find((c) => c.style === style);
  if (!category) return '$ per difference';
  if (style === ABOVE_GRADE_STYLE) return "divisor: the comparable's $ per sq ft ÷ this, per sq ft of difference";
  return `$ ${category.rateUnit}`;
}
