// Keeps the CMA's market measurement current (issue 27 item 2): as soon as a subject and a comparable with a price are
// chosen, the loaded market is measured in the background for this subject, valuation month and set of adjustments,
// and the result goes into the report (its rates, time index, the model's estimate and the calibrated range).
import { useEffect, useMemo, useRef } from 'react';
import { adjustmentsForAnySale, type CmaAdjustments } from '@cma/cma';
import { useListingPool } from '../../../shared/listing-pool/listingPool';
import { useCmaListings } from '../model/listingPool';
import { formulasOf } from '../model/cmaModel';
import { useAgentDefaults } from '../store/useAgentDefaults';
import { useCmaComputation, useReport } from '../store/useReport';
import { setMarketMeasurement, setStepValues } from '../store/workflow';
import { ensureMeasurement, resetMeasurement, useMeasureStatus, type MeasureStatus } from './measurement';
import type { MeasureRequest } from './measureCore';

/** Fewest loaded closed sales worth measuring (the model needs 50; the comparables' range is measured on half of them). */
export const MIN_MEASURED_LISTINGS = 40;
/** Edits settle this long before a new measurement starts, so typing a rate does not start one per keystroke. */
const SETTLE_MS = 400;

export interface MarketMeasurementView {
  /** This report's measurement, or idle when it has none to run. */
  status: MeasureStatus;
  /** Why the report is not measured, in the agent's words; null when it is (or will be). */
  notMeasured: string | null;
  /** A report saved before issue 27 keeps the value it had until the agent brings it up to date. */
  olderReport: boolean;
  /** Prices its quality and condition by the agent's steps, so it is measured from then on. */
  bringUpToDate(): void;
}

export function useMarketMeasurement(): MarketMeasurementView {
  const { report, edit } = useReport();
  const computation = useCmaComputation();
  const { listings, hash } = useCmaListings(report.allCsvData);
  const pool = useListingPool();
  const { useMarketRates, stepValues } = useAgentDefaults();
  const status = useMeasureStatus();
  const formulas = formulasOf(report.adjustment_formulas);
  const olderReport = formulas.stepValues == null && computation.comparables.length > 0;
  const subject = computation.blindSubject;
  const priced = computation.comparables.some((c) => c.adjustment);

  const adjustments = useMemo<CmaAdjustments>(
    () => ({ changeDefaultValues: report.changeDefaultValues, formula_Division_DefaultValue: report.formula_Division_DefaultValue, adjustment_formulas: report.adjustment_formulas }),
    [report.changeDefaultValues, report.formula_Division_DefaultValue, report.adjustment_formulas],
  );
  // What the measurement depends on: the listings, the subject as the engine reads it, the valuation date, the agent's
  // adjustments as they value any sale (not the measurement's own output) and the market-rates preference.
  const key = useMemo(() => {
    if (!subject || !priced || olderReport || listings.length < MIN_MEASURED_LISTINGS) return null;
    const { adjustment_formulas: f, ...tables } = adjustmentsForAnySale(adjustments);
    const { market: _market, ...choices } = (f ?? {}) as Record<string, unknown>;
    return JSON.stringify([hash, subject, computation.asOfDate, useMarketRates, tables, choices]);
  }, [subject, priced, olderReport, listings.length, adjustments, hash, computation.asOfDate, useMarketRates]);

  const latest = useRef({ listings, hash, subject, asOfDate: computation.asOfDate, adjustments, useMarketRates });
  latest.current = { listings, hash, subject, asOfDate: computation.asOfDate, adjustments, useMarketRates };

  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => {
      const request = (): MeasureRequest => {
        const l = latest.current;
        return { records: l.listings, poolKey: l.hash, subject: l.subject!, asOfDate: l.asOfDate, adjustments: l.adjustments, marketRates: l.useMarketRates };
      };
      ensureMeasurement(key, request, (result) => edit(setMarketMeasurement, { market: result.market, reading: result.reading }));
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [key, edit]);

  // The listings went (sign-out, another agent, a new CMA): so does what was measured on them.
  useEffect(() => {
    if (pool.status === 'ready' && pool.records.length === 0 && listings.length === 0) resetMeasurement();
  }, [pool.status, pool.records.length, listings.length]);

  // Without a subject or a priced comparable the page itself says what to do next.
  const notMeasured = subject && priced && listings.length < MIN_MEASURED_LISTINGS
    ? `Measuring the market needs at least ${MIN_MEASURED_LISTINGS} loaded listings (${listings.length} loaded); the comparables value the report alone.`
    : null;
  return {
    status: key && status.state !== 'idle' && status.key === key ? status : { state: 'idle' },
    notMeasured,
    olderReport,
    bringUpToDate: () => edit(setStepValues, { quality: [...stepValues.quality], condition: [...stepValues.condition] }),
  };
}
