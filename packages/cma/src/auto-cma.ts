// The CMA document `cma value` and the back-test value (issue 16 item 1): auto-picked comparables, the usable
// market-derived rates accepted as an agent accepts them on /adjustment, the measured time rate and the market model's
// reading — then valueCma, the app's one valuation. Auto-picking is the only thing that differs from the app.
import {
  ABOVE_GRADE_STYLE,
  DEFAULT_ADJUSTMENT_VALUES,
  amountForTier,
  comparablesReading,
  likelyRange,
  measuredMonthlyTimeRate,
  pairedMonthlyIndex,
  selectComparables,
  withoutPrice,
  type BacktestContext,
  type BacktestValue,
  type CandidatePool,
  type MarketModelEstimate,
  type PreparedModel,
  type SaleFacts,
  type SelectionOptions,
  UAD_STEP_DEFAULTS,
} from '@cma/valuation';
import { marketMeasurementsOf, type MeasuredMarket } from './market-measurements';
import { calibrationOf, marketModelReadingOf, type MarketModelReading } from './market-model';
import { readListingRecord, type ListingRecord } from './read-listing';
import { formulasOf, valuationDate, valueCma, type CmaDocument, type CmaValuation } from './value-cma';

/** A CMA document's adjustments: everything /adjustment sets, apart from the comparables themselves. */
export type CmaAdjustments = Pick<CmaDocument, 'changeDefaultValues' | 'formula_Division_DefaultValue' | 'adjustment_formulas'>;

/** What the market measured before a valuation (marketMeasurementsOf): what a new report applies by default. */
export type AutoAdjustmentInputs = MeasuredMarket;

/**
 * The adjustments of a new report on a new account once the market is measured: the spec's table, the default quality
 * and condition steps, and the market's rates and time index in use (issue 27: what the agent gets by default).
 */
export function autoAdjustments(inputs: AutoAdjustmentInputs): CmaAdjustments {
  const aboveGrade = DEFAULT_ADJUSTMENT_VALUES[ABOVE_GRADE_STYLE];
  return {
    // The spec's defaults, as on a new account.
    changeDefaultValues: {},
    formula_Division_DefaultValue: aboveGrade ? amountForTier(aboveGrade, 0) : 1,
    adjustment_formulas: {
      market: marketMeasurementsOf(inputs),
      stepValues: { quality: [...UAD_STEP_DEFAULTS.quality], condition: [...UAD_STEP_DEFAULTS.condition] },
      marketModel: null,
    },
  };
}

/** The adjustments with this market measurement in them (a report measured again keeps the agent's own choices). */
export function withMarket(adjustments: CmaAdjustments, measured: MeasuredMarket): CmaAdjustments {
  const formulas = adjustments.adjustment_formulas && typeof adjustments.adjustment_formulas === 'object' ? adjustments.adjustment_formulas : {};
  return { ...adjustments, adjustment_formulas: { ...formulas, market: marketMeasurementsOf(measured) } };
}

/**
 * A document's adjustments as they apply to any other sale (the market model's calibration values recent sales with
 * them): its values, category rates, text-fact effects, time rate and weighting method, without what belongs to its
 * own comparables (cell edits, manual weights) or its own subject (the model reading).
 */
export function adjustmentsForAnySale(adjustments: CmaAdjustments): CmaAdjustments {
  const f = formulasOf(adjustments.adjustment_formulas);
  return {
    changeDefaultValues: adjustments.changeDefaultValues,
    formula_Division_DefaultValue: adjustments.formula_Division_DefaultValue,
    adjustment_formulas: {
      disabledCategories: f.disabledCategories,
      rateOverrides: f.rateOverrides,
      featureEffects: f.featureEffects,
      monthlyTimeRate: f.monthlyTimeRate,
      monthlyTimeIndex: f.monthlyTimeIndex,
      market: f.market,
      ownRates: f.ownRates,
      marketTime: f.marketTime,
      stepValues: f.stepValues,
      weighting: { method: f.weighting.method === 'manual' ? 'inverse-gross' : f.weighting.method },
      marketModel: null,
    },
  };
}

export type AutoCmaInputs = AutoAdjustmentInputs & {
  subject: ListingRecord;
  comparables: readonly ListingRecord[];
  marketModel: MarketModelReading | null;
};

/** The CMA document an agent would save after picking these comparables and accepting these rates and this model reading. */
export function autoCmaDocument(inputs: AutoCmaInputs): CmaDocument {
  return documentOf(autoAdjustments(inputs), inputs.subject, inputs.comparables, inputs.marketModel);
}

function documentOf(adjustments: CmaAdjustments, subject: ListingRecord, comparables: readonly ListingRecord[], marketModel: MarketModelReading | null): CmaDocument {
  return { ...adjustments, selectedPropertydata: subject, comaparables: [...comparables], adjustment_formulas: { ...adjustments.adjustment_formulas, marketModel } };
}

/** Fewest calibration sales behind a reading: fewer measure no range worth stating (the comparables' spread is shown). */
export const MIN_CALIBRATION_SALES = 20;

/**
 * The market's reading for a subject, as a report keeps it: the model's estimate (null when there is no model or it
 * cannot read the subject: the comparables alone, still with their calibrated range); null with too few sales measured.
 */
