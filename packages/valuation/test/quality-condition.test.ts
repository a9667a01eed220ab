// Issue 27 item 1: quality and condition priced per step and tier in the grid — from the market where it measured a
// rate, else from the agent's step values — on the export's finer rating where it has one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ORDERED_FACTS, UAD_STEP_DEFAULTS, adjustComparable, chosenFine, propertyTypeLevels, readListingFacts, uadStepValuesOf,
  type AdjustmentSettings, type SaleFacts,
} from '../src';
import { facts } from './fixtures';

const quality = ORDERED_FACTS.find((f) => f.style === 'quality')!;
const line = (subject: SaleFacts, comparable: SaleFacts, settings: AdjustmentSettings, style = 'quality') =>
  adjustComparable(subject, comparable, settings).lines.find((l) => l.style === style);

describe('the finer rating on the step scale', () => {
  it.each([
    // [remarks or column, step, score, words]
    [{ remarks: 'Grade 7 home' }, 4, 3, 'grade 7'],
    [{ remarks: 'Grade 9 home' }, 2, 5, 'grade 9'],
    [{ remarks: 'Grade 10 home' }, 2, 6, 'grade 10'],
    [{ remarks: 'Above_Average overall quality' }, 3, 3 + 2 / 3, 'Above average'],
    [{ remarks: 'Good overall quality' }, 3, 4 + 1 / 3, 'Good'],
    [{ remarks: 'Average quality' }, 4, 3, 'Average'],
  ] as const)('%o reads as step Q%i, score %d (%s)', (text, step, score, words) => {
    const read = readListingFacts(text).quality!;
    expect(read.value).toBe(step);
    expect(read.fine?.score).toBeCloseTo(score, 6);
    expect(read.fine?.words).toBe(words);
  });

  it('a UAD code is its own step: no finer place', () => {
    expect(readListingFacts({ remarks: 'Quality Q3 home' }).quality?.fine).toBeUndefined();
  });

  it('a condition word rated above C2 says C2 and no finer place; a new home is C1 whatever its word says', () => {
    expect(readListingFacts({ condition: 'Excellent' }).condition).toMatchObject({ value: 2 });
    expect(readListingFacts({ condition: 'Excellent' }).condition?.fine).toBeUndefined();
    expect(readListingFacts({ condition: 'Good' }).condition?.fine?.score).toBeCloseTo(4 + 1 / 3, 6);
    const newHome = readListingFacts({ condition: 'Average', yearBuilt: 2014, closeDate: '2014-10-01' }).condition!;
    expect(newHome.value).toBe(1);
    expect(newHome.fine).toBeUndefined();
  });

  it('counts only while the agent keeps the step that was read', () => {
    const read = readListingFacts({ remarks: 'Grade 10 home' }).quality;
    expect(chosenFine(undefined, read)?.score).toBe(6);
    expect(chosenFine(2, read)?.score).toBe(6);
    expect(chosenFine(3, read)).toBeNull();
    expect(chosenFine(null, read)).toBeNull();
  });

  it('a better word is never a lower score, and each score lies within half a step of its own UAD step', () => {
    const words = ['Very_Poor', 'Poor', 'Fair', 'Below_Average', 'Average', 'Above_Average', 'Good', 'Very_Good', 'Excellent', 'Very_Excellent'];
    const read = words.map((w) => readListingFacts({ remarks: `${w} overall quality` }).quality!);
    read.forEach((r, k) => {
      if (k > 0) expect(r.fine!.score).toBeGreaterThan(read[k - 1]!.fine!.score);
      expect(Math.abs(r.fine!.score - (7 - r.value))).toBeLessThanOrEqual(0.67);
    });
  });
});

