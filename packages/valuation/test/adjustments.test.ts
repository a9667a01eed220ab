import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_FACT_SCALES, CATEGORIES, adjustComparable, riskColour, type SaleFacts } from '../src';
import { facts } from './fixtures';

const TIER_PRICES = [400_000, 750_000, 1_500_000] as const;

// Hand-computed from spec §9: [category, subject change, comparable change, expected amount per tier].
const CASES: [string, Partial<SaleFacts>, Partial<SaleFacts>, [number, number, number]][] = [
  ['year-built', { yearBuilt: 2005 }, { yearBuilt: 2000 }, [2500, 4000, 5000]],
  ['lot-size', { lotSizeSqft: 7000 }, { lotSizeSqft: 6000 }, [1000, 1000, 1000]],
  ['fireplace', { fireplaces: 2 }, { fireplaces: 1 }, [2000, 5000, 7000]],
  ['garage', { garageSpaces: 3 }, { garageSpaces: 2 }, [5000, 8000, 15000]],
  ['bedrooms', { bedrooms: 4 }, { bedrooms: 3 }, [5000, 10000, 15000]],
  ['full-bathrooms', { bathsFullAndThreeQuarter: 3 }, { bathsFullAndThreeQuarter: 2 }, [5000, 10000, 15000]],
  ['half-bathrooms', { bathsHalfAndQuarter: 2 }, { bathsHalfAndQuarter: 1 }, [5000, 10000, 15000]],
  ['basement-type', { additionalFacts: { 'Basement Type': 'Walkout' } }, { additionalFacts: { 'Basement Type': 'In-Ground' } }, [20000, 40000, 60000]],
  ['heating-cooling', { additionalFacts: { 'Heating/Cooling': 'Central Air' } }, { additionalFacts: { 'Heating/Cooling': 'None' } }, [6000, 10000, 20000]],
  ['kitchen-condition', { additionalFacts: { 'Kitchen Condition': 'Full Update' } }, { additionalFacts: { 'Kitchen Condition': 'Dated' } }, [16000, 28000, 60000]],
  ['bathroom-condition', { additionalFacts: { 'Bathroom Condition': 'Typical Average' } }, { additionalFacts: { 'Bathroom Condition': 'Partial Update High' } }, [-10000, -30000, -40000]],
  ['location', { additionalFacts: { Location: 'Good' } }, { additionalFacts: { Location: 'Noisy' } }, [10000, 30000, 40000]],
  ['windows', { additionalFacts: { Windows: 'Average' } }, { additionalFacts: { Windows: 'Excellent New' } }, [-40000, -60000, -80000]],
  // Divisor rule: comparable price ÷ 2,000 sq ft ÷ 3 per sq ft, × 300 sq ft.
  ['above-grade-finished-area', { aboveGradeFinishedArea: 2300 }, { aboveGradeFinishedArea: 2000 }, [20000, 37500, 75000]],
  ['below-grade-total-area', { belowGradeTotalArea: 1000 }, { belowGradeTotalArea: 800 }, [3240, 3240, 3240]],
  ['below-grade-finished-area', { belowGradeFinishedArea: 800 }, { belowGradeFinishedArea: 600 }, [1850, 1850, 1850]],
];

describe('adjustments against the spec table, every category and tier', () => {
  it('covers all 16 categories', () => {
    expect(CASES.map(([style]) => style).sort()).toEqual(CATEGORIES.map((c) => c.style).sort());
  });

  describe.each(CASES)('%s', (style, subjectChange, comparableChange, expected) => {
    it.each([0, 1, 2])('tier %i', (tier) => {
      const price = TIER_PRICES[tier];
      const subject = facts({ id: 'subject', ...subjectChange });
      const comparable = facts({ id: 'comp', netSalesPrice: price, ...comparableChange });
      const result = adjustComparable(subject, comparable);
      const line = result.lines.find((l) => l.style === style)!;
      expect(line.amount).toBeCloseTo(expected[tier], 6);
      expect(line.status).toBe('applied');
      expect(result.lines.filter((l) => l.style !== style).every((l) => l.amount === 0)).toBe(true);
      expect(result.totalAdjustment).toBeCloseTo(expected[tier], 6);
      expect(result.adjustedPrice).toBeCloseTo(price + expected[tier], 6);
      expect(result.netPercent).toBeCloseTo((Math.abs(expected[tier]) / price) * 100, 9);
      expect(result.grossPercent).toBeCloseTo((Math.abs(expected[tier]) / price) * 100, 9);
      expect(line.explanation).toContain(line.label);
      expect(line.explanation).toContain(`$ ${Math.abs(expected[tier]).toLocaleString('en-US')}`);
    });
  });

  it('explains the divisor rule with its figures', () => {
    const line = adjustComparable(facts({ aboveGradeFinishedArea: 2300 }), facts({ netSalesPrice: 750_000 })).lines.find((l) => l.style === 'above-grade-finished-area')!;
    expect(line.rate).toBe(125);
    expect(line.explanation).toBe("Above grade finished area: subject 2,300 sq ft vs comparable 2,000 sq ft, +300 × $ 125 per sq ft (comparable's $ 750,000 ÷ 2,000 sq ft ÷ divisor 3) = +$ 37,500.");
  });

  it('uses a changed divisor (formula_Division_DefaultValue)', () => {
    const values = { 'above-grade-finished-area': { parent_label: 'Above grade finished area', style: 'above-grade-finished-area', amount_range_one: 4, amount_range_two: 4, amount_range_three: 4 } };
    const result = adjustComparable(facts({ aboveGradeFinishedArea: 2300 }), facts(), { values });
    expect(result.totalAdjustment).toBeCloseTo(300 * (400_000 / 2000 / 4), 9);
  });
});

