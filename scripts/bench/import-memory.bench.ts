// Import memory: peak RSS of `cma import` on a generated 200 MB one-column file (issue 20: 2.2 GB). Each import runs
// in its own process (peak RSS is per process), with scripts/bench/max-rss.mjs reporting it on exit.
//   - `cma import` (reads the file 1 MB at a time into the streaming importer);
//   - the whole-file path the admin loader and the browser take (bytes, then the whole text, then parseListingsCsv);
//   - the CLI on a 30-row sample: the floor (Node, tsx, the packages).
// Run: npx tsx scripts/bench/import-memory.bench.ts [megabytes]
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeListingsBytes, parseListingsCsv } from '../../packages/listings-import/src/index';

const PRELOAD = new URL('./max-rss.mjs', import.meta.url).href;

if (process.argv[2] === '--whole-file') {
  // Child: the whole-file import of argv[3].
  const result = parseListingsCsv(decodeListingsBytes(readFileSync(process.argv[3]!)).text);
  console.log(`${result.rows} rows, ${result.records.length} records, ${result.errors.length} problems`);
} else {
  const megabytes = Number(process.argv[2] ?? 200);
  const dir = mkdtempSync(join(tmpdir(), 'cma-import-memory-'));
  try {
    const file = join(dir, 'one-column.csv');
    writeOneColumnFile(file, megabytes);
    // Issue 30's file: 2,000,000 one-character rows under 'Listing ID' (4 MB), every row after the first a duplicate,
    // so every row is a problem (1.18 GB before the problems after the first 1,000 were only counted).
    const duplicates = join(dir, 'duplicate-ids.csv');
    writeFileSync(duplicates, `Listing ID\n${'x\n'.repeat(2_000_000)}`);
    const runs = [
      { name: 'cma import --json, 2,000,000 duplicate rows (4 MB)', args: ['apps/cli/bin/cma.mjs', 'import', '--listings', duplicates, '--json'] },
      { name: `cma import, ${megabytes} MB one-column file`, args: ['apps/cli/bin/cma.mjs', 'import', '--listings', file] },
      { name: `whole-file path, same file`, args: ['--import', 'tsx', 'scripts/bench/import-memory.bench.ts', '--whole-file', file] },
      { name: 'cma import, 30-row sample (floor)', args: ['apps/cli/bin/cma.mjs', 'import', '--listings', 'samples/ppar-sample.csv'] },
    ];
    const figures: Record<string, number> = {};
    console.log(`import memory: peak RSS per process (${megabytes} MB file of one unmapped column, ${(megabytes * 85_000).toLocaleString('en-US')} rows or so)`);
    for (const run of runs) {
      const started = performance.now();
      const child = spawnSync(process.execPath, ['--import', PRELOAD, ...run.args], { encoding: 'utf8', maxBuffer: 2 ** 30 });
      const kb = Number(/max-rss-kb (\d+)/.exec(child.stderr)?.[1]);
      if (!kb) throw new Error(`${run.name}: no peak RSS reported (exit ${child.status}): ${child.stderr.slice(-500)}`);
      figures[run.name] = Math.round(kb / 1024);
      console.log(`  ${run.name.padEnd(52)} ${String(Math.round(kb / 1024)).padStart(5)} MB peak RSS, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    console.log(JSON.stringify({ bench: 'listings-import-memory', megabytes, peakRssMb: figures }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One column no field maps to ('Remarks'), short cells: the shape of the file. */
function writeOneColumnFile(file: string, megabytes: number): void {
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, 'Remarks\n');
    let row = 0;
    for (let written = 0; written < megabytes * 2 ** 20; ) {
      const lines: string[] = [];
      for (let i = 0; i < 10_000; i++) lines.push(`row ${row++}`);
      written += writeSync(fd, `${lines.join('\n')}\n`);
    }
  } finally {
    closeSync(fd);
  }
}
