// Valuation bench (DESIGN.md §7): speed of one valuation among 20,000 candidates, and the 2015 back-test of the
// King County sales (comparables only from earlier sales) with its MdAPE beside the naive baseline, from one run.
// Run: npx tsx scripts/bench/valuation.bench.ts [FILE.csv]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseListingsCsv } from '@cma/listings-import';
import { BEST_BACKTEST_OPTIONS, CandidatePool, median, runBacktest, valueSubject, withoutPrice, type BacktestOptions } from '@cma/valuation';
import { formatBacktestSummary, saleFactsOf } from '../../apps/cli/src/commands/value';

const file = resolve(process.argv[2] ?? new URL('../../../shared/datasets/king-county-sales-recolorado.csv', import.meta.url).pathname);
const log = (line: string) => process.stdout.write(`${line}\n`);
// CPU milliseconds (user + system) beside wall time: on a shared machine the wall clock measures the neighbours too.
const cpuMs = (since?: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

const loadStart = performance.now();
const parsed = parseListingsCsv(readFileSync(file, 'utf8'), { format: 'auto' });
const sales = parsed.records.map(saleFactsOf);
log(`valuation bench: ${sales.length} sales from ${file} (read in ${Math.round(performance.now() - loadStart)} ms)`);

// One valuation among 20,000 candidates: selection + adjustments + reconciliation.
const candidates = sales.slice(0, 20_000);
const poolStart = performance.now();
const pool = new CandidatePool(candidates);
const poolMs = performance.now() - poolStart;
const subjects = sales.slice(20_000, 20_400);
const times: number[] = [];
const singleCpu = process.cpuUsage();
for (const subject of subjects) {
  const t = performance.now();
  valueSubject(withoutPrice(subject), pool, { excludeStreetAddress: subject.streetAddress });
  times.push(performance.now() - t);
}
const singleCpuMs = cpuMs(singleCpu) / subjects.length;
times.sort((a, b) => a - b);
const coldStart = performance.now();
valueSubject(withoutPrice(subjects[0]), candidates);
const coldMs = performance.now() - coldStart;
log(`one valuation among ${candidates.length} candidates: median ${median(times).toFixed(2)} ms, p95 ${times[Math.floor(times.length * 0.95)].toFixed(2)} ms (pool built once in ${poolMs.toFixed(1)} ms; cold, pool included: ${coldMs.toFixed(1)} ms); CPU ${singleCpuMs.toFixed(2)} ms per valuation`);

// The 2015 back-test, two configurations measured in the same run: the spec's table, and the default (best measured) method.
// Every choice was made on 2014 sales in zip codes ending in an even digit; the odd half's 2015 sales were never tuned on.
const backtestPool = new CandidatePool(sales);
const configs: [string, BacktestOptions][] = [
  ['spec default table', { useMarketRates: false, selection: { count: 8 } }],
  ['default: market-derived rates + monthly paired-sales time index', { ...BEST_BACKTEST_OPTIONS }],
];
for (const [name, options] of configs) {
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const { summary } = runBacktest(backtestPool, { from: '2015-01-01', to: '2015-12-31', zipHalf: 'odd', ...options });
  const seconds = (performance.now() - start) / 1000;
  const cpuSeconds = cpuMs(cpuStart) / 1000;
  log(`back-test 2015, held-out zip codes (odd last digit) (${name}): ${summary.subjects} sales valued from earlier sales only in ${seconds.toFixed(1)} s — ${((seconds * 1000) / summary.subjects).toFixed(2)} ms per valuation; CPU ${cpuSeconds.toFixed(1)} s, ${((cpuSeconds * 1000) / summary.subjects).toFixed(2)} ms per valuation (market-rate derivation included)`);
  log(formatBacktestSummary(summary).trimEnd());
  log(`  MdAPE ratio engine/baseline ${(summary.engine.mdape / summary.baseline.mdape).toFixed(3)}`);
}
