import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { marketMeasurementsOf } from '@cma/cma';
import { DEFAULT_ADJUSTMENT_VALUES, UAD_STEP_DEFAULTS, deriveMarketRates } from '@cma/valuation';
// The valuation package's synthetic market: prices built from known $/sq ft and $/bedroom.
import { town } from '../../../../../../packages/valuation/test/fixtures';
import { MarketRatesPanel } from './MarketRatesPanel';

describe('MarketRatesPanel', () => {
  // More bedrooms at equal size lower the price here: the measured bedroom rate has the wrong sign.
  const sales = town({ count: 800, perSqft: 150, perBedroom: -12_000, noise: 0.02, seed: 5 });
  const tiers = deriveMarketRates(sales);
  const market = marketMeasurementsOf({ before: '2025-01-01', sales: 800, marketRates: tiers, monthlyTimeRate: null, monthlyTimeIndex: null });

  it("shows the market's rates in use beside the agent's, and lets the agent keep their own on any row", async () => {
    const onOwnRate = vi.fn();
    const view = render(<MarketRatesPanel market={market} tiers={tiers} values={DEFAULT_ADJUSTMENT_VALUES} stepValues={UAD_STEP_DEFAULTS} ownRates={[]} onOwnRate={onOwnRate} />);
    const table = screen.getByRole('table');
    expect(within(table).getByText(/Rates measured on 800 closed sales before 2025-01-01/)).toBeTruthy();
    const inUse = within(table).getAllByRole('button', { pressed: true });
    // Every row with a usable rate is in use by default; one click keeps the agent's own.
    expect(inUse.map((b) => b.textContent)).toEqual(Object.keys(market.rates).map(() => 'Market'));
    await userEvent.click(within(table).getByRole('button', { name: /^Above grade finished area: the market rate is in use/ }));
    expect(onOwnRate).toHaveBeenLastCalledWith('above-grade-finished-area', true);

    // The wrong-sign bedroom rate is shown with its reason and never used.
    expect(market.rates.bedrooms).toBeUndefined();
    const bedrooms = within(table).getByRole('rowheader', { name: /Bedrooms/ }).closest('tr')!;
    expect(within(bedrooms).getAllByText('not used').length).toBeGreaterThan(0);
    expect(within(bedrooms).queryByRole('button')).toBeNull();
    expect(bedrooms.textContent).toMatch(/cannot be right/);

    // A row the agent keeps on their own rate says so, and gives the market's back.
    view.rerender(<MarketRatesPanel market={market} tiers={tiers} values={DEFAULT_ADJUSTMENT_VALUES} stepValues={UAD_STEP_DEFAULTS} ownRates={['above-grade-finished-area']} onOwnRate={onOwnRate} />);
    await userEvent.click(screen.getByRole('button', { name: /^Above grade finished area: your rate is in use/ }));
    expect(onOwnRate).toHaveBeenLastCalledWith('above-grade-finished-area', false);
  });
});