export function marketModelReadingFor(prepared: PreparedModel | null, blindSubject: SaleFacts, asOfDate: string, fittedAt: string): MarketModelReading | null {
  if (!prepared || prepared.calibration.sales < MIN_CALIBRATION_SALES) return null;
  let estimate: MarketModelEstimate | null = null;
  try {
    estimate = prepared.model && prepared.calibration.modelMdape != null ? prepared.model.estimate(blindSubject, asOfDate) : null;
  } catch {
    estimate = null; // a subject the model cannot read is valued by its comparables alone
  }
  return marketModelReadingOf({ estimate, calibration: prepared.calibration, sales: prepared.model?.sales ?? 0 }, { subjectId: blindSubject.id, asOfDate, fittedAt });
}

export interface AutoValueOptions {
  /** The subject's facts as the pool holds them (the records' reader), to pick comparables with. */
  subject: SaleFacts;
  /** The listing record behind a pool sale, by its id. */
  recordOf: (id: string) => ListingRecord | undefined;
  /** Valuation date for picking (default: the subject's close date, else the latest loaded sale). */
  asOfDate?: string;
  /** Back-test rule: comparables closed strictly before asOfDate and none at the subject's address. */
  backtest: boolean;
  selection?: Omit<SelectionOptions, 'asOfDate' | 'strictlyBefore' | 'excludeStreetAddress'>;
  /** The document's adjustments: autoAdjustments' (the CLI, the bench) or an agent's (the /review calibration). */
  adjustments: CmaAdjustments;
  marketModel: PreparedModel | null;
  /** fittedAt of the model reading (ISO); any fixed value keeps the run reproducible. */
  fittedAt?: string;
}

/** Picks the subject's comparables from the pool, builds its CMA document and values it with valueCma. */
export function valueAutoCma(pool: CandidatePool, options: AutoValueOptions): { document: CmaDocument; valuation: CmaValuation } {
  const blind = withoutPrice(options.subject);
  const record = options.recordOf(blind.id);
  if (!record) throw new Error(`Subject ${blind.id} has no listing record.`);
  const selection = selectComparables(blind, pool, {
    ...options.selection,
    asOfDate: options.asOfDate,
    strictlyBefore: options.backtest,
    excludeStreetAddress: options.backtest ? blind.streetAddress : null,
  });
  if (selection.picks.length === 0) throw new Error(`No comparable sales found for subject ${blind.id}.`);
  const comparables = selection.picks.map((p) => {
    const found = options.recordOf(p.facts.id);
    if (!found) throw new Error(`Comparable ${p.facts.id} has no listing record.`);
    return found;
  });
  const comparableFacts = selection.picks.map((p) => p.facts);
  // The reading is fitted for the date valueCma values at, so it is never taken for a stale one.
  const asOfDate = valuationDate(readListingRecord(record, 'subject', blind.id), comparableFacts, new Date(`${selection.asOfDate}T00:00:00Z`));
  const reading = marketModelReadingFor(options.marketModel, blind, asOfDate, options.fittedAt ?? `${asOfDate}T00:00:00.000Z`);
  const document = documentOf(options.adjustments, record, comparables, reading);
  return { document, valuation: valueCma(document, { now: new Date(`${asOfDate}T00:00:00Z`) }) };
}

/** valueCma's figures as a back-test (and `cma value`) line: value, the engine's range, the comparables' ids and each approach's part. */
export function backtestValueOf(valuation: CmaValuation): BacktestValue {
  if (valuation.value == null || !valuation.engineRange || !valuation.reconciliation) throw new Error(valuation.comparables.find((c) => c.problem)?.problem ?? 'No value.');
  const reconciliation = valuation.reconciliation;
  const comparables = comparablesReading(reconciliation.value, reconciliation.weights);
  const reading = valuation.formulas.marketModel;
  // The comparables' own range: calibrated when the market was measured for this subject, else their spread.
  const alone = reading && valuation.likelyRange ? likelyRange(reconciliation.value, comparables, null, calibrationOf(reading)) : null;
  return {
    value: valuation.value,
    low: valuation.engineRange.start,
    high: valuation.engineRange.end,
    comps: valuation.comparables.filter((c) => c.adjustment).map((c) => c.facts.id),
    comparables,
    approaches: {
      comparablesValue: reconciliation.value,
      comparablesLow: alone?.low ?? reconciliation.range.start,
      comparablesHigh: alone?.high ?? reconciliation.range.end,
      modelValue: valuation.marketModel ? valuation.marketModel.reading.estimate : null,
      comparablesWeight: valuation.marketModel?.comparablesWeight ?? 1,
    },
  };
}

/** The back-test's valuation of a sale through the app's path: its auto-built CMA document valued by valueCma. */
export function cmaBacktestValuer(recordOf: (id: string) => ListingRecord | undefined): (subject: SaleFacts, context: BacktestContext) => BacktestValue {
  return (subject, context) => {
    const { valueOptions } = context;
    const { valuation } = valueAutoCma(context.pool, {
      subject,
      recordOf,
      asOfDate: context.asOfDate,
      backtest: true,
      selection: valueOptions.selection,
      adjustments: autoAdjustments({
        before: context.measuredBefore,
        sales: context.measuredSales,
        marketRates: context.marketRates,
        monthlyTimeRate: measuredMonthlyTimeRate(valueOptions.timeAdjustment ?? 'off', context.marketRates, context.pool, context.asOfDate, valueOptions.timeTrendMonths),
        monthlyTimeIndex: valueOptions.timeAdjustment === 'index' ? pairedMonthlyIndex(context.marketRates ?? []) : null,
      }),
      marketModel: context.marketModel,
    });
    return backtestValueOf(valuation);
  };
}