describe('unknown facts, toggles and overrides', () => {
  it('does not adjust a fact unknown on either side, and says so', () => {
    const result = adjustComparable(facts({ additionalFacts: { Location: 'Good' } }), facts({ garageSpaces: null }));
    const location = result.lines.find((l) => l.style === 'location')!;
    const garage = result.lines.find((l) => l.style === 'garage')!;
    expect(location).toMatchObject({ amount: 0, status: 'unknown', comparableValue: 'Not Available', explanation: 'Location: not adjusted, unknown for the comparable.' });
    expect(garage).toMatchObject({ amount: 0, status: 'unknown', explanation: 'Garage: not adjusted, unknown for the comparable.' });
    expect(result.unknownCategories).toEqual(expect.arrayContaining(['Location', 'Garage']));
    expect(result.explanation).toContain('Not adjusted, fact unknown: ');
  });

  it('uses the comparable unadjusted when add_adjustment is false', () => {
    const result = adjustComparable(facts({ bedrooms: 5 }), facts(), {}, { add_adjustment: false });
    expect(result.totalAdjustment).toBe(0);
    expect(result.adjustedPrice).toBe(400_000);
    expect(result.lines.find((l) => l.style === 'bedrooms')!.status).toBe('disabled');
  });

  it('switches a category off for every comparable', () => {
    const result = adjustComparable(facts({ bedrooms: 5, garageSpaces: 3 }), facts(), { disabledCategories: ['bedrooms'] });
    expect(result.totalAdjustment).toBe(5000);
  });

  it('takes a per-cell rate or dollar amount', () => {
    const subject = facts({ bedrooms: 5 });
    expect(adjustComparable(subject, facts(), {}, { overrides: { bedrooms: { rate: 12_000 } } }).totalAdjustment).toBe(24_000);
    const byAmount = adjustComparable(subject, facts(), {}, { overrides: { bedrooms: { amount: -3000 } } });
    expect(byAmount.totalAdjustment).toBe(-3000);
    expect(byAmount.lines.find((l) => l.style === 'bedrooms')).toMatchObject({ status: 'overridden', explanation: 'Bedrooms: -$ 3,000 entered by the agent.' });
  });

  it('uses accepted market rates per tier instead of the table', () => {
    const result = adjustComparable(facts({ bedrooms: 4 }), facts({ netSalesPrice: 750_000 }), { rateOverrides: { bedrooms: [null, 7_500, null] } });
    expect(result.totalAdjustment).toBe(7_500);
    expect(result.lines.find((l) => l.style === 'bedrooms')!.rateSource).toBe('market');
  });

  it('adds the market-conditions line only when switched on', () => {
    const comp = facts({ closeDate: '2024-01-01' });
    expect(adjustComparable(facts(), comp).lines.some((l) => l.style === 'market-conditions')).toBe(false);
    const result = adjustComparable(facts(), comp, { timeAdjustment: { monthlyRate: 0.01, asOfDate: '2024-07-01' } });
    const line = result.lines.find((l) => l.style === 'market-conditions')!;
    // 182 days = 5.98 months × 1 % × $400,000.
    expect(line.amount).toBeCloseTo(400_000 * 0.01 * (182 / 30.4375), 6);
  });

  it('nets and grosses mixed adjustments', () => {
    const result = adjustComparable(facts({ bedrooms: 4, garageSpaces: 1 }), facts());
    expect(result.totalAdjustment).toBe(0);
    expect(result.netPercent).toBe(0);
    expect(result.grossPercent).toBe(2.5);
  });

  it('refuses a comparable without a price', () => {
    expect(() => adjustComparable(facts(), facts({ id: 'C9', netSalesPrice: null }))).toThrow('Comparable C9 has no net sales price, so it cannot be adjusted.');
  });
});

