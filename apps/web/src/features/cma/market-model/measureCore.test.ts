// Issue 27 items 2 and 6: /review's background measurement is the back-test's (measureMarket) for a new report, it
// values the recent sales with the report's own adjustments, and it reuses the fit for another subject in the month.
import { describe, expect, it } from 'vitest';
import { marketMeasurementsOf, marketModelReadingFor, measureMarket, migrateCmaState, readComparable, readSubject, type CmaAdjustments } from '@cma/cma';
import { listingRecords } from '@cma/cma/testing';
import { CandidatePool, UAD_STEP_DEFAULTS, withoutPrice } from '@cma/valuation';
import { createMeasurer, type MeasureRequest } from './measureCore';

const records = listingRecords(300);
const sales = records.map(readComparable);
const byId = new Map(records.map((r, i) => [sales[i]!.id, r]));
const pool = new CandidatePool(sales);
const asOfDate = '2024-12-20';
const NEW_REPORT: CmaAdjustments = { ...migrateCmaState({}), adjustment_formulas: { stepValues: { quality: [...UAD_STEP_DEFAULTS.quality], condition: [...UAD_STEP_DEFAULTS.condition] } } };
const request = (over: Partial<MeasureRequest> = {}): MeasureRequest => ({
  records, poolKey: 'pool-1', subject: readSubject(records.at(-1)!), asOfDate, adjustments: NEW_REPORT, marketRates: true, ...over,
});

describe('the market measurement of a report', () => {
  const measure = createMeasurer();
  const stages: string[] = [];
  const result = measure(request(), (stage) => stages.push(stage));

  it("is the back-test's for a new report: the same rates, weight, range bands and model estimate", () => {
    const context = measureMarket(pool, { asOfDate, recordOf: (id) => byId.get(id) });
    const subject = withoutPrice(readSubject(records.at(-1)!));
    const reading = marketModelReadingFor(context.prepared, subject, asOfDate, 'now')!;
    expect(result.market.before).toBe('2024-12-01');
    expect(result.market).toEqual(marketMeasurementsOf(context.measured));
    expect(Object.keys(result.market.rates)).toContain('quality');
    expect(result.reading!.calibration).toEqual(reading.calibration);
    expect(result.reading!.estimate).toBe(reading.estimate);
    expect(result.modelSales).toBe(context.prepared.model!.sales);
    expect([...new Set(stages)]).toEqual(['rates', 'comparables', 'model']);
  }, 60_000);

  it("values the recent sales with the report's own adjustments (a category on the agent's own rate measures differently)", () => {
    const own = createMeasurer()(request({ adjustments: { ...NEW_REPORT, adjustment_formulas: { ...NEW_REPORT.adjustment_formulas, ownRates: ['quality', 'above-grade-finished-area'] } } }), () => {});
    expect(own.reading!.calibration.comparablesMdape).not.toBe(result.reading!.calibration.comparablesMdape);
  }, 60_000);

  it('another subject in the same month reuses the fit: only its estimate is new', () => {
    const stagesAgain: string[] = [];
    const other = measure(request({ records: undefined, subject: readSubject(records.at(-5)!) }), (stage) => stagesAgain.push(stage));
    expect(stagesAgain).toEqual(['model']);
    expect(other.reading!.calibration).toEqual(result.reading!.calibration);
    expect(other.reading!.estimate).not.toBe(result.reading!.estimate);
  });

  it('without the pool it was given, it says so', () => {
    expect(() => createMeasurer()(request({ records: undefined, poolKey: 'other' }), () => {})).toThrow('The listings to measure were not sent.');
  });
});
