import { act, fireEvent, screen, within } from '@testing-library/react';
import { derivedKeys } from '@cma/cma';
import { describe, expect, it } from 'vitest';
import ComparePage, { MAX_COMPARABLES } from '../pages/ComparePage';
import { updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { chooseSubject, loadListings } from '../store/workflow';
import { renderWithStore, sampleRecords, serveLocalApi } from '../testing/renderWithStore';

serveLocalApi();

function setUp() {
  const records = sampleRecords();
  const subject = records.find((r) => typeof r.Latitude === 'number' && typeof r['Net Sales Price'] === 'number')!;
  const view = renderWithStore(<ComparePage />, '/compare');
  act(() => {
    view.store.dispatch(updateCmaWorkflow(loadListings(view.store.getState().cmaWorkflow, records, { append: false, fromUpload: true })));
    view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, subject)));
  });
  return { ...view, records, subject };
}

const candidates = () => within(screen.getByRole('list', { name: 'Ranked candidates' })).getAllByRole('listitem').filter((li) => li.classList.contains('cma-candidate'));
const distances = () => screen.getAllByText(/ mi away$/).map((el) => Number(el.textContent!.replace(/ mi away$/, '')));
const months = () => screen.getAllByText(/months before\)$/).map((el) => Number(/\(([\d.]+) months before\)/.exec(el.textContent!)![1]));

describe('candidate filters', () => {
  it('the distance filter keeps only sales within the chosen miles, and widening it finds more', () => {
    setUp();
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: '1' } });
    const near = screen.queryByRole('list', { name: 'Ranked candidates' }) ? candidates().length : 0;
    if (near > 0) for (const d of distances()) expect(d).toBeLessThanOrEqual(1);
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Closed within'), { target: { value: '60' } });
    expect(candidates().length).toBeGreaterThan(near);
    // Ranked best first: every candidate carries its reasons.
    for (const item of candidates()) expect(within(item).getByRole('list', { name: 'Why it ranks here' })).toBeTruthy();
  });

  it('the months filter drops older sales', () => {
    setUp();
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Closed within'), { target: { value: '3' } });
    const recent = screen.queryByRole('list', { name: 'Ranked candidates' }) ? months() : [];
    for (const m of recent) expect(m).toBeLessThanOrEqual(3);
    fireEvent.change(screen.getByLabelText('Closed within'), { target: { value: '60' } });
    expect(months().length).toBeGreaterThan(recent.length);
  });

  it('the size filter keeps sales within ± the chosen percent of the subject', () => {
    setUp();
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Closed within'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: '10' } });
    const shifts = screen.queryAllByText(/^above-grade .* \(([+-]?\d+)%\)$/).map((el) => Number(/\(([+-]?\d+)%\)/.exec(el.textContent!)![1]));
    for (const shift of shifts) expect(Math.abs(shift)).toBeLessThanOrEqual(10);
  });

  it('unticking the Closed status leaves nothing to rank, with an explanation', () => {
    setUp();
    const statusGroup = screen.getByRole('group', { name: 'Status' });
    fireEvent.click(within(statusGroup).getByLabelText('Closed'));
    expect(screen.queryByRole('list', { name: 'Ranked candidates' })).toBeNull();
    expect(screen.getByText(/No closed sale passes these filters/)).toBeTruthy();
  });

  it(`ticking selects comparables into the store, up to ${MAX_COMPARABLES}`, () => {
    const { store } = setUp();
    fireEvent.change(screen.getByLabelText('Distance'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Size'), { target: { value: 'any' } });
    fireEvent.change(screen.getByLabelText('Closed within'), { target: { value: '60' } });
    const boxes = () => within(screen.getByRole('list', { name: 'Ranked candidates' })).getAllByRole('checkbox');
    expect(boxes().length).toBeGreaterThan(MAX_COMPARABLES);
    for (let i = 0; i < MAX_COMPARABLES; i++) fireEvent.click(boxes()[i]!);
    const report = store.getState().cmaWorkflow;
    expect(report.comaparables).toHaveLength(MAX_COMPARABLES);
    expect(derivedKeys(report).checked).toHaveLength(MAX_COMPARABLES);
    expect(derivedKeys(report).count).toBe(MAX_COMPARABLES);
    expect((boxes()[MAX_COMPARABLES] as HTMLInputElement).disabled).toBe(true);
    // Unticking moves it to the removed list, where /addoncomparable can restore it.
    fireEvent.click(boxes()[0]!);
    expect(store.getState().cmaWorkflow.comaparables).toHaveLength(MAX_COMPARABLES - 1);
    expect(store.getState().cmaWorkflow.removedComparables).toHaveLength(1);
  });
});