describe('the quality and condition lines', () => {
  const subject = facts({ id: 'S', quality: 3, condition: 3 });
  const comparable = facts({ id: 'C', quality: 4, condition: 4, netSalesPrice: 600_000 });
  const stepValues = { quality: [20_000, 45_000, 100_000], condition: [10_000, 20_000, 40_000] } as const;

  it.each([
    ['the agent\'s step value, tier 2', { stepValues }, 'quality', 45_000, 'table', /your default, tier '\$501,000-\$1 Million'/],
    ['the market\'s rate wins over the step value', { stepValues, rateOverrides: { quality: [null, 52_000, null] as const } }, 'quality', 52_000, 'market', /market-derived/],
    ['condition by its own step value', { stepValues }, 'condition', 20_000, 'table', /better by 1 step/],
  ] as const)('%s', (_name, settings, style, amount, source, explanation) => {
    const l = line(subject, comparable, settings as AdjustmentSettings, style)!;
    expect(l.amount).toBe(amount);
    expect(l.rateSource).toBe(source);
    expect(l.status).toBe('applied');
    expect(l.explanation).toMatch(explanation);
  });

  it('a report saved before step values existed has no line unless the market measured a rate, as it was valued then', () => {
    expect(line(subject, comparable, {})).toBeUndefined();
    expect(line(subject, comparable, { rateOverrides: { quality: [10, 10, 10] } })?.amount).toBe(10);
  });

  it('a step the agent changes moves the amount at once, and an unknown step is shown and not adjusted', () => {
    expect(line({ ...subject, quality: 2 }, comparable, { stepValues })!.amount).toBe(90_000);
    expect(line(subject, { ...comparable, quality: 3 }, { stepValues })!.amount).toBe(0);
    const unknown = line({ ...subject, quality: null }, comparable, { stepValues })!;
    expect(unknown).toMatchObject({ status: 'unknown', amount: 0, subjectValue: 'Not Available' });
  });

  it('adjusts by the finer rating where both have one, and shows it', () => {
    const s = { ...subject, quality: 2, qualityFine: { score: 6, words: 'grade 10' } };
    const c = { ...comparable, quality: 2, qualityFine: { score: 5, words: 'grade 9' } };
    const l = line(s, c, { stepValues })!;
    expect(l.amount).toBe(45_000);
    expect(l.subjectValue).toBe('Q2 High quality (grade 10)');
    expect(l.comparableValue).toBe('Q2 High quality (grade 9)');
  });

  it('property: a better comparable is adjusted down, a worse one up, by the step difference × the rate', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 200_000 }), (s, c, rate) => {
      const l = line({ ...subject, quality: s }, { ...comparable, quality: c }, { stepValues: { quality: [rate, rate, rate], condition: [0, 0, 0] } })!;
      // Q1 is best: a comparable with a smaller step number is better than the subject.
      expect(l.amount).toBe((c - s) * rate);
      expect(Math.sign(l.amount) || 0).toBe(rate === 0 ? 0 : Math.sign(c - s));
    }));
  });

  it('the displayed step and the score agree for every step', () => {
    for (const step of [1, 2, 3, 4, 5, 6]) {
      expect(quality.score({ quality: step })).toBe(7 - step);
      expect(quality.display({ quality: step })).toMatch(new RegExp(`^Q${step} `));
    }
  });
});

describe('step values as saved', () => {
  it.each([
    [UAD_STEP_DEFAULTS, true],
    [{ quality: [1, 2, 3], condition: [0, 0, 0] }, true],
    [{ quality: [1, 2], condition: [0, 0, 0] }, false],
    [{ quality: [1, 2, -3], condition: [0, 0, 0] }, false],
    [{ quality: [1, 2, 3] }, false],
    [null, false],
    ['20000', false],
  ])('%o → readable: %s', (raw, ok) => {
    expect(uadStepValuesOf(raw) != null).toBe(ok);
  });
});

describe("the market model's property-type levels", () => {
  it('a type sold at a lower price level gets its own level, shrunk by its count; unknown and single-type pools get 0', () => {
    const sales = [
      ...Array.from({ length: 80 }, (_, i) => facts({ id: `F${i}`, propertyType: 'single-family' })),
      ...Array.from({ length: 20 }, (_, i) => facts({ id: `D${i}`, propertyType: 'multi-unit' })),
    ];
    const rest = sales.map((s) => (s.propertyType === 'multi-unit' ? -0.2 : 0));
    const level = propertyTypeLevels(sales, rest);
    // The duplexes sit 0.16 below the mean of all; 20 sales move half of it.
    expect(level(facts({ propertyType: 'multi-unit' }))).toBeCloseTo(-0.08, 6);
    expect(level(facts({ propertyType: 'single-family' }))).toBeGreaterThan(0);
    expect(level(facts({ propertyType: null }))).toBe(0);
    expect(propertyTypeLevels(sales.slice(0, 80), rest.slice(0, 80))(facts({ propertyType: 'single-family' }))).toBe(0);
  });
});
