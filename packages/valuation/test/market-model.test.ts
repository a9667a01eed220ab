import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CandidatePool, calibrate, comparablesReading, comparablesWeightFrom, fitBoostedTrees, fitMarketModel, likelyRange, median,
  predictBoostedTrees, prepareMarketModel, reconcileApproaches, runBacktest, sizeLine, valueSubject, withoutPrice, type CalibrationInput,
} from '../src';
import { random, town } from './fixtures';

describe('gradient-boosted trees', () => {
  const next = random(5);
  const n = 600;
  const x1 = Float64Array.from({ length: n }, () => next() * 10);
  const x2 = Float64Array.from({ length: n }, () => (next() < 0.1 ? NaN : next() * 10));
  // A step in x1 and a slope in x2 (missing x2 counts as 5).
  const y = Float64Array.from({ length: n }, (_, i) => (x1[i] > 5 ? 2 : 0) + 0.3 * (Number.isNaN(x2[i]) ? 5 : x2[i]));

  it('learns a step and a slope, with missing values, to within a few percent of the signal', () => {
    const model = fitBoostedTrees([x1, x2], y, { trees: 200 });
    const errors = Array.from({ length: n }, (_, i) => Math.abs(predictBoostedTrees(model, [x1[i], x2[i]]) - y[i]));
    expect(median(errors)).toBeLessThan(0.1);
    expect(model.gain[0]).toBeGreaterThan(0);
  });

  it('with the Huber loss, a few wild targets pull the fit much less than with squared error', () => {
    // One row in twelve is off by +3 (a sale recorded at twenty times its price, in log units).
    const wild = Float64Array.from(y, (v, i) => (i % 12 === 0 ? v + 3 : v));
    const clean = Array.from({ length: n }, (_, i) => i).filter((i) => i % 12 !== 0);
    const errorOn = (model: ReturnType<typeof fitBoostedTrees>) => median(clean.map((i) => Math.abs(predictBoostedTrees(model, [x1[i], x2[i]]) - y[i])));
    const squared = errorOn(fitBoostedTrees([x1, x2], wild, { trees: 200 }));
    const huber = errorOn(fitBoostedTrees([x1, x2], wild, { trees: 200, robustQuantile: 0.9 }));
    expect(huber).toBeLessThan(0.1);
    expect(huber).toBeLessThan(squared / 2);
  });

  it('is deterministic, and its contributions add up to the prediction', () => {
    const a = fitBoostedTrees([x1, x2], y, { trees: 30 });
    const b = fitBoostedTrees([x1, x2], y, { trees: 30 });
    fc.assert(fc.property(fc.double({ min: -5, max: 15, noNaN: true }), fc.oneof(fc.constant(NaN), fc.double({ min: -5, max: 15, noNaN: true })), (v1, v2) => {
      const contributions = new Float64Array(3);
      const p = predictBoostedTrees(a, [v1, v2], contributions);
      expect(p).toBe(predictBoostedTrees(b, [v1, v2]));
      expect(a.base + contributions[0] + contributions[1] + contributions[2]).toBeCloseTo(p, 9);
    }));
  });
});

