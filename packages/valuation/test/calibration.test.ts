// Issue 27 items 2–3: the comparables alone have their own calibrated range, and a thin valuation (fewer comparables
// than the recent sales had) is measured as such and never gets a narrower range.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrate, comparablesReading, comparablesWeightFor, countBandFor, fewerComparables, likelyRange, reconcileApproaches, type CalibrationInput } from '../src';
import { random } from './fixtures';

/** Calibration sales: eight comparables each, one in `thinEvery` with only four (and missing by more), a model beside them. */
function inputs(count: number, seed: number, thinEvery = 8): CalibrationInput[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, n) => {
    const actual = 400_000;
    const thin = n % thinEvery === 0;
    const spread = thin ? 0.12 : 0.05;
    const prices = Array.from({ length: thin ? 4 : 8 }, () => ({ price: actual * Math.exp((next() - 0.5) * 2 * spread + (next() - 0.5) * 0.1), weight: 0.5 + next() }));
    const total = prices.reduce((s, p) => s + p.weight, 0);
    const value = prices.reduce((s, p) => s + (p.weight / total) * p.price, 0);
    const reading = comparablesReading(value, prices.map((p) => ({ adjustedPrice: p.price, share: p.weight / total })));
    return { actual, comparables: reading, model: actual * Math.exp((next() - 0.5) * 0.16) };
  });
}

describe('the comparables-alone calibration', () => {
  const calibration = calibrate(inputs(300, 3), { from: '2024-01-01', to: '2024-06-30' });

  it('keeps bands of its own beside the reconciled ones, and the usual count', () => {
    expect(calibration.comparablesBands).toHaveLength(3);
    expect(calibration.fullCount).toBe(8);
  });

  it('states a range that holds about 8 in 10 of fresh sales valued by their comparables alone', () => {
    const fresh = inputs(900, 4);
    const inside = fresh.filter((i) => {
      const r = likelyRange(i.comparables.value, i.comparables, null, calibration);
      return i.actual >= r.low && i.actual <= r.high;
    }).length;
    expect(inside / fresh.length).toBeGreaterThan(0.72);
    expect(inside / fresh.length).toBeLessThan(0.9);
  });

  it('says the range is the comparables\' own when the model is out', () => {
    const i = inputs(1, 9)[0]!;
    expect(likelyRange(i.comparables.value, i.comparables, null, calibration).explanation).toMatch(/valued the same way before their sale by their comparables alone, 8 in 10/);
  });
});

describe('thin valuations', () => {
  const calibration = calibrate(inputs(300, 5), { from: '2024-01-01', to: '2024-06-30' });

  it('measures each smaller count on the same sales valued from only their most similar comparables', () => {
    const counts = (calibration.byCount ?? []).map((b) => b.count);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(calibration.thin?.sales).toBeGreaterThanOrEqual(20);
    const reading = inputs(1, 11, 1000)[0]!.comparables;
    const three = fewerComparables(reading, 3)!;
    expect(three.count).toBe(3);
    expect(three.value).toBeGreaterThanOrEqual(Math.min(...three.prices!.map((p) => p.price)));
    expect(three.value).toBeLessThanOrEqual(Math.max(...three.prices!.map((p) => p.price)));
    expect(fewerComparables(reading, 9)).toBeNull();
  });

  it('a valuation with the usual count is not thin; one with fewer is, and says so', () => {
    expect(countBandFor(calibration, 8)).toBeNull();
    expect(countBandFor(calibration, 3)).not.toBeNull();
    const r = likelyRange(400_000, { value: 400_000, logSpread: 0.05, count: 3 }, 400_000, calibration);
    expect(r.thin).toBe(true);
    expect(r.explanation).toMatch(/valued from only 3 comparables, as here/);
    expect(comparablesWeightFor(calibration, 8)).toBe(calibration.comparablesWeight);
  });

  it('property: fewer comparables never narrow the range, with the model or without it', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 7 }), fc.double({ min: 0, max: 0.5, noNaN: true }), fc.boolean(), (count, spread, withModel) => {
      const model = withModel ? 400_000 : null;
      const full = likelyRange(400_000, { value: 400_000, logSpread: spread, count: 8 }, model, calibration);
      const thin = likelyRange(400_000, { value: 400_000, logSpread: spread, count }, model, calibration);
      expect(thin.low).toBeLessThanOrEqual(full.low);
      expect(thin.high).toBeGreaterThanOrEqual(full.high);
    }));
  });

  it('holds about 8 in 10 of fresh thin sales too, reconciled with the model at the measured share', () => {
    const fresh = inputs(1600, 6).filter((i) => i.comparables.count < 8);
    const inside = fresh.filter((i) => {
      const value = reconcileApproaches(i.comparables.value, i.model, comparablesWeightFor(calibration, i.comparables.count));
      const r = likelyRange(value, i.comparables, i.model, calibration);
      return i.actual >= r.low && i.actual <= r.high;
    }).length;
    expect(inside / fresh.length).toBeGreaterThan(0.72);
  });
});
