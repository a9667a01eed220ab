// Issue 27 item 6: one set of defaults. What the app measures for a report (measureMarket, then the report valued with
// it) is exactly what the back-test reports for the same sale.
import { describe, expect, it } from 'vitest';
import { BEST_BACKTEST_OPTIONS, CandidatePool, runBacktest, withoutPrice } from '@cma/valuation';
import { autoAdjustments, cmaBacktestValuer, measureMarket, readComparable, valueAutoCma } from '../src/index';
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
