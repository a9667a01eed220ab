import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeNetSheet, normaliseNetSheet } from '../src/net-sheet';

describe('seller net sheet (hand-computed)', () => {
  it('subtracts commission, closing costs, concessions, payoff and other costs at each price', () => {
    const inputs = { commissionPercent: 5.5, closingCosts: 4200, concessions: 5000, mortgagePayoff: 312345.67, otherCosts: 1500 };
    const [low, suggested, high] = computeNetSheet({ low: 780000, suggested: 805000, high: 830000 }, inputs);
    // 780,000 × 5.5 % = 42,900; costs 42,900 + 4,200 + 5,000 + 312,345.67 + 1,500 = 365,945.67; net 414,054.33
    expect(low).toEqual({ label: 'Low', price: 780000, commission: 42900, closingCosts: 4200, concessions: 5000, mortgagePayoff: 312345.67, otherCosts: 1500, totalCosts: 365945.67, netProceeds: 414054.33 });
    // 805,000 × 5.5 % = 44,275 → costs 367,320.67 → net 437,679.33
    expect(suggested!.commission).toBe(44275);
    expect(suggested!.netProceeds).toBe(437679.33);
    // 830,000 × 5.5 % = 45,650 → costs 368,695.67 → net 461,304.33
    expect(high!.netProceeds).toBe(461304.33);
  });

  it('rounds the commission to the cent and shows a shortfall as a negative net', () => {
    const [col] = computeNetSheet({ low: 333333, suggested: 333333, high: 333333 }, { commissionPercent: 3, closingCosts: 0, concessions: 0, mortgagePayoff: 400000, otherCosts: 0 });
    expect(col!.commission).toBe(9999.99);
    expect(col!.netProceeds).toBe(-76666.99);
  });

  it('takes defaults for missing fields and reports bad ones by field', () => {
    expect(normaliseNetSheet(undefined)).toEqual({ inputs: { commissionPercent: 6, closingCosts: 0, concessions: 0, mortgagePayoff: 0, otherCosts: 0 }, problems: [] });
    const { inputs, problems } = normaliseNetSheet({ commissionPercent: '25', closingCosts: '$ 3,500', concessions: -1, mortgagePayoff: 'lots', otherCosts: 250 });
    expect(inputs).toEqual({ commissionPercent: 6, closingCosts: 3500, concessions: 0, mortgagePayoff: 0, otherCosts: 250 });
    expect(problems.map((p) => p.field)).toEqual(['commissionPercent', 'concessions', 'mortgagePayoff']);
    expect(problems[0]!.message).toBe('Commission must be at most 20 %.');
  });
});

describe('seller net sheet (properties)', () => {
  const money = fc.integer({ min: 0, max: 50_000_000 }).map((c) => c / 100);
  it('net = price − total costs; a higher price never nets less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10_000, max: 5_000_000 }), fc.integer({ min: 0, max: 500_000 }), fc.double({ min: 0, max: 20, noNaN: true }), money, money, money, money, (low, step, pct, a, b, c, d) => {
        const inputs = { commissionPercent: pct, closingCosts: a, concessions: b, mortgagePayoff: c, otherCosts: d };
        const cols = computeNetSheet({ low, suggested: low + step, high: low + 2 * step }, inputs);
        for (const col of cols) expect(col.netProceeds).toBeCloseTo(col.price - col.totalCosts, 2);
        expect(cols[1]!.netProceeds).toBeGreaterThanOrEqual(cols[0]!.netProceeds - 0.01);
        expect(cols[2]!.netProceeds).toBeGreaterThanOrEqual(cols[1]!.netProceeds - 0.01);
      }),
    );
  });
});
