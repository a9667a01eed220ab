// The CMA document `cma value` and the back-test value (issue 16 item 1): auto-picked comparables, the usable
// market-derived rates accepted as an agent accepts them on /adjustment, the measured time rate and the market model's
// reading — then valueCma, the app's one valuation. Auto-picking is the only thing that differs from the app.
import {
  ABOVE_GRADE_STYLE,
  DEFAULT_ADJUSTMENT_VALUES,
  amountForTier,
  comparablesReading,
  marketFeatureEffects,
  measuredMonthlyTimeRate,
  pairedMonthlyIndex,
  selectComparables,
  withoutPrice,
  type BacktestContext,
  type BacktestValue,
  type CandidatePool,
  type PreparedModel,
  type SaleFacts,
  type SelectionOptions,
  type TierMarketRates,
} from '@cma/valuation';
import { marketModelReadingOf, type MarketModelReading } from './market-model';
import { readListingRecord, type ListingRecord } from './read-listing';
import { formulasOf, valuationDate, valueCma, type CmaDocument, type CmaValuation } from './value-cma';

/**
 * What "Use market rate" stores for each category on /adjustment: every tier's measured rate unless MarketRate.problem
 * flags it (null there), for the categories with at least one usable tier.
 */
export function acceptedMarketRates(tiers: readonly TierMarketRates[]): Record<string, [number | null, number | null, number | null]> {
  const out: Record<string, [number | null, number | null, number | null]> = {};
  for (const t of tiers) {
    for (const r of t.rates) {
      if (r.rate == null || r.problem != null) continue;
      (out[r.style] ??= [null, null, null])[t.tier] = r.rate;
    }
  }
  return out;
}

/** A CMA document's adjustments: everything /adjustment sets, apart from the comparables themselves. */
export type CmaAdjustments = Pick<CmaDocument, 'changeDefaultValues' | 'formula_Division_DefaultValue' | 'adjustment_formulas'>;

export interface AutoAdjustmentInputs {
  /** Market-derived rates measured on the sales before the valuation (null: the spec's table). */
  marketRates: readonly TierMarketRates[] | null;
  /** Market-conditions adjustment per month (fraction), or null for none. */
  monthlyTimeRate: number | null;
  /** The paired-sales monthly price index the time adjustment follows, when measured. */
  monthlyTimeIndex: Record<string, number> | null;
}

/** The adjustments an agent saves on a new account by accepting these market rates and this time rate (no model reading). */
export function autoAdjustments(inputs: AutoAdjustmentInputs): CmaAdjustments {
  const aboveGrade = DEFAULT_ADJUSTMENT_VALUES[ABOVE_GRADE_STYLE];
  return {
    // The spec's defaults, as on a new account.
    changeDefaultValues: {},
    formula_Division_DefaultValue: aboveGrade ? amountForTier(aboveGrade, 0) : 1,
    adjustment_formulas: {
      rateOverrides: inputs.marketRates ? acceptedMarketRates(inputs.marketRates) : {},
      featureEffects: inputs.marketRates ? marketFeatureEffects(inputs.marketRates) : {},
      monthlyTimeRate: inputs.monthlyTimeRate,
      monthlyTimeIndex: inputs.monthlyTimeRate != null ? inputs.monthlyTimeIndex : null,
      marketModel: null,
    },
  };
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
      weighting: { method: f.weighting.method === 'manual' ? 'inverse-gross' : f.weighting.method },
      marketModel: null,
    },
  };
}

export interface AutoCmaInputs extends AutoAdjustmentInputs {
  subject: ListingRecord;
  comparables: readonly ListingRecord[];
  marketModel: MarketModelReading | null;
}

/** The CMA document an agent would save after picking these comparables and accepting these rates and this model reading. */
export function autoCmaDocument(inputs: AutoCmaInputs): CmaDocument {
  return documentOf(autoAdjustments(inputs), inputs.subject, inputs.comparables, inputs.marketModel);
}

function documentOf(adjustments: CmaAdjustments, subject: ListingRecord, comparables: readonly ListingRecord[], marketModel: MarketModelReading | null): CmaDocument {
  return { ...adjustments, selectedPropertydata: subject, comaparables: [...comparables], adjustment_formulas: { ...adjustments.adjustment_formulas, marketModel } };
}

/** The market model's reading for a subject, as /review's "accept" stores it; null when the model cannot value it. */
export function marketModelReadingFor(prepared: PreparedModel | null, blindSubject: SaleFacts, asOfDate: string, fittedAt: string): MarketModelReading | null {
  if (!prepared || prepared.calibration.modelMdape == null) return null;
  try {
    const estimate = prepared.model.estimate(blindSubject, asOfDate);
    return marketModelReadingOf({ estimate, calibration: prepared.calibration, sales: prepared.model.sales }, { subjectId: blindSubject.id, asOfDate, fittedAt });
  } catch {
    return null; // a subject the model cannot read is valued by its comparables alone
  }
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

/** valueCma's figures as a back-test (and `cma value`) line: value, the engine's range, the comparables' ids. */
export function backtestValueOf(valuation: CmaValuation): BacktestValue {
  if (valuation.value == null || !valuation.engineRange) throw new Error(valuation.comparables.find((c) => c.problem)?.problem ?? 'No value.');
  return {
    value: valuation.value,
    low: valuation.engineRange.start,
    high: valuation.engineRange.end,
    comps: valuation.comparables.filter((c) => c.adjustment).map((c) => c.facts.id),
    comparables: comparablesReading(valuation.reconciliation!.value, valuation.reconciliation!.weights),
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
        marketRates: context.marketRates,
        monthlyTimeRate: measuredMonthlyTimeRate(valueOptions.timeAdjustment ?? 'off', context.marketRates, context.pool, context.asOfDate, valueOptions.timeTrendMonths),
        monthlyTimeIndex: valueOptions.timeAdjustment === 'index' ? pairedMonthlyIndex(context.marketRates ?? []) : null,
      }),
      marketModel: context.marketModel,
    });
    return backtestValueOf(valuation);
  };
}
