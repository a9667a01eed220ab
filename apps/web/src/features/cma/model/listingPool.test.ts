import { describe, expect, it } from 'vitest';
import { initialCmaWorkflowState, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { chooseSubject, loadListings } from '../store/workflow';
import { sampleRecords } from '../testing/renderWithStore';
import { allListings, MAX_STORED_LISTINGS } from './listingPool';
import { readComparable } from '@cma/cma';
import type { CmaRecord } from './records';
import { distanceMiles } from '@cma/valuation';

// A big import: the sample's homes repeated with fresh ids, spread over a wide area.
function bigImport(count: number): CmaRecord[] {
  const base = sampleRecords().filter((r) => typeof r.Latitude === 'number');
  return Array.from({ length: count }, (_, i) => {
    const r = base[i % base.length]!;
    return { ...r, uuid: `u-${i}`, 'Listing Id': `L${i}`, Latitude: (r.Latitude as number) + (i % 37) * 0.01, Longitude: (r.Longitude as number) + (i % 41) * 0.01 };
  });
}

describe('large imports and the persisted store', () => {
  it(`persists at most ${MAX_STORED_LISTINGS} listings but keeps every one for the session`, () => {
    const records = bigImport(MAX_STORED_LISTINGS + 400);
    const state: CmaWorkflowState = { ...initialCmaWorkflowState, ...loadListings(initialCmaWorkflowState, records, { append: false, fromUpload: true }) };
    expect(state.allCsvData).toHaveLength(MAX_STORED_LISTINGS);
    expect(allListings(state.allCsvData)).toHaveLength(records.length);
  });

  it('once the subject is chosen, the persisted listings are the ones nearest to it', () => {
    const records = bigImport(MAX_STORED_LISTINGS * 2);
    let state: CmaWorkflowState = { ...initialCmaWorkflowState, ...loadListings(initialCmaWorkflowState, records, { append: false, fromUpload: true }) };
    const subject = records[records.length - 1]!;
    state = { ...state, ...chooseSubject(state, subject) };
    const kept = state.allCsvData as unknown as CmaRecord[];
    expect(kept.length).toBeLessThanOrEqual(MAX_STORED_LISTINGS);
    expect(kept.some((r) => r.uuid === subject.uuid)).toBe(true);
    const s = readComparable(subject);
    const miles = (r: CmaRecord) => {
      const f = readComparable(r);
      return distanceMiles(s.latitude!, s.longitude!, f.latitude!, f.longitude!);
    };
    const keptIds = new Set(kept.map((r) => r.uuid));
    const farthestKept = Math.max(...kept.map(miles));
    const closestDropped = Math.min(...records.filter((r) => !keptIds.has(r.uuid)).map(miles));
    expect(farthestKept).toBeLessThanOrEqual(closestDropped);
  });

  it("leaves this session's listings out once the stored ones are another CMA's (restored from history)", () => {
    const records = bigImport(MAX_STORED_LISTINGS + 50);
    const state: CmaWorkflowState = { ...initialCmaWorkflowState, ...loadListings(initialCmaWorkflowState, records, { append: false, fromUpload: true }) };
    expect(allListings(state.allCsvData)).toHaveLength(records.length);
    const restored = bigImport(3).map((r, i) => ({ ...r, uuid: `saved-${i}` }));
    expect(allListings(restored).map((r) => r.uuid)).toEqual(['saved-0', 'saved-1', 'saved-2']);
  });
});
