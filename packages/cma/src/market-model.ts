// The market model reading the agent accepted on /review (issue 17), kept in the CMA document so that every place
// that prints the value (screens, PDF, live page, e-mail summary) reconciles with the same estimate and range.
import { z } from 'zod';
import {
  comparablesReading,
  comparablesWeightFor,
  formatPercent,
  likelyRange,
  reconcileApproaches,
  type Calibration,
  type LikelyRange,
  type MarketModelEstimate,
  type Reconciliation,
} from '@cma/valuation';

const finite = z.number().refine(Number.isFinite);

/** A range band as saved: JSON has no Infinity, so the last band's open upper bound is saved as null. */
const rangeBandSchema = z.object({ upTo: finite.nullable(), low: finite, high: finite, sales: z.number().int().nonnegative() });
const countBandSchema = z.object({
  count: z.number().int().positive(),
  sales: z.number().int().nonnegative(),
  comparablesWeight: finite.min(0).max(1),
  low: finite,
  high: finite,
  comparablesLow: finite,
  comparablesHigh: finite,
});

export const marketModelReadingSchema = z.object({
  /** The model's estimate of the subject's value; null when the loaded sales cannot support a model (the comparables alone, calibrated). */
  estimate: finite.positive().nullable(),
  /** The facts that moved the estimate most, largest first. */
  drivers: z.array(z.object({ label: z.string(), effect: finite })),
  /** Measured on the loaded sales before the valuation date: the approaches' weights and the likely range's bands. */
  calibration: z.object({
    sales: z.number().int().nonnegative(),
    from: z.string(),
    to: z.string(),
    comparablesWeight: finite.min(0).max(1),
    comparablesMdape: finite,
    modelMdape: finite.nullable(),
    reconciledMdape: finite,
    bands: z.array(rangeBandSchema).min(1),
    comparablesBands: z.array(rangeBandSchema).min(1).optional(),
    fullCount: z.number().int().nonnegative().optional(),
    byCount: z.array(countBandSchema).optional(),
    thin: countBandSchema.omit({ count: true }).optional(),
  }),
  /** Sales the model was fitted on. */
  sales: z.number().int().nonnegative(),
  /** ISO timestamp of the fit. */
  fittedAt: z.string(),
  /** The subject (SaleFacts id) and valuation date it was fitted for: a reading for another subject or date is stale. */
  subjectId: z.string(),
  asOfDate: z.string(),
  /** False when the agent hides the model from the client: the value stays reconciled, the model's sentences are not printed. */
  shownToClient: z.boolean(),
  /** False when the agent takes the model out of the value: the comparables alone, with their own calibrated range. */
  inValue: z.boolean().optional(),
});

export type MarketModelReading = z.infer<typeof marketModelReadingSchema>;

/** What a fit produced (the /review worker's result), as the reading the document keeps. */
export function marketModelReadingOf(
  fit: { estimate: MarketModelEstimate | null; calibration: Calibration; sales: number },
  fittedFor: { subjectId: string; asOfDate: string; fittedAt: string; shownToClient?: boolean; inValue?: boolean },
): MarketModelReading {
  const saved = (bands: Calibration['bands']) => bands.map((b) => ({ ...b, upTo: Number.isFinite(b.upTo) ? b.upTo : null }));
  return {
    estimate: fit.estimate?.value ?? null,
    drivers: (fit.estimate?.drivers ?? []).map((d) => ({ label: d.label, effect: d.effect })),
    calibration: {
      ...fit.calibration,
      bands: saved(fit.calibration.bands),
      ...(fit.calibration.comparablesBands ? { comparablesBands: saved(fit.calibration.comparablesBands) } : {}),
    },
    sales: fit.sales,
    fittedAt: fittedFor.fittedAt,
    subjectId: fittedFor.subjectId,
    asOfDate: fittedFor.asOfDate,
    shownToClient: fittedFor.shownToClient ?? true,
    inValue: fittedFor.inValue ?? true,
  };
}

/** The reading's calibration as the engine uses it (null upper bound → Infinity). */
export function calibrationOf(reading: MarketModelReading): Calibration {
  const engine = (bands: MarketModelReading['calibration']['bands']) => bands.map((b) => ({ ...b, upTo: b.upTo ?? Infinity }));
  const { comparablesBands, ...rest } = reading.calibration;
  return { ...rest, bands: engine(reading.calibration.bands), ...(comparablesBands ? { comparablesBands: engine(comparablesBands) } : {}) };
}

/** A saved reading, or null when absent or unreadable (an unreadable one never blocks the comparables' value). */
export function parseMarketModelReading(raw: unknown): MarketModelReading | null {
  if (raw == null) return null;
  const parsed = marketModelReadingSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export interface ReconciledWithModel {
  reading: MarketModelReading & { estimate: number };
  /** The comparables' reconciled value before the model. */
  comparablesValue: number;
  /** The comparables' share, 0–1; the model carries the rest. */
  comparablesWeight: number;
  /** Rounded to the dollar, as /review shows it. */
  value: number;
  likelyRange: LikelyRange;
  /** Why each approach carries its share, in the agent's and the client's words. */
  explanation: string;
}

/** The comparables' reconciliation combined with the model's estimate, weighted by their measured errors (issue 17). */
export function reconcileWithMarketModel(reconciliation: Reconciliation, reading: MarketModelReading & { estimate: number }): ReconciledWithModel {
  const calibration = calibrationOf(reading);
  const comparables = comparablesReading(reconciliation.value, reconciliation.weights);
  // A thin valuation (fewer comparables than the calibration sales had) gives the comparables the share measured for as few.
  const weight = comparablesWeightFor(calibration, comparables.count);
  const reconciled = reconcileApproaches(reconciliation.value, reading.estimate, weight);
  const range = likelyRange(reconciled, comparables, reading.estimate, calibration);
  const modelMdape = calibration.modelMdape == null ? '' : ` and the model by ${formatPercent(calibration.modelMdape, 1)}`;
  return {
    reading,
    comparablesValue: reconciliation.value,
    comparablesWeight: weight,
    value: Math.round(reconciled),
    likelyRange: range,
    explanation:
      `The comparables carry ${formatPercent(weight * 100, 0)} and the market model ${formatPercent((1 - weight) * 100, 0)}, because on ${calibration.sales} recent sales valued before their sale ` +
      `the comparables missed by ${formatPercent(calibration.comparablesMdape, 1)}${modelMdape} (median)` +
      (weight !== calibration.comparablesWeight ? `; the comparables' share is what valuations from only ${comparables.count === 1 ? 'one comparable' : `${comparables.count} comparables`}, as here, measured.` : '.'),
  };
}
