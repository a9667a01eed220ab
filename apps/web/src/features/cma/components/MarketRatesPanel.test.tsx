import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acceptedMarketRates } from '@cma/cma';
import { DEFAULT_ADJUSTMENT_VALUES, deriveMarketRates } from '@cma/valuation';
// The valuation package's synthetic market: prices built from known $/sq ft and $/bedroom.
import { town } from '../../../../../../packages/valuation/test/fixtures';
import { MarketRatesPanel } from './MarketRatesPanel';

describe('MarketRatesPanel', () => {
  // More bedrooms at equal size lower the price here: the measured bedroom rate has the wrong sign.
  const sales = town({ count: 800, perSqft: 150, perBedroom: -12_000, noise: 0.02, seed: 5 });
  const tiers = deriveMarketRates(sales);
  const offered = acceptedMarketRates(tiers);

  it('offers "Use market rate" only for rates the engine would accept, and stores exactly those tiers', async () => {
    const onAccept = vi.fn();
    render(<MarketRatesPanel sales={sales} subject={null} values={DEFAULT_ADJUSTMENT_VALUES} accepted={{}} onAccept={onAccept} />);
    await userEvent.click(screen.getByRole('button', { name: /Derive rates from the 800 loaded sales/ }));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    let enabled = 0;
    for (const row of rows) {
      const button = within(row).getByRole('button', { name: 'Use market rate' }) as HTMLButtonElement;
      if (button.disabled) continue;
      enabled += 1;
      await userEvent.click(button);
      const [style, rates] = onAccept.mock.calls.at(-1)!;
      expect(rates, String(style)).toEqual(offered[style as string]);
    }
    expect(enabled).toBeGreaterThan(0);
    expect(enabled).toBe(Object.keys(offered).length);
    // The wrong-sign bedroom rate is shown with its reason and never offered.
    expect(offered.bedrooms).toBeUndefined();
    const bedrooms = within(table).getByRole('rowheader', { name: 'Bedrooms' }).closest('tr')!;
    expect((within(bedrooms).getByRole('button', { name: 'Use market rate' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
