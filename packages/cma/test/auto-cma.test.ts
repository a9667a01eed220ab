// The document `cma value` and the back-test build (issue 16 item 1): rates accepted as /adjustment accepts them, and
// the time index and text-fact effects the document carries into valueCma.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import type { MarketRate, TierMarketRates } from '@cma/valuation';
import { acceptedMarketRates, autoCmaDocument, migrateCmaState, valueCma } from '../src/index';

const fixture = (name: string): Record<string, unknown> => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const STYLES = ['bedrooms', 'garage-spaces', 'fireplaces'];

const rateArb = fc.record({
  style: fc.constantFrom(...STYLES),
  rate: fc.option(fc.double({ min: -20_000, max: 20_000, noNaN: true }), { nil: null }),
  problem: fc.option(fc.constantFrom('Wrong sign.', 'Too few pairs.'), { nil: null }),
});
const tiersArb = fc.uniqueArray(fc.record({ tier: fc.constantFrom<0 | 1 | 2>(0, 1, 2), rates: fc.uniqueArray(rateArb, { selector: (r) => r.style }) }), { selector: (t) => t.tier });
const marketRate = (r: { style: string; rate: number | null; problem: string | null }): MarketRate => ({
  ...r, label: r.style, relativeRate: null, standardError: null, low: null, high: null, confidence: 'high', pairsWithDifference: 40, explanation: '',
});
const asTiers = (tiers: { tier: 0 | 1 | 2; rates: { style: string; rate: number | null; problem: string | null }[] }[]): TierMarketRates[] =>
  tiers.map((t) => ({ tier: t.tier, tierLabel: `Tier ${t.tier}`, sales: 100, pairs: 40, priceScale: 500_000, rates: t.rates.map(marketRate), featureEffects: [], monthlyTrend: null, monthlyTrendStandardError: null }));

describe('acceptedMarketRates', () => {
  it('keeps each tier rate MarketRate.problem does not flag, null elsewhere, and only categories with a usable tier', () => {
    fc.assert(
      fc.property(tiersArb, (raw) => {
        const accepted = acceptedMarketRates(asTiers(raw));
        for (const style of STYLES) {
          const expected = [0, 1, 2].map((tier) => {
            const r = raw.find((t) => t.tier === tier)?.rates.find((x) => x.style === style);
            return r && r.rate != null && r.problem == null ? r.rate : null;
          });
          if (expected.every((v) => v == null)) expect(accepted[style]).toBeUndefined();
          else expect(accepted[style]).toEqual(expected);
        }
      }),
    );
  });
});

describe('what the auto-built document carries into valueCma', () => {
  const state = migrateCmaState(fixture('saved-v2-sample.json'));
  const now = new Date('2026-11-26T12:00:00Z');
  const document = (formulas: Record<string, unknown>) => ({ ...state, adjustment_formulas: formulas });
  const plain = valueCma(document({ monthlyTimeRate: 0.01 }), { now });
  const months = plain.comparables.map((c) => c.facts.closeDate!.slice(0, 7));
  const rising = Object.fromEntries([...months, plain.asOfDate.slice(0, 7)].sort().map((m, i) => [m, 1 + i * 0.05]));

  it.each([
    ['a monthly index moves the time adjustment off the straight rate', { monthlyTimeRate: 0.01, monthlyTimeIndex: rising }, true],
    ['an unreadable index is ignored', { monthlyTimeRate: 0.01, monthlyTimeIndex: { '2026-01': 'high' } }, false],
    ['an index without a time rate does nothing (time adjustment off)', { monthlyTimeRate: null, monthlyTimeIndex: rising }, null],
  ])('%s', (_name, formulas, differs) => {
    const valued = valueCma(document(formulas), { now });
    if (differs === null) expect(valued.value).toBe(valueCma(document({}), { now }).value);
    else if (differs) expect(valued.value).not.toBe(plain.value);
    else expect(valued.value).toBe(plain.value);
  });

  it('autoCmaDocument: the spec defaults, the default quality and condition steps, the market measured (time index only with a rate)', () => {
    const doc = autoCmaDocument({ subject: { 'Listing Id': 'S' }, comparables: [{ 'Listing Id': 'C' }], before: '2026-02-01', sales: 40, marketRates: null, monthlyTimeRate: null, monthlyTimeIndex: { '2026-01': 1 }, marketModel: null });
    expect(doc.adjustment_formulas).toEqual({
      market: { before: '2026-02-01', sales: 40, rates: {}, featureEffects: {}, monthlyTimeRate: null, monthlyTimeIndex: null },
      stepValues: { quality: [20_000, 45_000, 100_000], condition: [10_000, 20_000, 40_000] },
      marketModel: null,
    });
    expect(doc.formula_Division_DefaultValue).toBe(3);
    expect(doc.comaparables).toEqual([{ 'Listing Id': 'C' }]);
  });
});
