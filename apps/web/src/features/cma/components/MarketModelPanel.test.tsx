import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { migrateCmaState, readSubject, type ListingRecord, type MarketModelReading } from '@cma/cma';
import { describe, expect, it } from 'vitest';
import { withoutPrice } from '@cma/valuation';
import { listingRecords } from '../market-model/testListings';
import { MarketModelPanel } from './MarketModelPanel';

const NEW_REPORT = migrateCmaState({});
const subjectOf = (record: ListingRecord) => ({ ...withoutPrice(readSubject(record)), id: 'SUBJ' });

describe('Market model estimate on /review', () => {
  it('fits on request, shows the estimate, its drivers, the reconciled value and a range the agent can use', async () => {
    const all = listingRecords(500);
    const subject = subjectOf(all[499]!);
    let used: [number, number] | null = null;
    render(<MarketModelPanel records={() => all.slice(0, 499)} adjustments={NEW_REPORT} subject={subject} asOfDate="2024-12-31" comparables={{ value: 400_000, logSpread: 0.05, count: 5 }} onUseRange={(a, b) => (used = [a, b])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fit the market model' }));
    await waitFor(() => expect(screen.getByTestId('market-model-estimate').textContent).toMatch(/^\$ [\d,]+$/), { timeout: 30_000 });
    expect(screen.getByText(/What moved it most/)).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent).join(' ')).toContain('Above grade finished area');
    expect(screen.getByTestId('market-model-reconciled').textContent).toMatch(/The comparables carry \d+% and the model \d+%, because on \d+ recent sales/);
    fireEvent.click(screen.getByRole('button', { name: /^Use the 80 % likely range/ }));
    expect(used![0]).toBeLessThan(used![1]);
  }, 60_000);

  it("puts the fit into the value and the report, shows or hides it for the client, takes it out, and says when it is stale", async () => {
    const all = listingRecords(500);
    const subject = subjectOf(all[499]!);
    const accepted: (MarketModelReading | null)[] = [];
    function Harness({ asOfDate }: { asOfDate: string }) {
      const [reading, setReading] = useState<MarketModelReading | null>(null);
      return (
        <MarketModelPanel
          records={() => all.slice(0, 499)} adjustments={NEW_REPORT} subject={subject} asOfDate={asOfDate} comparables={{ value: 400_000, logSpread: 0.05, count: 5 }} onUseRange={() => {}}
          accepted={reading}
          acceptedCurrent={reading != null && reading.subjectId === subject.id && reading.asOfDate === asOfDate}
          onAccept={(r) => { accepted.push(r); setReading(r); }}
          onShownToClient={(shown) => setReading((r) => (r ? { ...r, shownToClient: shown } : r))}
        />
      );
    }
    const view = render(<Harness asOfDate="2024-12-31" />);
    fireEvent.click(screen.getByRole('button', { name: 'Fit the market model' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use the market model in the value and the report' }, { timeout: 30_000 }));
    const reading = accepted.at(-1)!;
    expect(reading).toMatchObject({ subjectId: 'SUBJ', asOfDate: '2024-12-31', shownToClient: true, sales: expect.any(Number) });
    expect(screen.getByTestId('market-model-estimate').textContent).toBe(`$ ${Math.round(reading.estimate).toLocaleString('en-US')}`);
    expect(screen.getByTestId('market-model-in-value').textContent).toBe('This estimate is in the value and the report.');

    const status = screen.getByRole('status');
    expect(status.textContent).toContain('In the value and the report:');
    const show = within(status).getByRole('checkbox', { name: 'Show the market model to the client (PDF, live page and e-mail)' }) as HTMLInputElement;
    expect(show.checked).toBe(true);
    fireEvent.click(show);
    expect(show.checked).toBe(false);
    expect(status.textContent).toContain("Hidden from the client: the value stays reconciled with it, but the report does not print the model's estimate or its sentences.");

    // Another valuation date: the reading no longer counts; the agent is told and may remove it.
    view.rerender(<Harness asOfDate="2025-01-31" />);
    expect(screen.getByRole('status').textContent).toContain('fitted for another subject or valuation date (2024-12-31), so it is left out of the value');
    fireEvent.click(screen.getByRole('button', { name: 'Remove the old estimate' }));
    expect(accepted.at(-1)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  }, 60_000);

  it('a fit goes stale when the report\'s adjustments the calibration values with change, not when only its own comparables\' edits do', async () => {
    const all = listingRecords(500);
    const subject = subjectOf(all[499]!);
    const panel = (formulas: Record<string, unknown>) => (
      <MarketModelPanel records={() => all.slice(0, 499)} adjustments={{ ...NEW_REPORT, adjustment_formulas: formulas }} subject={subject} asOfDate="2024-12-31" comparables={{ value: 400_000, logSpread: 0.05, count: 5 }} onUseRange={() => {}} />
    );
    const view = render(panel({}));
    fireEvent.click(screen.getByRole('button', { name: 'Fit the market model' }));
    await waitFor(() => expect(screen.getByTestId('market-model-estimate')).toBeTruthy(), { timeout: 30_000 });
    view.rerender(panel({ cells: { 'uuid-M3': { bedrooms: { amount: 1 } } } }));
    expect(screen.getByTestId('market-model-estimate')).toBeTruthy();
    view.rerender(panel({ weighting: { method: 'equal' } }));
    expect(screen.queryByTestId('market-model-estimate')).toBeNull();
    expect(screen.getByRole('button', { name: 'Fit the market model' })).toBeTruthy();
  }, 60_000);

  it('says why when there are too few sales', async () => {
    const few = listingRecords(500).slice(0, 30);
    render(<MarketModelPanel records={() => few} adjustments={NEW_REPORT} subject={subjectOf(few[0]!)} asOfDate="2024-12-31" comparables={null} onUseRange={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Fit the market model' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The market model needs at least 50 closed sales before the valuation date');
  });
});
