// The market-conditions adjustment from the paired-sales monthly price index (docs/decisions/0601).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BEST_BACKTEST_OPTIONS, CandidatePool, TIME_ADJUSTMENT_STYLE, adjustComparable, deriveMarketRates, indexLevel, pairedMonthlyIndex, runBacktest, valueSubject, type TierMarketRates } from '../src';
import { facts, town } from './fixtures';

const INDEX = { '2024-01': 0, '2024-03': 0.02, '2024-05': 0.05 };
const timeLine = (closeDate: string, asOfDate: string, index: Record<string, number> = INDEX, price = 400_000) =>
  adjustComparable(facts({ id: 'subject' }), facts({ id: 'comp', closeDate, netSalesPrice: price }), { timeAdjustment: { monthlyRate: 0.004, asOfDate, index } }).lines.find((l) => l.style === TIME_ADJUSTMENT_STYLE)!;

describe('indexLevel', () => {
  it.each([
    ['2024-01', 0],
    ['2024-03', 0.02],
    ['2024-04', 0.02], // a month without sales keeps the level of the month before
    ['2024-05', 0.05],
    ['2024-09', 0.05], // after the last month: carried forward
    ['2023-11', 0], // before the first month: the first level
  ])('level of %s is %s', (month, level) => {
    expect(indexLevel(INDEX, month)).toBe(level);
  });
});

describe('time adjustment by the monthly index', () => {
  it.each([
    // comp close, valuation date, hand-computed amount on a $400,000 comparable
    ['2024-01-10', '2024-05-20', 400_000 * 0.05], // +$20,000
    ['2024-03-31', '2024-05-20', 400_000 * 0.03], // +$12,000
    ['2024-05-02', '2024-05-20', 0], // same month: no adjustment
    ['2024-03-15', '2024-08-01', 400_000 * 0.03], // past the index: its last level carried forward
  ])('comparable closed %s valued %s moves %d', (closeDate, asOfDate, amount) => {
    const line = timeLine(closeDate, asOfDate);
    expect(line.amount).toBeCloseTo(amount, 6);
    expect(line.rateSource).toBe('market');
  });

  it('explains the two index levels and the carry-forward', () => {
    expect(timeLine('2024-01-10', '2024-05-20').explanation).toBe('Market conditions (time): market index 0.00% in 2024-01 to 5.00% in 2024-05 (paired-sales index by month) × $ 400,000 = +$ 20,000.');
    expect(timeLine('2024-03-15', '2024-08-01').explanation).toContain('2024-05 carried forward');
  });

  it('property: the amount is the price times the rise of the index from the comparable\'s month to the valuation month', () => {
    const month = fc.integer({ min: 0, max: 11 }).map((m) => `2024-${String(m + 1).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.array(fc.double({ min: -0.2, max: 0.2, noNaN: true }), { minLength: 12, maxLength: 12 }), month, month, fc.integer({ min: 50_000, max: 3_000_000 }), (levels, a, b, price) => {
        const index = Object.fromEntries(levels.map((level, m) => [`2024-${String(m + 1).padStart(2, '0')}`, level]));
        const [comp, asOf] = a <= b ? [a, b] : [b, a];
        const line = timeLine(`${comp}-15`, `${asOf}-20`, index, price);
        const expected = comp < asOf ? price * (index[asOf] - index[comp]) : 0;
        expect(line.amount).toBeCloseTo(expected, 6);
      }),
    );
  });

  it('property: a rising index never lowers an earlier comparable', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 0.05, noNaN: true }), { minLength: 6, maxLength: 6 }), fc.integer({ min: 1, max: 6 }), (steps, compMonth) => {
        let level = 0;
        const index = Object.fromEntries(steps.map((step, m) => [`2024-${String(m + 1).padStart(2, '0')}`, (level += step)]));
        expect(timeLine(`2024-${String(compMonth).padStart(2, '0')}-10`, '2024-06-28', index).amount).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('paired-sales monthly index from the loaded sales', () => {
  const rising = town({ count: 3000, monthlyTrend: 0.01, noise: 0.02, seed: 5 });
  const tiers = deriveMarketRates(rising, { timeIndex: true });

  it('measures a 1 % a month market month by month, and its straight-line trend', () => {
    const index = pairedMonthlyIndex(tiers)!;
    const months = Object.keys(index);
    expect(months.length).toBeGreaterThanOrEqual(12);
    const first = index[months[0]];
    const last = index[months[months.length - 1]];
    // The town's prices rise 1 % of today's price a month over 12 months.
    expect(last - first).toBeGreaterThan(0.08);
    expect(last - first).toBeLessThan(0.14);
    const busiest = [...tiers].sort((a, b) => b.pairs - a.pairs)[0];
    expect(busiest.monthlyTrend).toBeGreaterThan(0.007);
    expect(busiest.monthlyTrend).toBeLessThan(0.013);
  });

  it('finds no index in rates measured without it', () => {
    expect(pairedMonthlyIndex(deriveMarketRates(rising))).toBeNull();
    expect(pairedMonthlyIndex([] as TierMarketRates[])).toBeNull();
  });

  it('brings comparables to the valuation date in valueSubject and says so', () => {
    const subject = facts({ id: 'subject', netSalesPrice: null, closeDate: null, latitude: 39.74, longitude: -104.95, bedrooms: 3, belowGradeTotalArea: 0, belowGradeFinishedArea: 0 });
    const valuation = valueSubject(subject, new CandidatePool(rising), { asOfDate: '2025-01-01', marketRates: tiers, timeAdjustment: 'index' });
    expect(valuation.explanation).toContain('by the paired-sales monthly price index');
    const times = valuation.comparables.map((c) => c.adjustment.lines.find((l) => l.style === TIME_ADJUSTMENT_STYLE)!);
    expect(times.every((l) => l.amount >= 0)).toBe(true);
    expect(times.some((l) => l.amount > 0)).toBe(true);
  });

  it('is the back-test default and beats no time adjustment in a rising market', () => {
    expect(BEST_BACKTEST_OPTIONS.timeAdjustment).toBe('index');
    const pool = new CandidatePool(town({ count: 3000, monthlyTrend: 0.015, noise: 0.02, seed: 9 }));
    const withIndex = runBacktest(pool, { ...BEST_BACKTEST_OPTIONS, useMarketModel: false, from: '2024-12-01', to: '2024-12-31' }).summary.engine.mdape;
    const without = runBacktest(pool, { ...BEST_BACKTEST_OPTIONS, useMarketModel: false, timeAdjustment: 'off', from: '2024-12-01', to: '2024-12-31' }).summary.engine.mdape;
    expect(withIndex).toBeLessThan(without);
  });
});
