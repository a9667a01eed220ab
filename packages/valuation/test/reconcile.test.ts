import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reconcile } from '../src';

describe('reconcile', () => {
  it('weights ∝ 1 ÷ (gross % + 5 %) by default, hand-computed', () => {
    // Weights 1/10 and 1/20 → shares 2/3 and 1/3 → 433,333; spread √(2/3·33,333² + 1/3·66,667²) = 47,140;
    // range 386,193 → kept within the lowest adjusted price 400,000; 480,473 → 481,000.
    const result = reconcile([
      { comparableId: 'A', adjustedPrice: 400_000, grossPercent: 5 },
      { comparableId: 'B', adjustedPrice: 500_000, grossPercent: 15 },
    ]);
    expect(result.value).toBe(433_333);
    expect(result.weights.map((w) => w.share)).toEqual([2 / 3, 1 / 3]);
    expect(result.weights[0].reason).toBe('1 ÷ (gross 5.0% + 5%)');
    expect(result.range).toEqual({ start: 400_000, end: 481_000 });
    expect(result.explanation).toContain('Value $ 433,333 = weighted mean of 2 adjusted prices');
    expect(result.explanation).toContain('A $ 400,000 × 66.7% + B $ 500,000 × 33.3%');
  });

  it('offers equal and manual weights', () => {
    const inputs = [
      { comparableId: 'A', adjustedPrice: 400_000, grossPercent: 5 },
      { comparableId: 'B', adjustedPrice: 500_000, grossPercent: 15 },
    ];
    expect(reconcile(inputs, { method: 'equal' }).value).toBe(450_000);
    expect(reconcile(inputs, { method: 'manual', manualWeights: { A: 1, B: 3 } }).value).toBe(475_000);
    expect(() => reconcile(inputs, { method: 'manual', manualWeights: { A: 1 } })).toThrow('Manual weight for comparable B must be a number ≥ 0.');
    expect(() => reconcile(inputs, { method: 'manual', manualWeights: { A: 0, B: 0 } })).toThrow('Manual weights must not all be zero.');
  });

  it('refuses an empty set', () => {
    expect(() => reconcile([])).toThrow('Reconciliation needs at least one adjusted comparable.');
  });

  it('lies within the adjusted prices, with a $1,000-rounded range around it', () => {
    const comp = fc.record({ adjustedPrice: fc.integer({ min: 10_000, max: 5_000_000 }), grossPercent: fc.double({ min: 0, max: 80, noNaN: true }), weight: fc.integer({ min: 1, max: 10 }) });
    fc.assert(
      fc.property(fc.array(comp, { minLength: 1, maxLength: 12 }), fc.constantFrom('inverse-gross', 'equal', 'manual') as fc.Arbitrary<'inverse-gross' | 'equal' | 'manual'>, (comps, method) => {
        const inputs = comps.map((c, i) => ({ comparableId: `C${i}`, adjustedPrice: c.adjustedPrice, grossPercent: c.grossPercent }));
        const manualWeights = Object.fromEntries(comps.map((c, i) => [`C${i}`, c.weight]));
        const result = reconcile(inputs, { method, manualWeights });
        const prices = comps.map((c) => c.adjustedPrice);
        expect(result.value).toBeGreaterThanOrEqual(Math.min(...prices));
        expect(result.value).toBeLessThanOrEqual(Math.max(...prices));
        expect(result.range.start % 1000).toBe(0);
        expect(result.range.end % 1000).toBe(0);
        expect(result.range.start).toBeLessThanOrEqual(result.value);
        expect(result.range.end).toBeGreaterThanOrEqual(result.value);
        expect(result.weights.reduce((s, w) => s + w.share, 0)).toBeCloseTo(1, 9);
      }),
    );
  });
});
