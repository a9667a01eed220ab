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
    expect(result.arithmetic).toContain('Value $ 433,333 = weighted mean of 2 adjusted prices');
    expect(result.arithmetic).toContain('Comparable 1 $ 400,000 × 66.7% + Comparable 2 $ 500,000 × 33.3%');
  });

  it('explains the value in sentences by number and street, never by MLS number', () => {
    const result = reconcile([
      { comparableId: 'KC2979800520-1', adjustedPrice: 561_274.4, grossPercent: 4, street: '123 Main St' },
      { comparableId: 'KC1', adjustedPrice: 500_000, grossPercent: 12, street: '9 Oak Ave' },
      { comparableId: 'KC2', adjustedPrice: 540_000, grossPercent: 30 },
    ]);
    // Weights 1/9, 1/17, 1/35 → shares 56.0 %, 29.6 %, 14.4 %.
    expect(result.explanation).toBe(
      'The comparables indicate $ 540,055. Comparable 1, 123 Main St, adjusted to $ 561,274, carries 56% because it needed the smallest adjustments (4.0% of its price). ' +
        'Comparable 2, 9 Oak Ave, adjusted to $ 500,000, carries 30% as its adjustments came to 12.0% of its price. ' +
        'Comparable 3, adjusted to $ 540,000, carries 14% because it needed the largest adjustments (30.0% of its price).',
    );
    expect(result.explanation).not.toMatch(/KC\d/);
    expect(reconcile([{ comparableId: 'A', adjustedPrice: 1, grossPercent: 0 }, { comparableId: 'B', adjustedPrice: 2, grossPercent: 0 }], { method: 'equal' }).explanation).toContain('carries 50% as every comparable counts the same.');
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
