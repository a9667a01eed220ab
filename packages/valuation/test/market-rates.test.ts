import { describe, expect, it } from 'vitest';
import { CandidatePool, DEFAULT_ADJUSTMENT_VALUES, acceptMarketRates, rateProblem, adjustComparable, backtestValue, compareMarketRates, deriveMarketRates, deriveTimeTrend, marketRateOverrides, runBacktest, validateAdjustmentValues, valueSubject, withoutPrice } from '../src';
import { facts, town } from './fixtures';

describe('market-derived rates', () => {
  const sales = town({ count: 3000, perSqft: 150, perBedroom: 10_000, noise: 0.02, seed: 11 });
  const tiers = deriveMarketRates(sales);

  it('recovers the true rates of a known market from paired nearby sales', () => {
    const busiest = [...tiers].sort((a, b) => b.pairs - a.pairs)[0];
    const rate = (style: string) => busiest.rates.find((r) => r.style === style)!;
    expect(busiest.pairs).toBeGreaterThan(1000);
    expect(rate('above-grade-finished-area').rate).toBeGreaterThan(135);
    expect(rate('above-grade-finished-area').rate).toBeLessThan(165);
    expect(rate('above-grade-finished-area').confidence).toBe('high');
    expect(rate('bedrooms').rate).toBeGreaterThan(7_000);
    expect(rate('bedrooms').rate).toBeLessThan(13_000);
    expect(rate('above-grade-finished-area').explanation).toMatch(/^Above grade finished area: \$ [\d.]+ per unit at the tier's median price \$ [\d,]+ \([\d.]+% of the price; 95% interval .* high confidence\) from \d+ pairs of nearby sales in tier/);
  });

  it('reports no rate, with the reason, for facts the sales do not vary in', () => {
    const garage = tiers[0].rates.find((r) => r.style === 'garage')!;
    expect(garage).toMatchObject({ rate: null, confidence: 'none' });
    expect(garage.explanation).toContain('not enough sales with this fact known and differing');
  });

  it('compares market rates with the agent\'s values and accepts the confident ones into defaults', () => {
    const rows = compareMarketRates(DEFAULT_ADJUSTMENT_VALUES, tiers);
    expect(rows).toHaveLength(16 * 3);
    const busiest = [...tiers].sort((a, b) => b.pairs - a.pairs)[0];
    const bedrooms = rows.find((r) => r.style === 'bedrooms' && r.tier === busiest.tier)!;
    expect(bedrooms).toMatchObject({ acceptable: true, confidence: 'high', current: DEFAULT_ADJUSTMENT_VALUES.bedrooms[(['amount_range_one', 'amount_range_two', 'amount_range_three'] as const)[busiest.tier]] });
    // The above-grade amount is a divisor, so a $/sq ft rate is never written into it.
    expect(rows.filter((r) => r.style === 'above-grade-finished-area').every((r) => !r.acceptable)).toBe(true);
    const accepted = acceptMarketRates(DEFAULT_ADJUSTMENT_VALUES, tiers);
    const field = (['amount_range_one', 'amount_range_two', 'amount_range_three'] as const)[busiest.tier];
    expect(accepted.bedrooms[field]).toBeCloseTo(bedrooms.market as number, 1);
    expect(accepted['above-grade-finished-area']).toEqual(DEFAULT_ADJUSTMENT_VALUES['above-grade-finished-area']);
    expect(accepted.garage).toEqual(DEFAULT_ADJUSTMENT_VALUES.garage);
    expect(validateAdjustmentValues(accepted).ok).toBe(true);
  });

  it('gives the same numbers with or without explanation texts', () => {
    const settings = { rateOverrides: marketRateOverrides(tiers) };
    const [subject, comp] = [sales[0], sales[1]];
    const withText = adjustComparable(subject, comp, settings);
    const without = adjustComparable(subject, comp, { ...settings, explain: false });
    expect(without.lines.map((l) => l.amount)).toEqual(withText.lines.map((l) => l.amount));
    expect(without.adjustedPrice).toBe(withText.adjustedPrice);
    expect(withText.lines.find((l) => l.style === 'above-grade-finished-area')!.explanation).toContain('market-derived');
  });

  it('measures effects of text facts with few values', () => {
    const withView = sales.map((s, i) => {
      const view = i % 3 === 0 ? 'Good' : 'None';
      return { ...s, netSalesPrice: (s.netSalesPrice as number) + (view === 'Good' ? 40_000 : 0), features: { View: view, Remarks: `unique ${i}` } };
    });
    const busiest = [...deriveMarketRates(withView)].sort((a, b) => b.pairs - a.pairs)[0];
    expect(busiest.featureEffects.map((f) => f.feature)).toEqual(['View']);
    const good = busiest.featureEffects[0].levels.find((l) => l.level === 'Good')!;
    expect(busiest.featureEffects[0].reference).toBe('None');
    expect(good.effect).toBeGreaterThan(34_000);
    expect(good.effect).toBeLessThan(46_000);
  });

  it('measures the monthly trend of price per sq ft', () => {
    const rising = town({ count: 3000, monthlyTrend: 0.01, noise: 0.02, seed: 5 });
    const trend = deriveTimeTrend(rising, { asOfDate: '2025-01-01' });
    expect(trend.monthlyRate).toBeGreaterThan(0.007);
    expect(trend.monthlyRate).toBeLessThan(0.013);
    expect(trend.months.length).toBeGreaterThanOrEqual(11);
    expect(trend.explanation).toMatch(/^Market conditions: median price per finished sq ft rose 1\.\d\d% a month/);
    const flat = deriveTimeTrend(town({ count: 3000, noise: 0.02, seed: 5 }), { asOfDate: '2025-01-01' });
    expect(Math.abs(flat.monthlyRate as number)).toBeLessThan(0.003);
  });
});

describe('valueSubject and the back-test', () => {
  const sales = town({ count: 4000, perSqft: 150, perBedroom: 10_000, noise: 0.04, seed: 3 });
  const pool = new CandidatePool(sales);

  it('values a subject with explained comparables, reconciliation and warnings', () => {
    const subject = facts({ id: 'subject', netSalesPrice: null, closeDate: null, latitude: 39.74, longitude: -104.95, bedrooms: 3, aboveGradeFinishedArea: 2000, belowGradeTotalArea: 0, belowGradeFinishedArea: 0 });
    const valuation = valueSubject(subject, pool, { asOfDate: '2025-01-01', marketRates: deriveMarketRates(pool) });
    expect(valuation.comparables).toHaveLength(6);
    expect(valuation.low).toBeLessThanOrEqual(valuation.value);
    expect(valuation.high).toBeGreaterThanOrEqual(valuation.value);
    const prices = valuation.comparables.map((c) => c.adjustment.adjustedPrice);
    expect(valuation.value).toBeGreaterThanOrEqual(Math.min(...prices));
    expect(valuation.value).toBeLessThanOrEqual(Math.max(...prices));
    expect(valuation.explanation).toMatch(/^6 comparables \(\d+ sales matched: closed within 12 months of 2025-01-01, 1 mi, ±20% size\)\. The comparables indicate \$ [\d,]+\. Comparable 1, /);
    expect(valuation.comparables[0].pick.reasons.length).toBeGreaterThan(3);
  });

  it('never reads the subject\'s own price', () => {
    const subject = sales.find((s) => s.closeDate! > '2024-10-01')!;
    const a = backtestValue(subject, pool);
    const b = backtestValue({ ...subject, netSalesPrice: 99_000_000, listPrice: 1 }, pool);
    expect(b.value).toBe(a.value);
    expect(withoutPrice(subject).netSalesPrice).toBeNull();
  });

  it('back-tests with earlier sales only, the own address left out, and beats the naive baseline on a known market', () => {
    const resale = { ...sales[10], id: 'resale', closeDate: '2024-12-20', netSalesPrice: 1 };
    const withResale = new CandidatePool([...sales, resale]);
    const { results, summary } = runBacktest(withResale, { from: '2024-12-01', to: '2024-12-31' });
    expect(summary.subjects).toBeGreaterThan(200);
    const closeOf = new Map([...sales, resale].map((s) => [s.id, s]));
    for (const r of results) {
      const subject = closeOf.get(r.subjectId)!;
      for (const id of r.comps) {
        expect(closeOf.get(id)!.closeDate! < subject.closeDate!).toBe(true);
        expect(closeOf.get(id)!.streetAddress).not.toBe(subject.streetAddress);
      }
    }
    // The resale's own earlier sale (same street address) is not among its comparables: checked by the loop above.
    expect(results.some((r) => r.subjectId === 'resale')).toBe(true);
    expect(summary.engine.mdape).toBeLessThan(4);
    expect(summary.engine.mdape).toBeLessThan(summary.baseline.mdape);
  });
});

describe('sane market rates', () => {
  it.each([
    ['garage', 'Garage', -3_000, -5_000, -1_000, 'high', /^The sales say more garage lowers the value \(-?\$ ?-?3,000\), which cannot be right/],
    ['full-bathrooms', '3/4 and Full Bathrooms', -7_658, -12_000, -3_000, 'medium', /more 3\/4 and full bathrooms lowers the value/],
    ['bedrooms', 'Bedrooms', 4_000, -1_000, 9_000, 'low', /^Low confidence: the 95% interval/],
    ['garage', 'Garage', 8_000, 6_000, 10_000, 'high', null],
    ['market-conditions-free-text', 'Anything', -500, -700, -300, 'high', null],
  ] as const)('%s at %d (%s confidence)', (style, label, rate, low, high, confidence, problem) => {
    const found = rateProblem(style, label, rate, low, high, confidence);
    if (problem == null) expect(found).toBeNull();
    else expect(found).toMatch(problem);
  });

  it('a wrong-sign rate is shown with the reason and not offered, and the adjustments fall back to the table', () => {
    const tiers = deriveMarketRates(town({ count: 1500, seed: 2, noise: 0.02 }));
    const tier = tiers.find((t) => t.rates.some((r) => r.style === 'bedrooms' && r.rate != null))!;
    const bedrooms = tier.rates.find((r) => r.style === 'bedrooms')!;
    const flipped = [{ ...tier, rates: tier.rates.map((r) => (r.style === 'bedrooms' ? { ...r, rate: -Math.abs(bedrooms.rate!), confidence: 'medium' as const, problem: rateProblem('bedrooms', 'Bedrooms', -Math.abs(bedrooms.rate!), -1, -1, 'medium') } : r)) }];
    const row = compareMarketRates(DEFAULT_ADJUSTMENT_VALUES, flipped).find((r) => r.style === 'bedrooms')!;
    expect(row.acceptable).toBe(false);
    expect(row.explanation).toContain('lowers the value');
    expect(marketRateOverrides(flipped).bedrooms).toBeUndefined();
  });
});
