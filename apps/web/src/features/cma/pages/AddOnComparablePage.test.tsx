import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_MAX_COMPARABLES } from '@cma/report/limits';
import AddOnComparablePage from './AddOnComparablePage';
import { updateCmaWorkflow, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import type { CmaRecord } from '../model/records';
import { chooseSubject, removeComparable, toggleComparable } from '../store/workflow';
import { renderWithStore, sampleRecords, serveLocalApi } from '../testing/renderWithStore';

serveLocalApi();

describe('/addoncomparable', () => {
  it('restores a removed comparable and adds one typed by hand, with its net sales price', () => {
    const records = sampleRecords().filter((r) => typeof r['Net Sales Price'] === 'number');
    const view = renderWithStore(<AddOnComparablePage />, '/addoncomparable');
    const apply = (fn: (s: CmaWorkflowState) => Partial<CmaWorkflowState>) => act(() => void view.store.dispatch(updateCmaWorkflow(fn(view.store.getState().cmaWorkflow))));
    apply((s) => chooseSubject(s, records[0]!));
    apply((s) => toggleComparable(s, records[1]!));
    apply((s) => toggleComparable(s, records[2]!));
    apply((s) => removeComparable(s, records[1]!.uuid));
    expect(view.store.getState().cmaWorkflow.comaparables).toHaveLength(1);

    const restoreCard = screen.getByRole('heading', { name: 'Restore removed comparables' }).parentElement!;
    fireEvent.click(within(restoreCard).getByRole('button', { name: 'Restore' }));
    expect((view.store.getState().cmaWorkflow.comaparables as unknown as CmaRecord[]).map((c) => c.uuid)).toContain(records[1]!.uuid);
    expect(view.store.getState().cmaWorkflow.removedComparables).toHaveLength(0);

    const byHand = screen.getByRole('heading', { name: 'By hand' }).parentElement!;
    const add = within(byHand).getByRole('button', { name: 'Add this comparable' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(within(byHand).getByLabelText('Street number'), { target: { value: '12' } });
    fireEvent.change(within(byHand).getByLabelText('Street name'), { target: { value: 'Elm St' } });
    fireEvent.change(within(byHand).getByLabelText('City'), { target: { value: 'Denver' } });
    fireEvent.change(within(byHand).getByLabelText('Close Price'), { target: { value: '600000' } });
    fireEvent.change(within(byHand).getByLabelText('Concessions'), { target: { value: '5000' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    const comps = view.store.getState().cmaWorkflow.comaparables as unknown as CmaRecord[];
    const manual = comps.find((c) => c.properties_address === '12 Elm St, Denver, CO')!;
    expect(manual).toBeDefined();
    expect(manual['Net Sales Price']).toBe(595000);
    expect(view.store.getState().cmaWorkflow.extraComparables).toHaveLength(1);
  });

  it(`turns adding off once the report has ${REPORT_MAX_COMPARABLES} comparables, the most a report takes`, () => {
    const records = sampleRecords().filter((r) => typeof r['Net Sales Price'] === 'number');
    const view = renderWithStore(<AddOnComparablePage />, '/addoncomparable');
    const apply = (fn: (s: CmaWorkflowState) => Partial<CmaWorkflowState>) => act(() => void view.store.dispatch(updateCmaWorkflow(fn(view.store.getState().cmaWorkflow))));
    apply((s) => chooseSubject(s, records[0]!));
    for (let i = 0; i < REPORT_MAX_COMPARABLES; i++) apply((s) => toggleComparable(s, { ...records[1 + (i % (records.length - 1))]!, uuid: `comp-${i}` }));
    apply((s) => removeComparable(s, 'comp-0'));
    const restoreCard = screen.getByRole('heading', { name: 'Restore removed comparables' }).parentElement!;
    const restore = within(restoreCard).getByRole('button', { name: 'Restore' }) as HTMLButtonElement;
    expect(restore.disabled).toBe(false);
    expect(screen.queryByText(/at most/)).toBeNull();

    apply((s) => toggleComparable(s, { ...records[1]!, uuid: 'one-more' }));
    expect(view.store.getState().cmaWorkflow.comaparables).toHaveLength(REPORT_MAX_COMPARABLES);
    expect(screen.getByRole('status').textContent).toContain(`A report can have at most ${REPORT_MAX_COMPARABLES} comparables.`);
    expect(restore.disabled).toBe(true);
    const byHand = screen.getByRole('heading', { name: 'By hand' }).parentElement!;
    fireEvent.change(within(byHand).getByLabelText('Street number'), { target: { value: '12' } });
    fireEvent.change(within(byHand).getByLabelText('Street name'), { target: { value: 'Elm St' } });
    fireEvent.change(within(byHand).getByLabelText('City'), { target: { value: 'Denver' } });
    fireEvent.change(within(byHand).getByLabelText('Close Price'), { target: { value: '600000' } });
    expect((within(byHand).getByRole('button', { name: 'Add this comparable' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