describe('market model', () => {
  const sales = town({ count: 900, seed: 11, noise: 0.04 });
  const pool = new CandidatePool(sales);

  it('estimates sales it never saw from size and location, and names its main drivers', () => {
    const model = fitMarketModel(pool, { before: '2024-11-01' });
    const later = pool.sales.filter((s) => (s.closeDate as string) >= '2024-11-01');
    expect(model.sales).toBe(pool.size - later.length);
    const errors = later.map((s) => Math.abs(model.estimate(withoutPrice(s), s.closeDate as string).value / (s.netSalesPrice as number) - 1));
    expect(median(errors)).toBeLessThan(0.06);
    const drivers = model.estimate(withoutPrice(later[0]), '2024-12-31').drivers.map((d) => d.label);
    expect(drivers.slice(0, 3)).toContain('Above grade finished area');
    expect(model.importance[0].share).toBeGreaterThan(0);
  });

  it('values a home larger than any sold above the largest sold, and says its size drove that', () => {
    const model = fitMarketModel(pool, { before: '2024-11-01', trees: 80 });
    const largest = pool.sales.reduce((a, b) => ((b.aboveGradeFinishedArea ?? 0) > (a.aboveGradeFinishedArea ?? 0) ? b : a));
    const area = largest.aboveGradeFinishedArea as number;
    const asLarge = model.estimate(withoutPrice(largest), '2024-11-01');
    const larger = model.estimate({ ...withoutPrice(largest), aboveGradeFinishedArea: area * 1.5 }, '2024-11-01');
    expect(model.sizeElasticity).toBeGreaterThan(0);
    // Trees alone stop at the largest size they saw; the size line carries the estimate on, by the measured elasticity.
    expect(larger.value / asLarge.value).toBeCloseTo(1.5 ** model.sizeElasticity, 6);
    expect(larger.drivers.find((d) => d.label === 'Above grade finished area')!.effect).toBeGreaterThan(asLarge.drivers.find((d) => d.label === 'Above grade finished area')!.effect);
  });

  it('tells Good from Above_Average quality although both are Q3, and kitchens apart, from the export\'s finer rating', () => {
    // Half the homes rated Good (7), half Above_Average (6): the same UAD step, 12 % apart in price; kitchens 5 % a point.
    const rated = pool.sales.map((s, i) => {
      const qualityRating = i % 2 ? 7 : 6;
      const kitchenRating = 5 + (i % 3);
      const price = (s.netSalesPrice as number) * (qualityRating === 7 ? 1.12 : 1) * 1.05 ** (kitchenRating - 5);
      return { ...s, quality: 3, qualityRating, kitchenRating, netSalesPrice: Math.round(price) };
    });
    const model = fitMarketModel(rated, { before: '2024-11-01' });
    const home = withoutPrice(rated.find((s) => (s.closeDate as string) >= '2024-11-01') as (typeof rated)[number]);
    const good = model.estimate({ ...home, qualityRating: 7, kitchenRating: 5 }, '2024-11-15');
    const aboveAverage = model.estimate({ ...home, qualityRating: 6, kitchenRating: 5 }, '2024-11-15');
    const goodKitchen = model.estimate({ ...home, qualityRating: 7, kitchenRating: 7 }, '2024-11-15');
    expect(good.value / aboveAverage.value).toBeGreaterThan(1.06);
    expect(goodKitchen.value / good.value).toBeGreaterThan(1.04);
    expect(good.drivers.map((d) => d.label)).toContain('Quality');
  });

  it('refuses to fit on too few sales', () => {
    expect(() => fitMarketModel(sales.slice(0, 20))).toThrow('The market model needs at least 50 closed sales before the valuation date; 20 found.');
  });

  it('reconciled with the comparables, it stays close to them where they are already good, and its range holds most prices', () => {
    const options = { from: '2024-12-01', to: '2024-12-31', useMarketRates: false } as const;
    const comps = runBacktest(pool, options).summary;
    const both = runBacktest(pool, { ...options, useMarketModel: true, marketModelOptions: { trees: 120 } }).summary;
    // The town's comparables are nearly exact (±2 % noise), so the model can only add a little error here.
    expect(both.engine.mdape).toBeLessThan(comps.engine.mdape * 1.25);
    expect(both.insideRange).toBeGreaterThan(60);
    expect(both.insideRange).toBeLessThan(97);
  }, 60_000);

  it('with a few hundred loaded sales, at most half of them measure the errors, so the model is still fitted', () => {
    const few = pool.sales.filter((s) => (s.closeDate as string) < '2024-12-01').sort((a, b) => (a.closeDate as string).localeCompare(b.closeDate as string)).slice(-160);
    const prepared = prepareMarketModel(few, { before: '2024-12-01', trees: 40, valueWithComparables: (blind) => ({ value: (blind.aboveGradeFinishedArea ?? 1500) * 200, logSpread: 0.05, count: 4 }) });
    expect(prepared.model!.sales).toBe(160);
    expect(prepared.calibration.sales).toBe(80);
    expect(prepared.model!.estimate(few[0]!, '2024-12-01').value).toBeGreaterThan(0);
  }, 60_000);

  it('a valuation with the model says what each approach carries and why', () => {
    const subject = pool.sales.find((s) => (s.closeDate as string) >= '2024-12-15')!;
    const valueWithComparables = (blind: typeof subject) => {
      const v = valueSubject(blind, pool, { asOfDate: blind.closeDate as string, strictlyBefore: true, excludeStreetAddress: blind.streetAddress, explain: false });
      return comparablesReading(v.reconciliation.value, v.reconciliation.weights);
    };
    const prepared = prepareMarketModel(pool, { before: '2024-12-01', trees: 80, calibrationSales: 120, valueWithComparables });
    const valuation = valueSubject(subject, pool, { asOfDate: '2024-12-01', marketModel: prepared });
    const a = valuation.approaches!;
    expect(a.model!.value).toBeGreaterThan(0);
    expect(valuation.value).toBe(Math.round(reconcileApproaches(a.comparablesValue, a.model!.value, a.comparablesWeight)));
    expect(a.explanation).toMatch(/^Value \$ [\d,]+: the comparables' \$ [\d,]+ carries \d+% and the market model estimate \$ [\d,]+ \d+%, because on \d+ recent sales/);
    expect(a.range.explanation).toMatch(/^80 % likely range \$ [\d,]+ – \$ [\d,]+: in \d+ recent sales of the loaded data/);
    expect(valuation.explanation).toContain(a.explanation);
    expect(valuation.explanation).toContain(a.range.explanation);
    expect(valuation.low).toBeLessThanOrEqual(valuation.value);
    expect(valuation.high).toBeGreaterThanOrEqual(valuation.value);
  }, 60_000);
});

describe('the size line under the market model', () => {
  const sized = (elasticity: number, seed: number) => {
    const next = random(seed);
    const sales = town({ count: 200, seed }).map((s) => ({ ...s, aboveGradeFinishedArea: Math.round(800 + next() * 3000) }));
    const logPrices = sales.map((s) => Math.log(1000 * s.aboveGradeFinishedArea ** elasticity) + 0.05 * (next() - 0.5));
    return { sales, logPrices };
  };

  it('measures the % change in price per 1 % more area from the sales', () => {
    fc.assert(fc.property(fc.double({ min: 0.2, max: 1.2, noNaN: true }), fc.integer({ min: 1, max: 1000 }), (elasticity, seed) => {
      const { sales, logPrices } = sized(elasticity, seed);
      const line = sizeLine(sales, logPrices);
      expect(line.elasticity).toBeCloseTo(elasticity, 1);
      // Offsets compare sizes: twice the area is 2^elasticity the price.
      expect(line.offset({ ...sales[0], aboveGradeFinishedArea: 3000 }) - line.offset({ ...sales[0], aboveGradeFinishedArea: 1500 })).toBeCloseTo(Math.log(2) * line.elasticity, 9);
    }), { numRuns: 25 });
  });

  it.each([
    ['larger homes selling for less', -0.5, 0],
    ['prices rising faster than 1.5 % per 1 % more area', 3, 1.5],
  ])('is kept within 0–1.5 (%s)', (_name, elasticity, kept) => {
    const { sales, logPrices } = sized(elasticity, 3);
    expect(sizeLine(sales, logPrices).elasticity).toBe(kept);
  });

  it('gives a sale without its area no offset', () => {
    const { sales, logPrices } = sized(0.7, 4);
    expect(sizeLine(sales, logPrices).offset({ ...sales[0], aboveGradeFinishedArea: null })).toBe(0);
    expect(sizeLine([], []).elasticity).toBe(0);
  });
});

describe('reconciling two approaches and the 80 % likely range', () => {
  it.each([
    // errors of the comparables and the model (log) → the comparables' weight
    [[{ comparables: 0.1, model: 0 }, { comparables: -0.1, model: 0 }], 0.1],
    [[{ comparables: 0, model: 0.1 }, { comparables: 0, model: -0.1 }], 0.9],
    [[{ comparables: 0.1, model: 0.1 }, { comparables: -0.1, model: 0.1 }, { comparables: 0.1, model: -0.1 }, { comparables: -0.1, model: -0.1 }], 0.5],
    [[{ comparables: 0.05, model: 0.1 }, { comparables: -0.05, model: -0.1 }], 0.9],
  ])('weights %j → %d', (errors, weight) => {
    expect(comparablesWeightFrom(errors)).toBeCloseTo(weight, 10);
  });

  const inputs = (count: number, seed: number): CalibrationInput[] => {
    const next = random(seed);
    return Array.from({ length: count }, () => {
      const spread = next() * 0.2;
      const actual = 400_000;
      // Harder valuations (larger spread) miss by more.
      const miss = (next() - 0.5) * (0.05 + 2 * spread);
      return { actual, comparables: { value: actual * Math.exp(miss), logSpread: spread, count: 6 }, model: actual * Math.exp((next() - 0.5) * 0.2) };
    });
  };

  it('is wider where the comparables disagree, and holds about 80 % of the sales it was measured on', () => {
    const calibration = calibrate(inputs(300, 3), { from: '2024-01-01', to: '2024-06-30' });
    expect(calibration.bands).toHaveLength(3);
    const easy = likelyRange(400_000, { value: 400_000, logSpread: 0.01, count: 6 }, 400_000, calibration);
    const hard = likelyRange(400_000, { value: 400_000, logSpread: 0.3, count: 6 }, 400_000, calibration);
    expect(hard.high - hard.low).toBeGreaterThan(easy.high - easy.low);
    const fresh = inputs(600, 4);
    const inside = fresh.filter((i) => {
      const value = reconcileApproaches(i.comparables.value, i.model, calibration.comparablesWeight);
      const r = likelyRange(value, i.comparables, i.model, calibration);
      return i.actual >= r.low && i.actual <= r.high;
    }).length;
    expect(inside / fresh.length).toBeGreaterThan(0.7);
    expect(inside / fresh.length).toBeLessThan(0.9);
  });

  it('always contains the value, and is not clipped to the comparables\' span', () => {
    const calibration = calibrate(inputs(300, 5), { from: '2024-01-01', to: '2024-06-30' });
    fc.assert(fc.property(fc.integer({ min: 50_000, max: 5_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 8 }), (value, spread, count) => {
      const r = likelyRange(value, { value, logSpread: spread, count }, null, calibration);
      expect(r.low).toBeLessThanOrEqual(value);
      expect(r.high).toBeGreaterThanOrEqual(value);
    }));
    // Every comparable adjusted to exactly $400,000: the range is still the measured 80 % range, not a point.
    const r = likelyRange(400_000, comparablesReading(400_000, [{ adjustedPrice: 400_000, share: 0.5 }, { adjustedPrice: 400_000, share: 0.5 }]), null, calibration);
    expect(r.high - r.low).toBeGreaterThan(20_000);
  });
});
