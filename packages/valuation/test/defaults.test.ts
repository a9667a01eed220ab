import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ADJUSTMENT_VALUES,
  MAX_ADJUSTMENT_CATEGORIES,
  TIER_LABELS,
  defaultAdjustmentValues,
  findCategory,
  normalizeCategoryLabel,
  parseAdjustmentValues,
  tierOf,
  validateAdjustmentValues,
} from '../src';

// Spec §9, copied by hand: category, first, second, third.
const SPEC_TABLE: [string, number, number, number][] = [
  ['Year Built', 500, 800, 1000],
  ['Lot Size', 1, 1, 1],
  ['Fireplace', 2000, 5000, 7000],
  ['Garage', 5000, 8000, 15000],
  ['Bedrooms', 5000, 10000, 15000],
  ['3/4 and Full Bathrooms', 5000, 10000, 15000],
  ['1/4 and 1/2 Bathrooms', 5000, 10000, 15000],
  ['Basement Type', 10000, 20000, 30000],
  ['Heating/Cooling', 3000, 5000, 10000],
  ['Kitchen Condition', 4000, 7000, 15000],
  ['Bathroom Condition', 5000, 15000, 20000],
  ['Location', 5000, 15000, 20000],
  ['Windows', 20000, 30000, 40000],
  ['Above grade finished area', 3, 3, 3],
  ['Below grade total area', 16.2, 16.2, 16.2],
  ['Below grade finished area', 9.25, 9.25, 9.25],
];

describe('default adjustment values (spec §9)', () => {
  it('has exactly the 16 categories of the spec', () => {
    expect(Object.values(DEFAULT_ADJUSTMENT_VALUES).map((e) => e.parent_label)).toEqual(SPEC_TABLE.map(([label]) => label));
  });

  it.each(SPEC_TABLE)('%s: %d / %d / %d', (label, one, two, three) => {
    const entry = Object.values(DEFAULT_ADJUSTMENT_VALUES).find((e) => e.parent_label === label);
    expect(entry).toMatchObject({ amount_range_one: one, amount_range_two: two, amount_range_three: three });
    expect(entry?.style).toMatch(/^[a-z0-9-]+$/);
    expect(DEFAULT_ADJUSTMENT_VALUES[entry!.style]).toBe(entry);
  });

  it('labels the tiers as the spec does', () => {
    expect(TIER_LABELS).toEqual(['$0-$500,000', '$501,000-$1 Million', '1 Million and over']);
  });

  it.each([
    [0, 0], [500_000, 0], [500_001, 1], [750_000, 1], [1_000_000, 1], [1_000_001, 2], [4_000_000, 2],
  ])('a comparable at $%d is in tier %d', (price, tier) => {
    expect(tierOf(price)).toBe(tier);
  });

  it('gives a fresh copy on reset so edits never touch the defaults', () => {
    const copy = defaultAdjustmentValues();
    copy['year-built'].amount_range_one = 1;
    expect(DEFAULT_ADJUSTMENT_VALUES['year-built'].amount_range_one).toBe(500);
  });
});

describe('server label typos', () => {
  it.each([
    ['Kitchen Conditon', 'Kitchen Condition'],
    ['Bathrooms Conditon', 'Bathroom Condition'],
    ['Cooling System', 'Heating/Cooling'],
    ['Year Built', 'Year Built'],
    ['  Windows ', 'Windows'],
  ])('%s → %s', (label, expected) => {
    expect(normalizeCategoryLabel(label)).toBe(expected);
  });

  it('finds the category behind a typo label', () => {
    expect(findCategory('Cooling System')?.style).toBe('heating-cooling');
    expect(findCategory('kitchen-condition')?.label).toBe('Kitchen Condition');
    expect(findCategory('Swimming Pool')).toBeUndefined();
  });
});

describe('validateAdjustmentValues', () => {
  const entries = Object.values(DEFAULT_ADJUSTMENT_VALUES);
  const extra = (n: number) => ({ parent_label: `Extra ${n}`, style: `extra-${n}`, amount_range_one: 1, amount_range_two: 2, amount_range_three: 3 });

  it('accepts the defaults and a 17th category', () => {
    expect(validateAdjustmentValues(DEFAULT_ADJUSTMENT_VALUES).ok).toBe(true);
    const result = validateAdjustmentValues([...entries, extra(17)]);
    expect(result.ok && Object.keys(result.values)).toHaveLength(MAX_ADJUSTMENT_CATEGORIES);
  });

  it('refuses more than 17 categories with a clear error', () => {
    const result = validateAdjustmentValues([...entries, extra(17), extra(18)]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toBe('Adjustment values are accepted only with at most 17 categories; got 18.');
    expect(() => parseAdjustmentValues([...entries, extra(17), extra(18)])).toThrow(/at most 17 categories/);
  });

  it('maps typo labels and keys entries by style', () => {
    const result = validateAdjustmentValues([{ parent_label: 'Kitchen Conditon', style: '', amount_range_one: '4000', amount_range_two: 7000, amount_range_three: 15000 }]);
    expect(result).toEqual({ ok: true, values: { 'kitchen-condition': { parent_label: 'Kitchen Condition', style: 'kitchen-condition', amount_range_one: 4000, amount_range_two: 7000, amount_range_three: 15000 } } });
  });

  it('files a legacy slug under the category its label names', () => {
    const result = validateAdjustmentValues([{ parent_label: 'Cooling System', style: 'cooling_system', amount_range_one: 1, amount_range_two: 2, amount_range_three: 3 }]);
    expect(result.ok && Object.keys(result.values)).toEqual(['heating-cooling']);
  });

  it('names the field and tier of a bad amount', () => {
    const result = validateAdjustmentValues([{ ...DEFAULT_ADJUSTMENT_VALUES.garage, amount_range_two: 'lots' }, { ...DEFAULT_ADJUSTMENT_VALUES['above-grade-finished-area'], amount_range_three: 0 }, { ...DEFAULT_ADJUSTMENT_VALUES.fireplace, amount_range_one: -5 }]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues['0.amount_range_two']).toEqual(["Garage: $501,000-$1 Million must be a number."]);
    expect(result.issues['1.amount_range_three']).toEqual(['Above grade finished area: the divisor must be greater than 0.']);
    expect(result.issues['2.amount_range_one']).toEqual(['Fireplace: $0-$500,000 must not be negative.']);
  });

  it('refuses what is not a list or map', () => {
    expect(validateAdjustmentValues('nope').ok).toBe(false);
    expect(validateAdjustmentValues(null).ok).toBe(false);
  });
});
