import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HISTORY_STATE_KEYS } from '@cma/contracts';
import { CMA_STATE_VERSION } from '@cma/cma';
import { initialCmaWorkflowState, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { restoredFieldsOf, savedStateOf } from './savedState';

const fixture = (name: string) => JSON.parse(readFileSync(path.resolve(__dirname, '../../../../../../packages/cma/test/fixtures', name), 'utf8'));

describe('saved state ⇄ workflow store', () => {
  it.each(['saved-v2-sample.json', 'saved-v2-edited.json'])('%s saves again as it was saved (at the current version): every spec §3 key, the derived ones computed', (name) => {
    const saved = fixture(name);
    const { fields } = restoredFieldsOf(saved);
    const store = { ...initialCmaWorkflowState, ...fields, pdfColor: saved.pdfColor } as CmaWorkflowState;
    // The store keeps the document only; checked, listing_id_arr, count, the addresses and the facts mirror are not in it.
    for (const key of ['checked', 'listing_id_arr', 'count', 'address', 'selectedPropertyAddress', 'selectedAdditionalInfo']) expect(key in store).toBe(false);
    const again = savedStateOf(store);
    expect(Object.keys(again)).toEqual(['version', 'pdfColor', ...HISTORY_STATE_KEYS]);
    // Saved again at the current version (report_data was already in its typed shape); the subject and comparables
    // are marked as counting with their own facts only, as they did when saved (the v3 → v4 migration).
    const keptOwnFacts = (record: object) => ({ factsSuggested: true, ...record });
    expect(again).toEqual({ ...saved, version: CMA_STATE_VERSION, selectedPropertydata: keptOwnFacts(saved.selectedPropertydata), comaparables: saved.comaparables.map(keptOwnFacts) });
  });

  it('the derived keys follow the comparables and the subject', () => {
    const { fields } = restoredFieldsOf(fixture('saved-v2-sample.json'));
    const comps = (fields.comaparables ?? []).slice(0, 2);
    const again = savedStateOf({ ...initialCmaWorkflowState, ...fields, comaparables: comps });
    expect(again).toMatchObject({ count: 2, checked: comps.map((c) => c.uuid), listing_id_arr: comps.map((c) => String(c['Listing Id'])), address: '1234 Elm Street, Denver, CO 80220' });
    expect(savedStateOf({ ...initialCmaWorkflowState, ...fields, selectedPropertydata: null })).toMatchObject({ address: '', selectedPropertyAddress: '', selectedAdditionalInfo: {} });
  });
});
