import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ComparePage from './ComparePage';
import { updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { addressOf, asRecords, type CmaRecord } from '../model/records';
import { chooseSubject, loadListings } from '../store/workflow';
import { renderWithStore, sampleRecords, serveLocalApi } from '../testing/renderWithStore';

serveLocalApi();

describe('/compare non-market sales', () => {
  it('lists the short sale and the bank-owned sale the engine left out, with the reason and where it was read, and lets the agent use one anyway', async () => {
    // Neighbours of the subject that sold in the months before it, one a short sale and one bank-owned.
    const base = sampleRecords()[0]!;
    const sale = (n: number, remarks: string): CmaRecord => ({
      ...base, uuid: `sale-${n}`, 'Listing Id': `L-${n}`, properties_address: `${100 + n} Test Street, Denver, CO 80209`, 'Close Date': `0${n}/10/2024`, 'Public-Remarks': remarks,
    });
    const subject = base;
    const shortSale = sale(1, 'Short sale, lender approval required. Sold as is.');
    const reo = sale(2, 'Bank-owned home, cash only.');
    const others = [shortSale, reo, sale(3, 'Fresh paint.'), sale(4, 'Big yard.'), sale(5, 'Near the park.')];
    const view = renderWithStore(<ComparePage />, '/compare');
    act(() => {
      view.store.dispatch(updateCmaWorkflow(loadListings(view.store.getState().cmaWorkflow, [subject, ...others], { append: false, fromUpload: true })));
      view.store.dispatch(updateCmaWorkflow(chooseSubject(view.store.getState().cmaWorkflow, subject)));
    });

    const ranked = await screen.findByRole('list', { name: 'Ranked candidates' });
    expect(within(ranked).queryByText(addressOf(shortSale))).toBeNull();
    expect(within(ranked).queryByText(addressOf(reo))).toBeNull();
    expect(within(ranked).getAllByRole('checkbox')).toHaveLength(3);

    const summary = screen.getByText(/^Left out: 2 non-market sales/);
    expect(summary.textContent).toBe('Left out: 2 non-market sales (short sale, foreclosure or bank-owned (REO) sale)');
    const list = screen.getByRole('list', { name: 'Non-market sales left out' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const shortItem = items.find((li) => li.textContent!.includes(addressOf(shortSale)))!;
    expect(shortItem.textContent).toContain('short sale, not an open-market sale — Remarks: “Short sale, lender approval required”');
    expect(items.find((li) => li.textContent!.includes(addressOf(reo)))!.textContent).toContain('foreclosure or bank-owned (REO) sale, not an open-market sale — Remarks: “Bank-owned home, cash only”');

    fireEvent.click(within(shortItem).getByRole('checkbox', { name: `Use ${addressOf(shortSale)} as a comparable anyway` }));
    expect(asRecords(view.store.getState().cmaWorkflow.comaparables).map((c) => c.uuid)).toEqual([shortSale.uuid]);
    const chosen = screen.getByRole('list', { name: 'Selected comparables outside the filters' });
    expect(chosen.textContent).toContain('Used anyway: short sale, not an open-market sale. Untick to drop it.');
  });
});
