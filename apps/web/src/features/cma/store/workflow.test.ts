import { describe, expect, it } from 'vitest';
import { derivedKeys } from '@cma/cma';
import { initialCmaWorkflowState, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { formulasOf } from '../model/cmaModel';
import { asRecords, type CmaRecord } from '../model/records';
import { sampleRecords } from '../testing/renderWithStore';
import { setCellOverride, setComparableFacts, setUadSteps, toggleComparable, updateComparable } from './workflow';

const apply = (state: CmaWorkflowState, patch: Partial<CmaWorkflowState>): CmaWorkflowState => ({ ...state, ...patch });
const compOf = (state: CmaWorkflowState, uuid: string) => asRecords(state.comaparables).find((c) => c.uuid === uuid);

describe('ticking comparables on /compare (issue 16 item 4)', () => {
  const [subject, listing, other] = sampleRecords() as [CmaRecord, CmaRecord, CmaRecord];
  const start: CmaWorkflowState = { ...initialCmaWorkflowState, selectedPropertydata: subject, selectedPropertydataUUID: subject.uuid };

  it("re-ticking a comparable brings back the agent's edits to its facts, notes, quality and cells", () => {
    // The page passes the pool's listing record each time it is ticked or unticked.
    let state = apply(start, toggleComparable(start, listing));
    state = apply(state, toggleComparable(state, other));
    state = apply(state, setComparableFacts(state, listing.uuid, { Location: 'Amazing', 'Kitchen Condition': 'Full Update' }));
    state = apply(state, updateComparable(state, listing.uuid, { notes: 'Seller credit of $5,000 at closing' }));
    state = apply(state, setUadSteps(state, listing.uuid, { agentCondition: 2 }));
    state = apply(state, setCellOverride(state, listing.uuid, 'Location', { amount: 12_000 }));
    const edited = compOf(state, listing.uuid)!;

    state = apply(state, toggleComparable(state, listing));
    expect(compOf(state, listing.uuid)).toBeUndefined();
    expect(derivedKeys(state).checked).toEqual([other.uuid]);
    state = apply(state, toggleComparable(state, listing));

    expect(compOf(state, listing.uuid)).toEqual(edited);
    expect(compOf(state, listing.uuid)).toMatchObject({ selectedAdditionalInfo: { Location: 'Amazing', 'Kitchen Condition': 'Full Update' }, notes: 'Seller credit of $5,000 at closing', agentCondition: 2 });
    expect(formulasOf(state.adjustment_formulas).cells?.[listing.uuid]).toEqual({ Location: { amount: 12_000 } });
    expect(derivedKeys(state).checked).toEqual([other.uuid, listing.uuid]);
    expect(derivedKeys(state).count).toBe(2);
    expect(asRecords(state.removedComparables)).toEqual([]);
  });

  it('a first tick starts from the listing, with its suggested facts, and unticking keeps it among the removed ones', () => {
    let state = apply(start, toggleComparable(start, listing));
    const picked = compOf(state, listing.uuid)!;
    expect(picked).toMatchObject({ uuid: listing.uuid, factsSuggested: true, add_adjustment: true });
    state = apply(state, toggleComparable(state, listing));
    expect(asRecords(state.removedComparables)).toEqual([picked]);
    expect(state.comaparables).toEqual([]);
  });
});
