// Long cells: import time must grow in proportion to the text, not its square (issue 20: one 10 MB quoted cell took
// 1.2 s, 20 MB 4.4 s, 200 MB never finished). Two growth checks, each measured in this one run:
//  - rows of many quoted cells just under MAX_FIELD_CHARS (each with line breaks and doubled quotes), 10 MB vs 20 MB
//    of text in one row: the time ratio should be ≈ 2 (it was ≈ 4);
//  - one quoted cell of 10, 20 and 200 MB: the import stops at MAX_FIELD_CHARS, so the time should not grow at all.
// Run: npx tsx scripts/bench/import-long-fields.bench.ts. CPU times, best of RUNS (the machine is shared).
import { parseListingsCsv, type ParseListingsResult } from '../../packages/listings-import/src/index';
import { MAX_FIELD_CHARS } from '../../packages/listings-import/src/tokenizer';

const RUNS = Number(process.argv[2] ?? 3);
const MB = 2 ** 20;
const HEADER = 'Listing ID,Street Name,Close Price,Above Grade Finished Area,Public Remarks';

/** A quoted cell of just under MAX_FIELD_CHARS as written: line breaks and doubled quotes all through it. */
const bigCell = `"${'Roof ""new"",\r\n.'.repeat(Math.floor(MAX_FIELD_CHARS / 16) - 1)}"`;

/** One data row of `megabytes` of big cells (the row is rejected for its cell count; reading it is what is timed). */
function longRowFile(megabytes: number): string {
  const cells = Array.from({ length: Math.ceil((megabytes * MB) / bigCell.length) }, () => bigCell);
  return `${HEADER}\n1,Oak,100000,1000,${cells.join(',')}\n2,Elm,200000,1100,short\n`;
}

function oneCellFile(megabytes: number): string {
  return `${HEADER}\n1,Oak,100000,1000,"${'x'.repeat(megabytes * MB)}"\n2,Elm,200000,1100,short\n`;
}

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Best CPU time over RUNS runs, and the last result (to show what the import said). */
function best(text: string): { ms: number; result: ParseListingsResult } {
  let ms = Infinity;
  let result: ParseListingsResult | undefined;
  for (let i = 0; i < RUNS; i++) ms = Math.min(ms, cpuMs(() => (result = parseListingsCsv(text))));
  return { ms, result: result! };
}

parseListingsCsv(longRowFile(2)); // warm up

const rows10 = best(longRowFile(10));
const rows20 = best(longRowFile(20));
const rowRatio = rows20.ms / rows10.ms;
const linear = (ratio: number) => (ratio <= 2.5 ? 'linear' : 'GROWS FASTER THAN THE TEXT');
console.log(`long rows of ${(bigCell.length / MB).toFixed(2)} MB quoted cells (best of ${RUNS}, CPU)`);
console.log(`  10 MB row: ${rows10.ms.toFixed(0)} ms, 20 MB row: ${rows20.ms.toFixed(0)} ms — ratio ${rowRatio.toFixed(2)}× (≈ 2 when linear): ${linear(rowRatio)}`);
console.log(`  records ${rows20.result.records.length}, first problem: line ${rows20.result.errors[0]?.line}: ${rows20.result.errors[0]?.message}`);

const cells: { megabytes: number; ms: number }[] = [];
let stopped: ParseListingsResult | undefined;
for (const megabytes of [10, 20, 200]) {
  const { ms, result } = best(oneCellFile(megabytes));
  cells.push({ megabytes, ms });
  stopped = result;
}
const cellRatio = cells[1]!.ms / cells[0]!.ms;
console.log(`one quoted cell, stopped at MAX_FIELD_CHARS = ${MAX_FIELD_CHARS.toLocaleString('en-US')} (best of ${RUNS}, CPU)`);
console.log(`  ${cells.map((cell) => `${cell.megabytes} MB: ${cell.ms.toFixed(0)} ms`).join(', ')} — 20 vs 10 MB ratio ${cellRatio.toFixed(2)}×: ${cellRatio <= 1.5 ? 'stops at the limit' : 'READS PAST THE LIMIT'}`);
const error = stopped?.errors[0];
console.log(`  the import says: line ${error?.line}, column ${error?.column}: ${error?.message}`);
console.log(JSON.stringify({
  bench: 'listings-import-long-fields', longRow10MbMs: Math.round(rows10.ms), longRow20MbMs: Math.round(rows20.ms),
  longRowRatio: Number(rowRatio.toFixed(3)), oneCellMs: Object.fromEntries(cells.map((cell) => [`${cell.megabytes}MB`, Math.round(cell.ms)])),
  oneCellRatio: Number(cellRatio.toFixed(3)),
}));
