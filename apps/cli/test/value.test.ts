import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseValueArgs, readSubjectIds } from '../src/commands/value';
import { closedSaleRow, RECOLORADO_TEST_HEADER } from './listings-csv';

const run = promisify(execFile);
const CMA = resolve(__dirname, '../bin/cma.mjs');

/** 60 sales on a few streets, $200 per sq ft plus $10,000 a bedroom, closing one every 5 days through 2024. */
function listingsCsv(): string {
  const rows = [RECOLORADO_TEST_HEADER];
  for (let i = 0; i < 60; i++) {
    const area = 1400 + (i % 7) * 150;
    const beds = 2 + (i % 3);
    rows.push(closedSaleRow({
      index: i, zip: '80202', yearBuilt: 1990, area, beds, garage: 2, fireplaces: 1, price: 200 * area + 10_000 * beds,
      closed: new Date(Date.UTC(2024, 0, 2 + i * 5)), lat: (39.7 + (i % 10) * 0.001).toFixed(4), lng: (-105 + Math.floor(i / 10) * 0.001).toFixed(4), view: 'None',
    }));
  }
  return rows.join('\n');
}

describe('cma value', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cma-value-'));
  const csv = join(dir, 'listings.csv');
  writeFileSync(csv, listingsCsv());

  it('prints one JSON line per subject with value, range and comparables', async () => {
    const { stdout } = await run(process.execPath, [CMA, 'value', '--listings', csv, '--subject', 'L59', 'L30', '--json']);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((l) => l.subject)).toEqual(['L59', 'L30']);
    for (const line of lines) {
      // Issue 27 item 5: each approach's part beside the value and range.
      expect(Object.keys(line)).toEqual(['subject', 'value', 'low', 'high', 'comps', 'comparables_value', 'comparables_low', 'comparables_high', 'model_value', 'weights']);
      expect(line.low).toBeLessThanOrEqual(line.value);
      expect(line.high).toBeGreaterThanOrEqual(line.value);
      expect(line.comparables_low).toBeLessThanOrEqual(line.comparables_value);
      expect(line.comparables_high).toBeGreaterThanOrEqual(line.comparables_value);
      expect(line.weights.comparables + line.weights.model).toBeCloseTo(1, 6);
      // The value is the two approaches reconciled by those weights (in logs), or the comparables alone without a model.
      const blended = line.model_value == null ? line.comparables_value : Math.exp(line.weights.comparables * Math.log(line.comparables_value) + line.weights.model * Math.log(line.model_value));
      expect(Math.abs(blended - line.value) / line.value).toBeLessThan(0.01);
      expect(line.comps.length).toBeGreaterThanOrEqual(3);
      expect(line.comps).not.toContain(line.subject);
    }
    // L59: 1,400 + 3 × 150 = 1,850 sq ft, 4 bedrooms → sold for $410,000; the comps say about the same.
    expect(Math.abs(lines[0].value - 410_000) / 410_000).toBeLessThan(0.05);
  }, 60_000);

  it('back-tests from earlier sales only and reports MdAPE beside the baseline', async () => {
    const subjects = join(dir, 'subjects.txt');
    writeFileSync(subjects, '# late sales\nL55\nL56\n\nL57\n');
    const { stdout, stderr } = await run(process.execPath, [CMA, 'value', '--listings', csv, '--subjects-file', subjects, '--backtest', '--rates', 'table', '--json']);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line));
    expect(lines.map((l) => l.subject)).toEqual(['L55', 'L56', 'L57']);
    for (const line of lines) {
      // Ids are in close order, so every comparable has a smaller number than its subject.
      for (const id of line.comps) expect(Number(id.slice(1))).toBeLessThan(Number(line.subject.slice(1)));
    }
    expect(stderr).toMatch(/engine {3}MdAPE \d+\.\d\d% {2}within 5% [\d.]+% {2}within 10% [\d.]+% {2}within 20% [\d.]+% {2}mean signed error [+-]\d+\.\d\d%/);
    expect(stderr).toMatch(/sale price inside the stated range [\d.]+% {2}median range width ±[\d.]+% of the value/);
    expect(stderr).toMatch(/baseline MdAPE \d+\.\d\d%/);
  }, 60_000);

  it('says what is wrong with bad input', async () => {
    await expect(run(process.execPath, [CMA, 'value', '--subject', 'L1'])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--listings FILE.csv is required.') });
    await expect(run(process.execPath, [CMA, 'value', '--listings', csv, '--subject', 'NOPE', '--json'])).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`subject 'NOPE' is not in`) });
  }, 60_000);
});

describe('argument parsing', () => {
  it('reads subjects, flags and the back-test period', () => {
    expect(parseValueArgs(['--listings', 'a.csv', '--subject', 'A', 'B', '--subject', 'C', '--json'])).toMatchObject({ listings: 'a.csv', subjects: ['A', 'B', 'C'], backtest: false });
    expect(parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '2015-01-01', '--to', '2015-12-31', '--time', 'paired', '--comps', '6'])).toMatchObject({ backtest: true, from: '2015-01-01', to: '2015-12-31', time: 'paired', comps: 6 });
    // The best measured method (the monthly paired-sales index), as the app applies it, unless told otherwise.
    expect(parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '2015-01-01']).time).toBe('index');
    expect(parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '2015-01-01', '--time', 'off']).time).toBe('off');
    expect(parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '2015-01-01', '--rates', 'table']).time).toBe('off');
    // Without --backtest too: the app's default.
    expect(parseValueArgs(['--listings', 'a.csv', '--subject', 'A']).time).toBe('index');
    expect(parseValueArgs(['--listings', 'a.csv', '--subject', 'A', '--rates', 'table']).time).toBe('off');
    expect(parseValueArgs(['--listings', 'a.csv', '--subject', 'A', '--time', 'index']).time).toBe('index');
    expect(() => parseValueArgs(['--listings', 'a.csv'])).toThrow('Give --subject ID, --subjects-file FILE or (with --backtest) --from/--to.');
    expect(() => parseValueArgs(['--listings', 'a.csv', '--from', '2015-01-01'])).toThrow('--from/--to choose back-test subjects; add --backtest.');
    expect(() => parseValueArgs(['--listings', 'a.csv', '--subject', 'A', '--comps', '0'])).toThrow('--comps must be a whole number from 1 to 50.');
    expect(() => parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '1/1/2015'])).toThrow("--from must be a date yyyy-mm-dd, not '1/1/2015'.");
    expect(parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '2015-01-01', '--zips', 'ODD']).zipHalf).toBe('odd');
    expect(() => parseValueArgs(['--listings', 'a.csv', '--backtest', '--from', '2015-01-01', '--zips', '3'])).toThrow("--zips must be even or odd, not '3'.");
    expect(() => parseValueArgs(['--listings', 'a.csv', '--subject', 'A', '--zips', 'even'])).toThrow('--zips chooses back-test subjects; add --backtest.');
  });

  it('reads a subjects file as lines or a JSON array', () => {
    expect(readSubjectIds('A\n# note\n\n B \r\nC # trailing')).toEqual(['A', 'B', 'C']);
    expect(readSubjectIds('["A", 2]')).toEqual(['A', '2']);
  });
});
