// Issue 16 item 1: `cma value` and the back-test value each subject through valueCma, the app's one valuation, on
// the CMA document an agent would save with the same subject, comparables and accepted market rates.
import { describe, expect, it, vi } from 'vitest';
import * as valueCmaModule from '../../../packages/cma/src/value-cma';
import { CMA_STATE_VERSION, autoAdjustments, marketModelReadingFor, measureMarket, migrateCmaState, readComparable, valueSavedCma, type CmaValuation, type ListingRecord } from '@cma/cma';
import { parseListingsCsv } from '@cma/listings-import';
import { CandidatePool, withoutPrice } from '@cma/valuation';
import { run } from '../src/commands/value';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closedSaleRow, RECOLORADO_TEST_HEADER } from './listings-csv';

vi.mock('../../../packages/cma/src/value-cma', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../packages/cma/src/value-cma')>();
  return { ...original, valueCma: vi.fn(original.valueCma) };
});

/** 240 sales close together: $200 per sq ft, $10,000 a bedroom, $15,000 a garage space, $8,000 a fireplace, a good view +$25,000. */
function listingsCsv(): string {
  const rows = [RECOLORADO_TEST_HEADER];
  for (let i = 0; i < 240; i++) {
    const area = 1400 + (i % 7) * 150;
    const beds = 2 + (i % 3);
    const garage = i % 4 === 0 ? 1 : 2;
    const fireplaces = i % 5 === 0 ? 0 : 1;
    const view = i % 6 === 0 ? 'Mountain' : 'None';
    const price = 200 * area + 10_000 * beds + 15_000 * garage + 8_000 * fireplaces + (view === 'Mountain' ? 25_000 : 0) + ((i * 7919) % 13) * 1_000;
    rows.push(closedSaleRow({
      index: i, zip: i % 2 === 0 ? '80202' : '80203', yearBuilt: 1985 + (i % 20), area, beds, garage, fireplaces, price,
      closed: new Date(Date.UTC(2023, 0, 2 + i * 3)), lat: (39.7 + (i % 16) * 0.0007).toFixed(4), lng: (-105 + Math.floor(i / 16) * 0.0007).toFixed(4), view,
    }));
  }
  return rows.join('\n');
}

async function runCli(args: string[]): Promise<{ code: number; lines: { subject: string; value: number; low: number; high: number; comps: string[] }[] }> {
  const out: string[] = [];
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true));
  const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await run(args);
    return { code, lines: out.join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) };
  } finally {
    stdout.mockRestore();
    stderr.mockRestore();
  }
}

describe('cma value and the back-test value through valueCma', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cma-value-path-'));
  const csv = join(dir, 'listings.csv');
  const text = listingsCsv();
  writeFileSync(csv, text);
  const records = parseListingsCsv(text, { format: 'auto' }).records as unknown as ListingRecord[];
  const byId = new Map(records.map((r) => [readComparable(r).id, r]));
  const pool = new CandidatePool(records.map(readComparable));

  it.each([
    { name: 'spec table, no time adjustment', args: ['--subject', 'L239', 'L200', 'L120', '--rates', 'table', '--model', 'off'], rates: false, backtest: false },
    { name: 'market rates accepted as on /adjustment', args: ['--subject', 'L239', 'L180', '--rates', 'market', '--model', 'off'], rates: true, backtest: false },
    { name: 'back-test, spec table', args: ['--subject', 'L230', 'L231', 'L232', '--backtest', '--rates', 'table', '--model', 'off'], rates: false, backtest: true },
  ])('$name', async ({ args, rates }) => {
    const valueCma = vi.mocked(valueCmaModule.valueCma);
    valueCma.mockClear();
    const { code, lines } = await runCli(['--listings', csv, ...args, '--json']);
    expect(code).toBe(0);
    const subjects = args.slice(1, args.findIndex((a, i) => i > 0 && a.startsWith('--')));
    expect(lines.map((l) => l.subject)).toEqual(subjects);
    // Each printed line is valueCma's value and engine range for that subject (its last call: the recent sales that
    // measure the range are valued through valueCma too, before it).
    const results = valueCma.mock.results.map((r) => r.value as CmaValuation);
    for (const line of lines) {
      const own = results.filter((r) => r.subject?.['Listing Id'] === line.subject).at(-1)!;
      expect([line.value, line.low, line.high]).toEqual([own.value, own.engineRange?.start, own.engineRange?.end]);
    }

    // The app's saved document for the same subject and comparables, with the market measured as /review's worker
    // measures it, values to the same figures.
    for (const line of lines) {
      const subject = byId.get(line.subject)!;
      const asOfDate = readComparable(subject).closeDate!;
      const { measured, prepared } = measureMarket(pool, { asOfDate, recordOf: (id) => byId.get(id), fitModel: false, marketRates: rates, time: rates ? 'index' : 'off' });
      if (rates) expect(Object.keys(autoAdjustments(measured).adjustment_formulas.market as object).length).toBeGreaterThan(0);
      const blind = withoutPrice(readComparable(subject));
      const saved = migrateCmaState({
        version: CMA_STATE_VERSION, // saved by today's app: the chosen listings count with their export's suggested facts
        selectedPropertydata: subject,
        comaparables: line.comps.map((id) => byId.get(id)),
        ...autoAdjustments(measured),
        adjustment_formulas: { ...autoAdjustments(measured).adjustment_formulas, marketModel: marketModelReadingFor(prepared, blind, asOfDate, `${asOfDate}T00:00:00.000Z`) },
      });
      const app = valueSavedCma(saved);
      expect({ value: line.value, low: line.low, high: line.high }).toEqual({ value: app.value, low: app.engineRange?.start, high: app.engineRange?.end });
    }
  }, 120_000);
});
