// Runs the real `cma import` command (bin → tsx → main) as a user would.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CMA = join(ROOT, 'apps/cli/bin/cma.mjs');

async function cma(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CMA, ...args], { cwd: ROOT, maxBuffer: 256 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('cma import', () => {
  it('prints exactly one JSON object { format, rows, records, errors } for the PPAR sample', async () => {
    const { code, stdout } = await cma('import', '--listings', 'samples/ppar-sample.csv', '--json');
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(Object.keys(output)).toEqual(['format', 'rows', 'records', 'errors']);
    expect(output.format).toBe('PPAR');
    expect(output.rows).toBe(30);
    expect(output.records).toHaveLength(30);
    expect(output.errors).toEqual([]);
    expect(output.records[0]).toMatchObject({ 'Listing Id': '5123400', 'Close Price': 1_085_500, 'Net Sales Price': 1_085_500 });
  });

  it('honours --format and reports bad rows with line numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cma-import-'));
    const file = join(dir, 'bad.csv');
    writeFileSync(file, 'Title row\nListing ID,Street Number,Street Name,Close Price,Above Grade Finished Area\n1,5,Oak St,100000,1000\n1,6,Oak St,200000,900\n2,7,Oak St,abc,800\n');
    const { code, stdout } = await cma('import', '--listings', file, '--format', 'ppar', '--json');
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output.format).toBe('PPAR');
    expect(output.rows).toBe(3);
    expect(output.records.map((record: { 'Listing Id': string }) => record['Listing Id'])).toEqual(['1', '2']);
    expect(output.errors).toEqual([
      { line: 4, message: 'Duplicate Listing Id 1 (first on line 3); row skipped' },
      { line: 5, message: "Close Price: 'abc' is not a number" },
    ]);
  });

  it('reads a UTF-32 export (some text editors save one) as it reads the UTF-8 one', async () => {
    const text = readFileSync(join(ROOT, 'samples/ppar-sample.csv'), 'utf8');
    const points = [0xfeff, ...Array.from(text, (char) => char.codePointAt(0)!)];
    const view = new DataView(new ArrayBuffer(4 * points.length));
    points.forEach((point, index) => view.setUint32(4 * index, point, true));
    const file = join(mkdtempSync(join(tmpdir(), 'cma-import-')), 'utf32.csv');
    writeFileSync(file, new Uint8Array(view.buffer));
    const utf32 = await cma('import', '--listings', file, '--json');
    const utf8 = await cma('import', '--listings', 'samples/ppar-sample.csv', '--json');
    expect(utf32.stderr).toMatch(/\(utf-32le\): PPAR/);
    const strip = (stdout: string) => JSON.parse(stdout).records.map(({ uuid: _uuid, ...record }: { uuid: string }) => record);
    expect(strip(utf32.stdout)).toEqual(strip(utf8.stdout));
    expect(JSON.parse(utf32.stdout).errors).toEqual([]);
  });

  it('reads a Windows-1252 export whose first non-ASCII byte comes after the first megabyte read', async () => {
    const rows = Array.from({ length: 30_000 }, (_, index) => `${1000 + index},${index},Oak St,${100_000 + index},1000,Plain remarks`);
    const text = `Listing ID,Street Number,Street Name,Close Price,Above Grade Finished Area,Public Remarks\n${rows.join('\n')}\nX-1,1,Elm St,5,1000,Caf\u00e9 nearby\n`;
    expect(text.length).toBeGreaterThan(1 << 20);
    const file = join(mkdtempSync(join(tmpdir(), 'cma-import-')), 'cp1252.csv');
    writeFileSync(file, Buffer.from(text, 'latin1')); // é is the one byte 0xE9, not UTF-8
    const { code, stdout, stderr } = await cma('import', '--listings', file, '--json');
    expect(code).toBe(0);
    expect(stderr).toMatch(/\(windows-1252\)/);
    const output = JSON.parse(stdout);
    expect(output.records).toHaveLength(30_001);
    expect(output.records.at(-1)['Public-Remarks']).toBe('Caf\u00e9 nearby');
  });

  it('shows a cell\'s escape sequences in problem lines instead of sending them to the terminal', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cma-import-')), 'escapes.csv');
    writeFileSync(file, 'Listing ID,Street Number,Street Name,Close Price,Above Grade Finished Area\n1,5,Oak St,\u001b[2Jabc,1000\n');
    const { stdout } = await cma('import', '--listings', file);
    expect(stdout).toContain("line 2: Close Price: '\\x1b[2Jabc' is not a number");
    expect(stdout).not.toContain('\u001b');
  });

  it('exits quietly with 0 when the reader stops early (`cma import … | head`)', async () => {
    const rows = Array.from({ length: 5000 }, (_, index) => `${1000 + index},${index},Oak St,${100_000 + index},1000`);
    const file = join(mkdtempSync(join(tmpdir(), 'cma-import-')), 'many.csv');
    writeFileSync(file, `Listing ID,Street Number,Street Name,Close Price,Above Grade Finished Area\n${rows.join('\n')}\n`);
    for (const args of [['--json'], []]) {
      const child = spawn(process.execPath, [CMA, 'import', '--listings', file, ...args], { cwd: ROOT });
      let stderr = '';
      child.stderr.on('data', (data: Buffer) => (stderr += data));
      // Like `head -c 100`: take the first piece of output, then close the pipe while the command still writes.
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).not.toMatch(/EPIPE|Error|at /);
      expect(code).toBe(0);
    }
  });

  it('lists the first 1,000 problems and sums up the rest in one entry, so millions of bad rows do not fill memory (issue 30)', async () => {
    // The file shape: one column, every row the same Listing Id (each a duplicate), 2,500 rows here.
    const file = join(mkdtempSync(join(tmpdir(), 'cma-import-')), 'dupes.csv');
    writeFileSync(file, `Listing ID\n${'x\n'.repeat(2500)}`);
    const { code, stdout, stderr } = await cma('import', '--listings', file, '--json');
    expect(code).toBe(0);
    expect(stderr).toMatch(/2500 rows, 1 records, 2500 problems/);
    const output = JSON.parse(stdout);
    expect(output.rows).toBe(2500);
    expect(output.records).toHaveLength(1);
    expect(output.errors).toHaveLength(1001);
    expect(output.errors[0].message).toMatch(/^Required columns not recognised/);
    expect(output.errors[999]).toEqual({ line: 1001, message: 'Duplicate Listing Id x (first on line 2); row skipped' });
    expect(output.errors[1000]).toEqual({ line: 1002, message: '1,500 more problems on lines 1,002 to 2,501 are not listed (only the first 1,000 are)' });
    const human = await cma('import', '--listings', file);
    expect(human.stdout).toContain('Problems: 2500');
    expect(human.stdout).toContain('  … 2450 more (use --json for the first 1,000)');
  });

  it('fails clearly on a missing file or bad options', async () => {
    const missing = await cma('import', '--listings', 'no-such-file.csv', '--json');
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(missing.stderr).toMatch(/cannot read no-such-file\.csv/);
    const badFormat = await cma('import', '--listings', 'samples/ppar-sample.csv', '--format', 'mls');
    expect(badFormat.code).toBe(2);
    expect(badFormat.stderr).toMatch(/--format must be one of recolorado, ppar, auto/);
  });
});