describe('riskColour (spec §5)', () => {
  it.each([
    [0, 'green'], [9.99, 'green'], [10, 'green'], [10.01, 'amber'], [20, 'amber'], [20.01, 'red'], [65, 'red'],
  ] as const)('%d%% is %s', (percent, colour) => {
    expect(riskColour(percent)).toBe(colour);
  });
});

const countStyles = ['year-built', 'lot-size', 'fireplace', 'garage', 'bedrooms', 'full-bathrooms', 'half-bathrooms', 'above-grade-finished-area', 'below-grade-total-area', 'below-grade-finished-area'] as const;
const fieldOf: Record<(typeof countStyles)[number], keyof SaleFacts> = {
  'year-built': 'yearBuilt', 'lot-size': 'lotSizeSqft', fireplace: 'fireplaces', garage: 'garageSpaces', bedrooms: 'bedrooms',
  'full-bathrooms': 'bathsFullAndThreeQuarter', 'half-bathrooms': 'bathsHalfAndQuarter', 'above-grade-finished-area': 'aboveGradeFinishedArea',
  'below-grade-total-area': 'belowGradeTotalArea', 'below-grade-finished-area': 'belowGradeFinishedArea',
};
const ordinalGroups = Object.keys(ADDITIONAL_FACT_SCALES) as (keyof typeof ADDITIONAL_FACT_SCALES)[];

const arbitraryFacts = fc.record({
  netSalesPrice: fc.integer({ min: 50_000, max: 3_000_000 }),
  yearBuilt: fc.integer({ min: 1900, max: 2024 }),
  lotSizeSqft: fc.integer({ min: 1000, max: 50_000 }),
  aboveGradeFinishedArea: fc.integer({ min: 400, max: 6000 }),
  belowGradeTotalArea: fc.integer({ min: 0, max: 3000 }),
  belowGradeFinishedArea: fc.integer({ min: 0, max: 3000 }),
  fireplaces: fc.integer({ min: 0, max: 4 }),
  garageSpaces: fc.integer({ min: 0, max: 4 }),
  bedrooms: fc.integer({ min: 0, max: 7 }),
  bathsFullAndThreeQuarter: fc.integer({ min: 0, max: 5 }),
  bathsHalfAndQuarter: fc.integer({ min: 0, max: 3 }),
  scale: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: ordinalGroups.length, maxLength: ordinalGroups.length }),
}).map(({ scale, ...numbers }) =>
  facts({ ...numbers, additionalFacts: Object.fromEntries(ordinalGroups.map((g, i) => [g, ADDITIONAL_FACT_SCALES[g][Math.min(scale[i], ADDITIONAL_FACT_SCALES[g].length - 2)]])) }),
);

describe('properties', () => {
  it('a comparable identical to the subject gets zero adjustment', () => {
    fc.assert(
      fc.property(arbitraryFacts, (home) => {
        const result = adjustComparable({ ...home, id: 'subject', netSalesPrice: null }, { ...home, id: 'comp' });
        expect(result.totalAdjustment).toBe(0);
        expect(result.grossPercent).toBe(0);
        expect(result.adjustedPrice).toBe(home.netSalesPrice);
      }),
    );
  });

  it('adding a feature the subject has raises the comparable\'s adjusted price', () => {
    fc.assert(
      fc.property(arbitraryFacts, fc.constantFrom(...countStyles, ...ordinalGroups), fc.integer({ min: 1, max: 3 }), (comp, feature, more) => {
        let subject: SaleFacts;
        if ((countStyles as readonly string[]).includes(feature)) {
          const field = fieldOf[feature as (typeof countStyles)[number]];
          subject = { ...comp, id: 'subject', [field]: (comp[field] as number) + more };
        } else {
          const group = feature as (typeof ordinalGroups)[number];
          const scale = ADDITIONAL_FACT_SCALES[group] as readonly string[];
          const step = Math.min(scale.length - 1, scale.indexOf(comp.additionalFacts[group] as string) + 1);
          subject = { ...comp, id: 'subject', additionalFacts: { ...comp.additionalFacts, [group]: scale[step] } };
        }
        const result = adjustComparable(subject, comp);
        expect(result.adjustedPrice).toBeGreaterThan(comp.netSalesPrice as number);
        // And a subject with the feature taken away lowers it.
        expect(adjustComparable(comp, subject).adjustedPrice).toBeLessThan(subject.netSalesPrice as number);
      }),
    );
  });
});
