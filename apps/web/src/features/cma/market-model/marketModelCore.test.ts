// One valuation path (issue 16): the /review worker's calibration measures the comparables approach exactly as the
// CLI's back-test valuer does (cmaBacktestValuer: each recent sale's auto-built CMA document through valueCma), so the
// weight and the 80 % range /review offers are those of the path that values the report.
import { describe, expect, it } from 'vitest';
import { acceptedMarketRates, cmaBacktestValuer, migrateCmaState, readComparable, readSubject, type CmaAdjustments } from '@cma/cma';
import { CandidatePool, deriveMarketRates, marketFeatureEffects, prepareMarketModel, withoutPrice, type SaleFacts, type TierMarketRates, type ValueOptions } from '@cma/valuation';
import { fitAndEstimate } from './marketModelCore';
import { listingRecords } from './testListings';

const records = listingRecords(240);
const asOfDate = '2024-12-31';
const pool = new CandidatePool(records.map(readComparable));
const byId = new Map(records.map((r) => [readComparable(r).id, r]));
const marketRates = deriveMarketRates(pool, { before: asOfDate });
const NEW_REPORT = migrateCmaState({});
const report = (formulas: Record<string, unknown>): CmaAdjustments => ({ ...NEW_REPORT, adjustment_formulas: formulas });

/** `cma value`'s calibration (apps/cli/src/commands/value.ts): cmaBacktestValuer on each recent sale, without a model. */
function cliCalibration(rates: TierMarketRates[] | null, valueOptions: Omit<ValueOptions, 'marketRates'>) {
  const valueSale = cmaBacktestValuer((id) => byId.get(id));
  return prepareMarketModel(pool, {
    before: asOfDate,
    valueWithComparables: (blind: SaleFacts) => {
      try {
        return blind.closeDate ? valueSale(blind, { pool, asOfDate: blind.closeDate, marketRates: rates, marketModel: null, valueOptions }).comparables : null;
      } catch {
        return null;
      }
    },
  });
}

describe('the /review market model calibration', () => {
  const subject = withoutPrice(readSubject(records.at(-1)!));
  let specTable: number | null = null;
  /** The comparables' measured error on a new report (spec table), to show a report's own rates reach the calibration. */
  const specTableMdape = () => (specTable ??= fitAndEstimate({ records, subject, asOfDate, adjustments: report({}) }, () => {}).calibration.comparablesMdape);

  it.each([
    ['a new report (the spec table) and --rates table', report({}), null, {}, false],
    [
      'a report with every usable market rate accepted and the CLI measuring them',
      report({ rateOverrides: acceptedMarketRates(marketRates), featureEffects: marketFeatureEffects(marketRates) }),
      marketRates,
      {},
      true,
    ],
    ['a report with a 0.5 %/month time rate and --time 0.005', report({ monthlyTimeRate: 0.005 }), null, { timeAdjustment: 0.005 }, true],
    // What belongs to the report's own comparables does not value other sales.
    ["manual weights and cell edits of the report's own comparables", report({ weighting: { method: 'manual', manualWeights: { X: 1 } }, cells: { 'uuid-M3': { bedrooms: { amount: 1 } } } }), null, {}, false],
  ] as const)('%s: the same weight, errors, range bands and estimate as the CLI path', (_name, adjustments, rates, valueOptions, differsFromSpecTable) => {
    const progress: number[] = [];
    const worker = fitAndEstimate({ records, subject, asOfDate, adjustments }, (p) => progress.push(p));
    const cli = cliCalibration(rates as TierMarketRates[] | null, valueOptions);
    expect(worker.calibration).toEqual(cli.calibration);
    expect(worker.calibration.sales).toBeGreaterThan(50);
    expect(worker.estimate).toEqual(cli.model.estimate(subject, asOfDate));
    expect(worker.sales).toBe(cli.model.sales);
    expect(progress.at(-1)).toBe(1);
    expect(worker.calibration.comparablesMdape !== specTableMdape()).toBe(differsFromSpecTable);
  }, 60_000);
});
