import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accuracy, runBacktest, summarizeBacktest, zipHalfOf, type BacktestResult } from '../src';
import { facts, town } from './fixtures';

describe('back-test figures', () => {
  it.each([
    // signed errors (percent) → MdAPE, within 5/10/20 %, mean signed error
    [[-4, 6, 12, -25], 9, 25, 50, 75, -2.75],
    [[0, 0, 0], 0, 100, 100, 100, 0],
    [[20, 20.5], 20.25, 0, 0, 50, 20.25],
  ])('accuracy of %j', (errors, mdape, within5, within10, within20, mean) => {
    const a = accuracy(errors);
    expect(a).toEqual({ valued: errors.length, mdape, within5, within10, within20, meanSignedError: mean });
  });

  it('no errors give no figures rather than zeros', () => {
    expect(accuracy([]).mdape).toBeNaN();
  });

  it('within 5 % ≤ within 10 % ≤ within 20 %, and MdAPE is not above the largest error', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -80, max: 80, noNaN: true }), { minLength: 1, maxLength: 50 }), (errors) => {
        const a = accuracy(errors);
        expect(a.within5).toBeLessThanOrEqual(a.within10);
        expect(a.within10).toBeLessThanOrEqual(a.within20);
        expect(a.mdape).toBeLessThanOrEqual(Math.max(...errors.map(Math.abs)));
        expect(Math.abs(a.meanSignedError)).toBeLessThanOrEqual(80);
      }),
    );
  });

  it('range coverage and median range width come from the stated ranges', () => {
    const result = (actual: number, value: number, low: number, high: number): BacktestResult => ({
      subjectId: 'x', closeDate: '2015-01-01', actual, value, low, high, comps: [],
      absolutePercentError: (Math.abs(value - actual) / actual) * 100, signedPercentError: ((value - actual) / actual) * 100,
      baselineValue: null, baselineAbsolutePercentError: null,
    });
    const summary = summarizeBacktest([result(100, 100, 90, 110), result(100, 120, 110, 130), result(100, 100, 80, 120)]);
    expect(summary.insideRange).toBeCloseTo(200 / 3, 10);
    // Half-widths 10 %, 8.33 %, 20 % of the value → median 10 %.
    expect(summary.medianRangeHalfWidth).toBeCloseTo(10, 10);
  });
});

describe('zip-code halves', () => {
  it.each([
    ['98178', 'even'],
    ['98125', 'odd'],
    ['80202-1234', 'even'],
    [' 80203 ', 'odd'],
    ['', null],
    [null, null],
    [undefined, null],
  ])('%j is in the %s half', (postalCode, half) => {
    expect(zipHalfOf(facts({ postalCode }))).toBe(half);
  });

  it('a back-test of one half values only that half, from comparables of both', () => {
    const sales = town({ count: 400, seed: 3 }).map((s, i) => ({ ...s, postalCode: `8020${i % 4}` }));
    const even = runBacktest(sales, { from: '2024-11-01', to: '2024-12-31', zipHalf: 'even', useMarketRates: false });
    const odd = runBacktest(sales, { from: '2024-11-01', to: '2024-12-31', zipHalf: 'odd', useMarketRates: false });
    const all = runBacktest(sales, { from: '2024-11-01', to: '2024-12-31', useMarketRates: false });
    const halfOf = new Map(sales.map((s) => [s.id, zipHalfOf(s)]));
    expect(even.results.every((r) => halfOf.get(r.subjectId) === 'even')).toBe(true);
    expect(odd.results.every((r) => halfOf.get(r.subjectId) === 'odd')).toBe(true);
    expect(even.results.length + odd.results.length).toBe(all.results.length);
    expect(even.results.some((r) => r.comps.some((id) => halfOf.get(id) === 'odd'))).toBe(true);
  });
});
