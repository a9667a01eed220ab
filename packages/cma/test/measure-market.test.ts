// Issue 27 item 6: one set of defaults. What the app measures for a report (measureMarket, then the report valued with
// it) is exactly what the back-test reports for the same sale.
import { describe, expect, it } from 'vitest';
import { BEST_BACKTEST_OPTIONS, CandidatePool, runBacktest, withoutPrice } from '@cma/valuation';
import { autoAdjustments, cmaBacktestValuer, measureMarket, migrateCmaState, readComparable, readSubject, valueAutoCma } from '../src/index';
import { listingRecords } from '../src/testing';

const records = listingRecords(420);
const sales = records.map(readComparable);
const byId = new Map(records.map((r, i) => [sales[i]!.id, r]));
const recordOf = (id: string) => byId.get(id);
const pool = new CandidatePool(sales);

describe('measureMarket', () => {
  const subject = sales.find((s) => s.closeDate! >= '2024-12-05')!;
  const stages: string[] = [];
  const progress: number[] = [];
  const context = measureMarket(pool, { asOfDate: subject.closeDate!, recordOf, onProgress: (stage, p) => (stages.push(stage), progress.push(p)) });

  it('reads only the sales before the valuation month, as the back-test does', () => {
    expect(context.measured.before).toBe(`${subject.closeDate!.slice(0, 7)}-01`);
    expect(context.measured.sales).toBe(sales.filter((s) => s.closeDate! < context.measured.before).length);
    expect(context.prepared.calibration.to < context.measured.before).toBe(true);
    expect(context.prepared.model!.sales).toBe(context.measured.sales);
    // The grades are read and priced: the market measured a rate per quality step.
    expect(context.measured.marketRates!.some((t) => t.rates.some((r) => r.style === 'quality' && r.rate != null && r.rate > 0))).toBe(true);
  }, 60_000);

  it('reports its stages in order and ends at 1', () => {
    expect([...new Set(stages)]).toEqual(['rates', 'comparables', 'model']);
    expect(progress.at(-1)).toBe(1);
  });

  it("gives the value, range and comparables the back-test gives for the same sale (the app's default is the back-test's)", () => {
    const app = valueAutoCma(pool, { subject: withoutPrice(subject), recordOf, asOfDate: subject.closeDate!, backtest: true, selection: BEST_BACKTEST_OPTIONS.selection, adjustments: autoAdjustments(context.measured), marketModel: context.prepared }).valuation;
    const backtest = runBacktest(pool, { ...BEST_BACKTEST_OPTIONS, subjectIds: [subject.id], valueSale: cmaBacktestValuer(recordOf) }).results[0]!;
    expect(app.marketModel).not.toBeNull();
    expect(backtest.value).toBe(app.value);
    expect([backtest.low, backtest.high]).toEqual([app.engineRange!.start, app.engineRange!.end]);
    expect(backtest.comps).toEqual(app.comparables.map((c) => c.facts.id));
    expect(backtest.approaches?.modelValue).toBe(app.marketModel!.reading.estimate);
  }, 60_000);
});

describe('additional home facts the listings state are priced at the market rate (issue 27 item 1)', () => {
  // Every listing's remarks rate its kitchen: original (Dated), updated (Partial Update High) or remodeled (Full
  // Update); each step of the five-step scale is worth 2 % of the price in this market.
  const phrases = ['Original kitchen.', 'Updated kitchen.', 'Remodeled kitchen.'] as const;
  const steps = [0, 3, 4];
  const kitchenRecords = listingRecords(420).map((r, i) => ({
    ...r,
    'Public-Remarks': `${String(r['Public-Remarks'])} ${phrases[i % 3]}`,
    'Net Sales Price': Math.round(Number(r['Net Sales Price']) * (1 + 0.02 * steps[i % 3]!)),
  }));
  const kitchenSales = kitchenRecords.map(readComparable);
  const kitchenById = new Map(kitchenRecords.map((r, i) => [kitchenSales[i]!.id, r]));
  const kitchenPool = new CandidatePool(kitchenSales);
  const subject = kitchenSales.filter((s, i) => i % 3 === 2 && s.closeDate! >= '2024-12-05')[0]!;
  const context = measureMarket(kitchenPool, { asOfDate: subject.closeDate!, recordOf: (id) => kitchenById.get(id), fitModel: false });

  it('reads the kitchen of every loaded listing nobody has chosen yet, and measures its rate per step', () => {
    expect(kitchenSales.slice(0, 3).map((s) => s.additionalFacts?.['Kitchen Condition'])).toEqual(['Dated', 'Partial Update High', 'Full Update']);
    const rates = context.measured.marketRates!.flatMap((t) => t.rates.filter((r) => r.style === 'kitchen-condition' && r.problem == null));
    expect(rates.length).toBeGreaterThan(0);
    for (const rate of rates) {
      expect(rate.relativeRate!).toBeGreaterThan(0.012);
      expect(rate.relativeRate!).toBeLessThan(0.028);
    }
  }, 60_000);

  it("prices a comparable's kitchen line at that market rate, explained", () => {
    const { valuation } = valueAutoCma(kitchenPool, { subject: withoutPrice(subject), recordOf: (id) => kitchenById.get(id), asOfDate: subject.closeDate!, backtest: true, selection: BEST_BACKTEST_OPTIONS.selection, adjustments: autoAdjustments(context.measured), marketModel: null });
    const kitchenLines = valuation.comparables.flatMap((c) => c.adjustment?.lines.filter((l) => l.style === 'kitchen-condition' && l.difference !== 0 && l.difference != null) ?? []);
    expect(kitchenLines.length).toBeGreaterThan(0);
    for (const line of kitchenLines) {
      expect(line.rateSource).toBe('market');
      expect(Math.sign(line.amount)).toBe(Math.sign(line.difference!)); // a better-kitchen subject moves the comparable up
      expect(line.explanation).toMatch(/market-derived/);
    }
  }, 60_000);

  it("once the agent has chosen a listing, its facts are the agent's: a cleared suggestion stays cleared", () => {
    const chosen = { ...kitchenRecords[0]!, factsSuggested: true, selectedAdditionalInfo: {} };
    expect(readComparable(chosen).additionalFacts).toEqual({});
    const edited = { ...kitchenRecords[0]!, selectedAdditionalInfo: { 'Kitchen Condition': 'Full Update' } };
    expect(readComparable(edited).additionalFacts?.['Kitchen Condition']).toBe('Full Update');
  });
});

describe('a report saved before the suggestions were marked (state version 3)', () => {
  it('keeps its subject and comparables valued on their own facts, as they were saved', () => {
    const [subject, comparable] = listingRecords(2).map((r) => ({ ...r, 'Public-Remarks': 'Remodeled kitchen.' }));
    const state = migrateCmaState({ version: 3, selectedPropertydata: subject, comaparables: [comparable] });
    expect(readComparable(state.comaparables[0] as never).additionalFacts).toEqual({});
    expect(readSubject(state.selectedPropertydata as never).additionalFacts).toEqual({});
    expect(readComparable(comparable!).additionalFacts).toMatchObject({ 'Kitchen Condition': 'Full Update' });
  });
});
