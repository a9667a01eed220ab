import { describe, expect, it } from 'vitest';
import { CandidatePool, selectComparables, valuationWarnings, adjustComparable } from '../src';
import { facts } from './fixtures';

// 0.01° of latitude ≈ 0.69 mile.
const subject = facts({ id: 'subject', netSalesPrice: null, closeDate: '2024-06-01', latitude: 39.7, longitude: -105 });

describe('selectComparables', () => {
  it('applies the default filters: 12 months, 1 mile, ±20 % size', () => {
    const candidates = [
      facts({ id: 'near', latitude: 39.701, closeDate: '2024-05-01' }),
      facts({ id: 'near2', latitude: 39.702, closeDate: '2024-04-01', streetAddress: '2 Main' }),
      facts({ id: 'near3', latitude: 39.703, closeDate: '2024-03-01', streetAddress: '3 Main' }),
      facts({ id: 'far', latitude: 39.73, closeDate: '2024-05-01' }), // ~2 miles
      facts({ id: 'old', latitude: 39.701, closeDate: '2023-01-01' }),
      facts({ id: 'big', latitude: 39.701, aboveGradeFinishedArea: 2600 }),
      facts({ id: 'later', latitude: 39.701, closeDate: '2024-07-01' }),
      facts({ id: 'active', latitude: 39.701, closeDate: null, netSalesPrice: null }),
    ];
    const selection = selectComparables(subject, candidates);
    expect(selection.picks.map((p) => p.facts.id)).toEqual(['near', 'near2', 'near3']);
    expect(selection.step).toEqual({ months: 12, miles: 1, sizeTolerance: 0.2 });
    expect(selection.notes).toEqual([]);
  });

  it('widens step by step when too few pass, and says so', () => {
    const candidates = [facts({ id: 'near', latitude: 39.701 }), facts({ id: 'far', latitude: 39.73 }), facts({ id: 'farther', latitude: 39.74 })];
    const selection = selectComparables(subject, candidates);
    expect(selection.picks.map((p) => p.facts.id)).toEqual(['near', 'far', 'farther']);
    expect(selection.notes[0]).toBe('Only 1 sale within closed within 12 months, 1 mile, ±20% size; widened to closed within 12 months, 2 miles, ±30% size.');
    expect(selection.step.miles).toBe(3);
  });

  it('ranks the most similar first and explains each pick', () => {
    const candidates = [
      facts({ id: 'different', latitude: 39.701, bedrooms: 5, yearBuilt: 1960, aboveGradeFinishedArea: 2350 }),
      facts({ id: 'twin', latitude: 39.702, closeDate: '2024-05-15' }),
      facts({ id: 'other-subdivision', latitude: 39.702, subdivision: 'Other', closeDate: '2024-05-15' }),
    ];
    const { picks } = selectComparables(subject, candidates);
    expect(picks.map((p) => p.facts.id)).toEqual(['twin', 'other-subdivision', 'different']);
    expect(picks[0].reasons).toEqual([
      '0.14 mi away',
      'closed 2024-05-15 (0.6 months before)',
      'above-grade 2,000 vs 2,000 sq ft (+0%)',
      'built the same year (2000)',
      'same bedrooms (3)',
      'same bathrooms (2.5)',
      'same levels (Two)',
      'same subdivision (Maple Park)',
    ]);
    expect(picks[2].reasons).toContain('5 vs 3 bedrooms');
    expect(picks[2].reasons).toContain('built 1960 (40 years older)');
  });

  it('back-test rules: strictly before the date, the own address left out', () => {
    const candidates = [
      facts({ id: 'same-day', latitude: 39.701, closeDate: '2024-06-01', streetAddress: 'a' }),
      facts({ id: 'own-earlier-sale', latitude: 39.7, closeDate: '2023-09-01', streetAddress: '1 Main Street' }),
      facts({ id: 'ok', latitude: 39.702, closeDate: '2024-05-31', streetAddress: 'b' }),
    ];
    const ids = (o: object) => selectComparables(subject, candidates, { minimum: 1, ...o }).picks.map((p) => p.facts.id);
    expect(ids({}).sort()).toEqual(['ok', 'own-earlier-sale', 'same-day']);
    expect(ids({ strictlyBefore: true, excludeStreetAddress: ' 1 main  street ' })).toEqual(['ok']);
  });

  it('is fast enough to reuse one pool for many subjects', () => {
    const pool = new CandidatePool(Array.from({ length: 500 }, (_, i) => facts({ id: `c${i}`, latitude: 39.7 + (i % 50) * 0.002, longitude: -105 + Math.floor(i / 50) * 0.002 })));
    expect(pool.size).toBe(500);
    expect(selectComparables(subject, pool, { count: 10 }).picks).toHaveLength(10);
  });
});

describe('valuationWarnings', () => {
  const comp = (id: string, o: object) => facts({ id, ...o });
  const warn = (comps: ReturnType<typeof facts>[], s = subject) => valuationWarnings(s, comps.map((c) => ({ facts: c, adjustment: adjustComparable(s, c) })));

  it('flags gross > 25 % and net > 15 %', () => {
    // A 1,300 sq ft smaller comp at $200,000: +1,300 × (200,000 ÷ 700 ÷ 3) = +$123,810, 62 % net and gross.
    const warnings = warn([comp('a', { aboveGradeFinishedArea: 700, netSalesPrice: 200_000 }), comp('b', {}), comp('c', {})]);
    expect(warnings.map((w) => [w.code, w.comparableId])).toEqual([
      ['gross-over-25', 'a'],
      ['net-over-15', 'a'],
    ]);
    // Named by position and street, never by the MLS number.
    expect(warnings[0].message).toMatch(/^Comparable 1( \([^)]+\))?: gross adjustment \d+\.\d% is above 25%\.$/);
    expect(warnings[0].message).not.toContain('Comparable a');
  });

  it('flags no bracketing on size or age and fewer than 3 comps', () => {
    const warnings = warn([comp('a', { aboveGradeFinishedArea: 2100, yearBuilt: 2005 }), comp('b', { aboveGradeFinishedArea: 2050, yearBuilt: 2001 })]);
    expect(warnings.map((w) => w.message)).toEqual([
      'Only 2 comparables; at least 3 are expected.',
      "No bracketing on size: every comparable is above the subject's 2,000 sq ft.",
      "No bracketing on age: every comparable is above the subject's year built 2000.",
    ]);
    expect(warn([comp('a', { aboveGradeFinishedArea: 2100 }), comp('b', { aboveGradeFinishedArea: 1900 }), comp('c', {})])).toEqual([]);
  });
});
