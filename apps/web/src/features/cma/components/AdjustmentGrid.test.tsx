import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adjustComparable, formatAmount, formatSignedAmount } from '@cma/valuation';
import AdjustmentPage from '../pages/AdjustmentPage';
import { updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { readComparable, readSubject } from '@cma/cma';
import type { CmaRecord } from '../model/records';
import { chooseSubject, toggleComparable } from '../store/workflow';
import { renderWithStore, sampleRecords, serveLocalApi } from '../testing/renderWithStore';

serveLocalApi();

function setUp(compCount = 3, remarks: string[] = []) {
  const records = sampleRecords().map((r, i) => (remarks[i] ? { ...r, 'Public-Remarks': remarks[i] } : r));
  const sold = records.filter((r) => typeof r['Net Sales Price'] === 'number');
  const subject = sold[0]!;
  const comps = sold.slice(1, 1 + compCount);
  const view = renderWithStore(<AdjustmentPage />, '/adjustment');
  act(() => {
    const apply = (fn: (s: ReturnType<typeof view.store.getState>['cmaWorkflow']) => object) => view.store.dispatch(updateCmaWorkflow(fn(view.store.getState().cmaWorkflow)));
    apply((s) => chooseSubject(s, subject));
    for (const comp of comps) apply((s) => toggleComparable(s, comp));
  });
  return { ...view, subject, comps };
}

const engineAdjustment = (subject: CmaRecord, comp: CmaRecord, overrides?: Record<string, { rate?: number }>, disabled: string[] = []) =>
  adjustComparable({ ...readSubject(subject), netSalesPrice: null, listPrice: null }, readComparable(comp), { disabledCategories: disabled }, { overrides });

describe('adjustment grid', () => {
  it('shows, for every comparable, the adjusted price the engine computes', () => {
    const { subject, comps } = setUp();
    for (const comp of comps) {
      expect(screen.getByTestId(`adjusted-${comp.uuid}`).textContent).toBe(formatAmount(engineAdjustment(subject, comp).adjustedPrice));
    }
  });

  it('recomputes a cell, the adjusted price and the value as soon as a rate is typed, and keeps it in the store', () => {
    const { subject, comps, store } = setUp();
    const comp = comps[0]!;
    // A category where subject and comparable differ, so the rate matters.
    const line = engineAdjustment(subject, comp).lines.find((l) => l.status === 'applied' && l.rateSource === 'table')!;
    expect(line).toBeDefined();
    const valueBefore = screen.getByTestId('current-value').textContent;
    const input = screen.getByLabelText(`${line.label} rate for comp 1`);
    const newRate = line.rate! * 2 + 7;
    fireEvent.change(input, { target: { value: String(newRate) } });

    const expected = engineAdjustment(subject, comp, { [line.style]: { rate: newRate } });
    expect(screen.getByTestId(`amount-${comp.uuid}-${line.style}`).textContent).toBe(formatSignedAmount(line.difference! * newRate));
    expect(screen.getByTestId(`adjusted-${comp.uuid}`).textContent).toBe(formatAmount(expected.adjustedPrice));
    expect(screen.getByTestId('current-value').textContent).not.toBe(valueBefore);
    expect((store.getState().cmaWorkflow.adjustment_formulas as { cells: Record<string, Record<string, { rate: number }>> }).cells[comp.uuid]![line.style]).toEqual({ rate: newRate });

    // The reset link returns the cell to the default rate.
    fireEvent.click(screen.getByRole('button', { name: `Reset ${line.label} rate for comp 1 to the default` }));
    expect(screen.getByTestId(`adjusted-${comp.uuid}`).textContent).toBe(formatAmount(engineAdjustment(subject, comp).adjustedPrice));
  });

  it('shows each rate as money and takes a rate typed or pasted with $ and commas', () => {
    const { subject, comps, store } = setUp();
    const comp = comps[0]!;
    const line = engineAdjustment(subject, comp).lines.find((l) => l.status === 'applied' && l.rateSource === 'table')!;
    const input = screen.getByLabelText(`${line.label} rate for comp 1`) as HTMLInputElement;
    expect(input.value).toMatch(/^-?\$\d{1,3}(,\d{3})*(\.\d{1,2})?$/);
    expect(Number(input.value.replace(/[$,]/g, ''))).toBeCloseTo(line.rate!, 2);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '$12,000' } });
    const cells = () => (store.getState().cmaWorkflow.adjustment_formulas as { cells: Record<string, Record<string, { rate: number }>> }).cells;
    expect(cells()[comp.uuid]![line.style]).toEqual({ rate: 12000 });
    fireEvent.blur(input);
    expect(input.value).toBe('$12,000');
    // An emptied box restores the default rate, which it shows again on leaving.
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '' } });
    expect(cells()[comp.uuid]?.[line.style]).toBeUndefined();
    fireEvent.blur(input);
    expect(Number(input.value.replace(/[$,]/g, ''))).toBeCloseTo(line.rate!, 2);
  });

  it('switching a category off zeroes it for every comparable', () => {
    const { subject, comps } = setUp();
    const style = 'above-grade-finished-area';
    fireEvent.click(screen.getByRole('checkbox', { name: 'Use the Above grade finished area adjustment' }));
    for (const comp of comps) {
      expect(screen.getByTestId(`amount-${comp.uuid}-${style}`).textContent).toBe('$ 0');
      expect(screen.getByTestId(`adjusted-${comp.uuid}`).textContent).toBe(formatAmount(engineAdjustment(subject, comp, undefined, [style]).adjustedPrice));
    }
  });

  it('switching a comparable off leaves it at its net sales price', () => {
    const { comps } = setUp();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Apply adjustments to comp 2 on' }));
    expect(screen.getByTestId(`adjusted-${comps[1]!.uuid}`).textContent).toBe(formatAmount(comps[1]!['Net Sales Price'] as number));
  });

  it('colours net and gross % by risk and lists the engine warnings', () => {
    setUp();
    const grid = screen.getByRole('table', { name: 'Adjustment grid' });
    const risks = within(grid).getAllByText(/^(Net|Gross) \d+\.\d%$/);
    expect(risks).toHaveLength(6);
    for (const badge of risks) {
      const percent = Number(badge.textContent!.replace(/[^0-9.]/g, ''));
      const expected = percent <= 10 ? 'risk--green' : percent <= 20 ? 'risk--amber' : 'risk--red';
      expect(badge.className).toContain(expected);
    }
  });

  it('moves between rate cells with Alt + arrow keys', () => {
    setUp();
    const first = screen.getByLabelText('Year Built rate for comp 1');
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown', altKey: true });
    expect(document.activeElement).toBe(screen.getByLabelText('Lot Size rate for comp 1'));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight', altKey: true });
    expect(document.activeElement).toBe(screen.getByLabelText('Lot Size rate for comp 2'));
  });

  it('a typed monthly time rate adds the market-conditions row to every comparable', () => {
    const { comps, store } = setUp();
    fireEvent.change(screen.getByLabelText('Your monthly price change (%)'), { target: { value: '0.5' } });
    expect((store.getState().cmaWorkflow.adjustment_formulas as { monthlyTimeRate: number }).monthlyTimeRate).toBeCloseTo(0.005);
    expect(screen.getByText('Market conditions (time)')).toBeTruthy();
    for (const comp of comps) expect(screen.getByTestId(`amount-${comp.uuid}-market-conditions`)).toBeTruthy();
  });

  it('marks the additional facts read from the listing as suggestions until the agent changes or confirms them', () => {
    const { comps, store } = setUp();
    const stored = () => store.getState().cmaWorkflow.comaparables as unknown as CmaRecord[];
    // The sample's first comparable: no basement column but 0 sq ft below grade, cooling 'None'.
    expect(stored()[0]!.selectedAdditionalInfo).toMatchObject({ 'Basement Type': 'None' });
    expect(stored()[0]!.suggestedFacts).toEqual(expect.arrayContaining(['Basement Type', 'Heating/Cooling']));
    const grid = screen.getByRole('table', { name: 'Adjustment grid' });
    expect(within(grid).getAllByText('suggested').length).toBeGreaterThanOrEqual(2 * comps.length);

    fireEvent.change(screen.getByLabelText('Heating/Cooling of comp 1'), { target: { value: 'Central Air' } });
    expect(stored()[0]!.suggestedFacts).not.toContain('Heating/Cooling');
    expect(stored()[0]!.suggestedFacts).toContain('Basement Type');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm the suggested facts of comp 1' }));
    expect(stored()[0]!.suggestedFacts).toEqual([]);
    expect(stored()[0]!.selectedAdditionalInfo).toMatchObject({ 'Basement Type': 'None', 'Heating/Cooling': 'Central Air' });
  });

  it("prices quality and condition in their own rows: the steps read from the listing, confirmed or changed by the agent, move the amount at once", async () => {
    const { subject, comps, store } = setUp(2, ['Grade 8 home in a quiet street.', 'Grade 7 home, good condition.', 'Solid brick.']);
    const stored = () => store.getState().cmaWorkflow.comaparables as unknown as CmaRecord[];
    const grid = screen.getByRole('table', { name: 'Adjustment grid' });
    // The agent's default steps are loaded into the new report; the comparable's tier (over $1 Million) prices a step at $100,000.
    const quality = await within(grid).findByRole('rowheader', { name: /^Use the Quality adjustment/ });
    const row = quality.closest('tr')!;
    const conditionRow = within(grid).getByRole('rowheader', { name: /^Use the Condition adjustment/ }).closest('tr')!;
    expect(within(row).getByText('From the listing: Remarks: “Grade 7 home, good condition” → Q4')).toBeTruthy();
    expect(within(conditionRow).getByText('From the listing: Remarks: “Grade 7 home, good condition” → C3')).toBeTruthy();
    expect(within(row).getAllByText('Listing: grade 7')).toHaveLength(1);
    const quality1 = screen.getByRole('combobox', { name: 'Quality of comp 1' }) as HTMLSelectElement;
    expect(quality1.value).toBe('4');
    expect((screen.getByRole('combobox', { name: 'Quality of the subject' }) as HTMLSelectElement).value).toBe('3');

    // Subject grade 8 vs comp 1 grade 7: one step better, priced by the agent's default step for the comparable's tier.
    const stepValues = (store.getState().cmaWorkflow.adjustment_formulas as { stepValues: { quality: number[]; condition: number[] } }).stepValues;
    const settings = { stepValues: { quality: stepValues.quality as [number, number, number], condition: stepValues.condition as [number, number, number] } };
    const expectedLine = () => adjustComparable({ ...readSubject(subject), netSalesPrice: null, listPrice: null }, readComparable(stored()[0]!), settings).lines.find((l) => l.style === 'quality')!;
    const amount = () => screen.getByTestId(`amount-${comps[0]!.uuid}-quality`).textContent;
    expect(expectedLine().amount).toBeGreaterThan(0);
    expect(amount()).toBe(formatSignedAmount(expectedLine().amount));
    expect(within(row).getByText(/^1 step worse than the subject × \$ [\d,]+ \(your default\)$/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Confirm Q4 for comp 1' }));
    expect(stored()[0]).toMatchObject({ agentQuality: 4 });
    expect(within(row).getByText('Confirmed, from the listing: Remarks: “Grade 7 home, good condition” → Q4')).toBeTruthy();

    // The agent knows better: comp 1 is Q2. The engine's facts, the grid line and the adjusted price follow at once.
    fireEvent.change(quality1, { target: { value: '2' } });
    expect(stored()[0]!.agentQuality).toBe(2);
    expect(readComparable(stored()[0]!).quality).toBe(2);
    expect(expectedLine().amount).toBeLessThan(0);
    expect(amount()).toBe(formatSignedAmount(expectedLine().amount));
    expect(within(row).getByText('The listing suggested: Remarks: “Grade 7 home, good condition” → Q4')).toBeTruthy();
    const expected = adjustComparable({ ...readSubject(subject), netSalesPrice: null, listPrice: null }, readComparable(stored()[0]!), settings);
    expect(screen.getByTestId(`adjusted-${comps[0]!.uuid}`).textContent).toBe(formatAmount(expected.adjustedPrice));

    // A rate typed in the cell wins for that cell; "Not known" takes the fact out of the comparison.
    fireEvent.change(screen.getByLabelText('Quality rate for comp 1'), { target: { value: '20000' } });
    expect(amount()).toBe(formatSignedAmount(-20_000));
    fireEvent.change(quality1, { target: { value: '' } });
    expect(stored()[0]!.agentQuality).toBeNull();
    expect(amount()).toBe(formatSignedAmount(0));
  });

  it('marks a fact of the subject that no comparable has as not compared, and hides rows no property has data for', () => {
    const view = setUp();
    act(() => {
      const s = view.store.getState().cmaWorkflow;
      const subject = s.selectedPropertydata as unknown as CmaRecord;
      view.store.dispatch(updateCmaWorkflow({ selectedPropertydata: { ...subject, subjectAdditionalInfo: { ...(subject.subjectAdditionalInfo as object), Location: 'Good' } } as never }));
    });
    const locationRow = screen.getByRole('checkbox', { name: 'Use the Location adjustment' }).closest('tr')!;
    expect(within(locationRow).getByText('not compared')).toBeTruthy();
    expect(within(locationRow).getAllByText(/^Not compared/).length).toBe(3);
    // Windows: nothing for the subject or any comparable — hidden, with a switch that shows it.
    expect(screen.queryByRole('checkbox', { name: 'Use the Windows adjustment' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /no property has data for/ }));
    expect(screen.getByRole('checkbox', { name: 'Use the Windows adjustment' })).toBeTruthy();
  });

  it('offers an empty state without comparables', () => {
    renderWithStore(<AdjustmentPage />);
    expect(screen.getByText(/Choose a subject first/)).toBeTruthy();
  });
});
