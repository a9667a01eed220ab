import { useCallback, useState } from 'react';
import { readSubject } from '@cma/cma';
import { NOT_AVAILABLE } from '@cma/listings-import';
import { useSearchComparablesMutation } from '../api/cmaApi';
import { DEFAULT_CANDIDATE_FILTERS, rankCandidates } from '../model/cmaModel';
import { addToPool } from '../model/listingPool';
import { thumbnailOf, type CmaRecord } from '../model/records';
import { chooseSubject, loadListings, toggleComparable } from './workflow';
import { useReport } from './useReport';

/**
 * The subject as the home priced today: a sale it had before is its history, not the CMA's valuation date (the engine
 * values as of the subject's close date, which suits back-tests of sales, not a home about to be listed).
 */
function asHomeToPrice(record: CmaRecord): CmaRecord {
  if (record['Close Date'] === undefined || record['Close Date'] === NOT_AVAILABLE) return record;
  return {
    ...record,
    MLS: NOT_AVAILABLE,
    'Close Date': NOT_AVAILABLE,
    'Close Price': NOT_AVAILABLE,
    'Net Sales Price': NOT_AVAILABLE,
    'Previous Sale Date': record['Close Date'],
    'Previous Sale Price': record['Close Price'],
  };
}

/** Widening circles (miles) until this many closed sales are found around the subject. */
const RADII = [1, 2, 5] as const;
const ENOUGH_SALES = 12;
/** The engine's best picks ticked for the agent (they may change them on /compare). */
export const PICKED_FOR_YOU = 4;
/** Thumbnails fetched ahead for the first page of candidates. */
const PREFETCHED = 20;

export type OneSearchStep = 'idle' | 'sales' | 'ranking' | 'done' | 'failed';

/**
 * A CMA in one search (issue 28): the subject found in the agent's MLS → the closed sales around it (widening 1, 2, 5
 * miles) and the active and pending listings as competition → ranked by the engine's selection, the best ones ticked,
 * their photos fetched → ready for /compare.
 */
export function useOneSearchCma() {
  const { report, edit } = useReport();
  const [searchComparables] = useSearchComparablesMutation();
  const [step, setStep] = useState<OneSearchStep>('idle');
  const [problem, setProblem] = useState('');

  const start = useCallback(
    async (found: CmaRecord): Promise<boolean> => {
      const subject = asHomeToPrice(found);
      const facts = readSubject(subject);
      setProblem('');
      if (facts.latitude == null || facts.longitude == null) {
        setStep('failed');
        setProblem('This listing has no location, so its nearby sales cannot be found. Choose it as the subject and add its comparables on the next steps.');
        return false;
      }
      setStep('sales');
      let nearby: CmaRecord[] = [];
      try {
        for (const radius of RADII) {
          nearby = await searchComparables({
            latitude: facts.latitude,
            longitude: facts.longitude,
            radius,
            months: 12,
            limit: 300,
            includeActive: true,
            ...(typeof subject['Listing Id'] === 'string' ? { excludeListingId: subject['Listing Id'] } : {}),
          }).unwrap();
          if (nearby.filter((r) => r['Close Date'] && r['Close Date'] !== NOT_AVAILABLE).length >= ENOUGH_SALES) break;
        }
      } catch {
        setStep('failed');
        setProblem('The nearby sales could not be loaded. Check your connection and try again.');
        return false;
      }
      setStep('ranking');
      const { pool } = await addToPool(report.allCsvData, [subject, ...nearby]);
      edit(loadListings, [subject, ...nearby], { append: true, fromUpload: false, pool });
      edit(chooseSubject, subject, pool);
      const ranking = rankCandidates(subject, nearby, { ...DEFAULT_CANDIDATE_FILTERS, miles: RADII[RADII.length - 1] });
      for (const candidate of ranking.ranked.slice(0, PICKED_FOR_YOU)) edit(toggleComparable, candidate.record);
      // Warm the browser's cache with the first candidates' photos, so /compare shows them at once.
      for (const candidate of ranking.ranked.slice(0, PREFETCHED)) {
        const src = thumbnailOf(candidate.record);
        if (src && typeof Image !== 'undefined') new Image().src = src;
      }
      setStep('done');
      return true;
    },
    [edit, report.allCsvData, searchComparables],
  );

  return { start, step, problem };
}
