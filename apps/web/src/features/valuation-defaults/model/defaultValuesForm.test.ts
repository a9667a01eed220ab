import { describe, expect, it } from 'vitest';
import { UAD_STEP_DEFAULTS, defaultAdjustmentValues, validateAdjustmentValues } from '@cma/valuation';
import { TIER_RANGE_TEXT, rowsFromStepValues, rowsFromValues, stepValuesFromRows, tidyAmountText, unitHint, validateRows, valuesFromRows } from './defaultValuesForm';

describe('default values form', () => {
  it('lists the 16 categories in the spec order and round-trips them', () => {
    const rows = rowsFromValues(defaultAdjustmentValues());
    expect(rows).toHaveLength(16);
    expect(rows[0]).toEqual({ style: 'year-built', label: 'Year Built', amounts: ['500', '800', '1,000'] });
    expect(rows[15]!.label).toBe('Below grade finished area');
    expect(valuesFromRows(rows)).toEqual(defaultAdjustmentValues());
  });

  it.each([
    ['', /Enter an amount for \$0-\$500,000/],
    ['abc', /Enter a number/],
    ['-1', /cannot be negative/],
  ])('refuses %j in a cell', (typed, message) => {
    const rows = rowsFromValues(defaultAdjustmentValues());
    rows[2]!.amounts[0] = typed;
    const { errors, count } = validateRows(rows);
    expect(count).toBe(1);
    expect(errors['fireplace']!.amount_range_one).toMatch(message);
  });

  it('accepts money formatting and refuses a zero divisor', () => {
    const rows = rowsFromValues(defaultAdjustmentValues());
    rows[3]!.amounts[2] = '$15,500';
    expect(validateRows(rows).count).toBe(0);
    expect(valuesFromRows(rows)['garage']!.amount_range_three).toBe(15500);
    const divisor = rows.find((r) => r.style === 'above-grade-finished-area')!;
    divisor.amounts[1] = '0';
    expect(validateRows(rows).errors['above-grade-finished-area']!.amount_range_two).toMatch(/greater than 0/);
  });

  it('agrees with the engine on what it accepts', () => {
    const rows = rowsFromValues(defaultAdjustmentValues());
    rows[5]!.amounts[1] = '12000.50';
    expect(validateRows(rows).count).toBe(0);
    expect(validateAdjustmentValues(valuesFromRows(rows)).ok).toBe(true);
  });

  it.each([
    ['12500', '12,500'],
    ['$7,000', '7,000'],
    ['0.5', '0.5'],
    ['abc', 'abc'],
    ['', ''],
  ])('shows %j again as %j once the agent leaves the cell', (typed, shown) => expect(tidyAmountText(typed)).toBe(shown));

  it('names every price range in full, with no gap between tiers', () => {
    expect(TIER_RANGE_TEXT).toEqual(['up to $ 500,000', '$ 500,001 to $ 1,000,000', 'over $ 1,000,000']);
  });
});

describe('quality and condition per step', () => {
  it('round-trips the recommended steps as two rows and checks them like any amount', () => {
    const rows = rowsFromStepValues(UAD_STEP_DEFAULTS);
    expect(rows.map((r) => [r.label, r.amounts])).toEqual([['Quality', ['20,000', '45,000', '100,000']], ['Condition', ['10,000', '20,000', '40,000']]]);
    expect(stepValuesFromRows(rows)).toEqual({ quality: [20_000, 45_000, 100_000], condition: [10_000, 20_000, 40_000] });
    rows[1]!.amounts[2] = '-5';
    expect(validateRows(rows).errors['condition']!.amount_range_three).toMatch(/cannot be negative/);
    expect(unitHint('quality')).toBe('$ per UAD step (Q1–Q6, C1–C6)');
  });
});
