// `cma value` (DESIGN.md §6): one JSON line per subject { subject, value, low, high, comps }; logs and the
// back-test accuracy summary go to stderr.
import { readFileSync } from 'node:fs';
import { autoAdjustments, backtestValueOf, cmaBacktestValuer, measureMarket, readComparable, valueAutoCma, type ListingRecord, type MarketContext } from '@cma/cma';
import { parseListingsCsv, type FormatOption } from '@cma/listings-import';
import {
  CandidatePool,
  measurementCutoff,
  runBacktest,
  type ApproachValues,
  type SaleFacts,
  type BacktestSummary,
  type ValueOptions,
  type ZipHalf,
} from '@cma/valuation';

const USAGE = `Usage: cma value --listings FILE.csv (--subject ID ... | --subjects-file FILE | --from DATE --to DATE) [--backtest] --json
  --backtest        comparables only from sales that closed strictly before each subject, none at its address
  --from/--to       with --backtest: every sale closed in this period (yyyy-mm-dd, inclusive) is a subject
  --model on|off    reconcile the comparables with the market model fitted on the earlier sales (default on)
  --zips even|odd   with --backtest: only subjects whose zip code ends in an even (odd) digit; tune on one half
                    and an earlier period, report on the other half and a later period
  --rates market|table   market-derived rates from the loaded sales (default) or the spec's default table only
  --comps N         comparables per subject (default 8)
  --time off|index|paired|derive|RATE  market-conditions adjustment (default: index with market rates, as the app
                    applies it; off with --rates table): index = the paired-sales price index month by
                    month, paired = its straight-line monthly trend, derive = the monthly $/sq ft trend, RATE per
                    month, e.g. 0.005
  --format recolorado|ppar|auto`;

export interface ValueArgs {
  listings: string;
  subjects: string[];
  subjectsFile: string | null;
  backtest: boolean;
  from: string | null;
  to: string | null;
  rates: 'market' | 'table';
  comps: number;
  time: 'off' | 'derive' | 'paired' | 'index' | number;
  format: FormatOption;
  zipHalf: ZipHalf | null;
  model: boolean;
}

class UsageError extends Error {}

export function parseValueArgs(args: readonly string[]): ValueArgs {
  const out: ValueArgs = { listings: '', subjects: [], subjectsFile: null, backtest: false, from: null, to: null, rates: 'market', comps: 8, time: 'off', format: 'auto', zipHalf: null, model: true };
  let timeGiven = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const next = () => {
      const value = args[++i];
      if (value == null || value.startsWith('--')) throw new UsageError(`${arg} needs a value.`);
      return value;
    };
    switch (arg) {
      case '--listings': out.listings = next(); break;
      case '--subject':
        out.subjects.push(next());
        // `--subject A B C`: the IDs that follow, up to the next flag.
        while (args[i + 1] != null && !args[i + 1].startsWith('--')) out.subjects.push(args[++i]);
        break;
      case '--subjects-file': out.subjectsFile = next(); break;
      case '--backtest': out.backtest = true; break;
      case '--json': break;
      case '--from': out.from = isoDate(next(), arg); break;
      case '--to': out.to = isoDate(next(), arg); break;
      case '--rates': {
        const value = next();
        if (value !== 'market' && value !== 'table') throw new UsageError(`--rates must be market or table, not '${value}'.`);
        out.rates = value;
        break;
      }
      case '--comps': {
        const value = Number(next());
        if (!Number.isInteger(value) || value < 1 || value > 50) throw new UsageError('--comps must be a whole number from 1 to 50.');
        out.comps = value;
        break;
      }
      case '--time': {
        const value = next();
        timeGiven = true;
        if (value === 'off' || value === 'derive' || value === 'paired' || value === 'index') out.time = value;
        else if (Number.isFinite(Number(value)) && Math.abs(Number(value)) < 0.2) out.time = Number(value);
        else throw new UsageError(`--time must be off, index, paired, derive or a monthly rate such as 0.005, not '${value}'.`);
        break;
      }
      case '--model': {
        const value = next().toLowerCase();
        if (value !== 'on' && value !== 'off') throw new UsageError(`--model must be on or off, not '${value}'.`);
        out.model = value === 'on';
        break;
      }
      case '--zips': {
        const value = next().toLowerCase();
        if (value !== 'even' && value !== 'odd') throw new UsageError(`--zips must be even or odd, not '${value}'.`);
        out.zipHalf = value;
        break;
      }
      case '--format': {
        const value = next().toLowerCase();
        if (value !== 'recolorado' && value !== 'ppar' && value !== 'auto') throw new UsageError(`--format must be recolorado, ppar or auto, not '${value}'.`);
        out.format = value;
        break;
      }
      case '--help':
      case '-h':
        throw new UsageError('');
      default:
        throw new UsageError(`Unknown option '${arg}'.`);
    }
  }
  if (!out.listings) throw new UsageError('--listings FILE.csv is required.');
  // The app's default, the best measured method (the paired-sales time index), unless told otherwise (decision 2700).
  if (!timeGiven && out.rates === 'market') out.time = 'index';
  const period = out.from != null || out.to != null;
  if (period && !out.backtest) throw new UsageError('--from/--to choose back-test subjects; add --backtest.');
  if (out.zipHalf != null && !out.backtest) throw new UsageError('--zips chooses back-test subjects; add --backtest.');
  if (!out.subjects.length && !out.subjectsFile && !period) throw new UsageError('Give --subject ID, --subjects-file FILE or (with --backtest) --from/--to.');
  return out;
}

function isoDate(value: string, flag: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !Number.isFinite(Date.parse(value))) throw new UsageError(`${flag} must be a date yyyy-mm-dd, not '${value}'.`);
  return value;
}

/** Subject ids from a file: one per line (blank lines and # comments ignored) or a JSON array. */
export function readSubjectIds(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[')) {
    const parsed: unknown = JSON.parse(trimmed);
    if (!Array.isArray(parsed)) throw new Error('The subjects file must be a JSON array of ids or one id per line.');
    return parsed.map(String);
  }
  return trimmed.split(/\r?\n/).map((line) => line.replace(/#.*/, '').trim()).filter(Boolean);
}

export async function run(args: string[]): Promise<number> {
  let options: ValueArgs;
  try {
    options = parseValueArgs(args);
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) process.stderr.write(`cma value: ${error.message}\n`);
      process.stderr.write(`${USAGE}\n`);
      return error.message ? 2 : 0;
    }
    throw error;
  }
  const started = performance.now();
  const text = readFileSync(options.listings, 'utf8');
  const parsed = parseListingsCsv(text, { format: options.format });
  if (parsed.errors.length) process.stderr.write(`cma value: ${parsed.errors.length} row(s) skipped (first: line ${parsed.errors[0].line}: ${parsed.errors[0].message})\n`);
  const sales = parsed.records.map(readComparable);
  const pool = new CandidatePool(sales);
  const byId = new Map(sales.map((s) => [s.id, s]));
  // Each subject is valued as the app values a CMA: its listing records in a document, through valueCma.
  const records = new Map<string, ListingRecord>(parsed.records.map((r, i) => [sales[i].id, r]));
  const recordOf = (id: string) => records.get(id);
  process.stderr.write(`cma value: ${sales.length} records (${pool.size} closed sales) read in ${Math.round(performance.now() - started)} ms\n`);

  const ids = [...options.subjects, ...(options.subjectsFile ? readSubjectIds(readFileSync(options.subjectsFile, 'utf8')) : [])];
  let failures = 0;
  const missing = ids.filter((id) => !byId.has(id));
  for (const id of missing) process.stderr.write(`cma value: subject '${id}' is not in ${options.listings}\n`);
  failures += missing.length;
  const known = ids.filter((id) => byId.has(id));
  const valueOptions: Omit<ValueOptions, 'marketRates'> = { selection: { count: options.comps }, timeAdjustment: options.time };
  const write = (subject: string, line: { value: number; low: number; high: number; comps: string[]; approaches?: ApproachValues }) => process.stdout.write(`${JSON.stringify(jsonLine(subject, line))}\n`);

  if (options.backtest) {
    const soldIds = new Set(pool.sales.map((s) => s.id));
    const notSold = known.filter((id) => !soldIds.has(id));
    for (const id of notSold) process.stderr.write(`cma value: subject '${id}' has no close date or price, so it cannot be back-tested\n`);
    failures += notSold.length;
    const subjectIds = options.from != null || options.to != null ? undefined : known.filter((id) => soldIds.has(id));
    const valuing = performance.now();
    const cpuStart = process.cpuUsage();
    const { results, summary } = runBacktest(pool, {
      ...valueOptions,
      subjectIds,
      from: options.from ?? undefined,
      to: options.to ?? undefined,
      zipHalf: options.zipHalf ?? undefined,
      useMarketRates: options.rates === 'market',
      useMarketModel: options.model,
      // The range is calibrated on recent sales with the model or without it, as the app shows it.
      calibrate: true,
      valueSale: cmaBacktestValuer(recordOf),
    });
    const ms = performance.now() - valuing;
    const cpu = process.cpuUsage(cpuStart);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    for (const r of results) {
      if (r.value == null || r.low == null || r.high == null) {
        failures++;
        process.stderr.write(`cma value: ${r.subjectId}: ${r.error ?? 'no value'}\n`);
        continue;
      }
      write(r.subjectId, { value: r.value, low: r.low, high: r.high, comps: r.comps, approaches: r.approaches });
    }
    process.stderr.write(
      `cma value --backtest: ${summary.subjects} subjects${options.zipHalf ? ` (zip codes ending in an ${options.zipHalf} digit)` : ''}, ${summary.engine.valued} valued in ${(ms / 1000).toFixed(1)} s (${(ms / Math.max(1, summary.subjects)).toFixed(2)} ms each; CPU ${cpuSeconds.toFixed(1)} s)\n${formatBacktestSummary(summary)}`,
    );
    return failures ? 1 : 0;
  }

  // Each subject is valued as the app values it by default: the market measured on the sales before its valuation
  // month (rates, time index, the comparables on recent sales, the model), one measurement per month.
  const latestSale = pool.latestCloseDate() ?? new Date().toISOString().slice(0, 10);
  const measurements = new Map<string, MarketContext | null>();
  for (const id of known) {
    const subject = byId.get(id) as SaleFacts;
    const asOfDate = subject.closeDate ?? latestSale;
    const cutoff = measurementCutoff(asOfDate);
    if (!measurements.has(cutoff)) {
      const measuring = performance.now();
      try {
        const context = measureMarket(pool, { asOfDate, recordOf, fitModel: options.model, marketRates: options.rates === 'market', time: options.time, comparableCount: options.comps });
        measurements.set(cutoff, context);
        const { prepared } = context;
        process.stderr.write(`cma value: market measured before ${cutoff} in ${Math.round(performance.now() - measuring)} ms: ${prepared.calibration.sales} recent sales valued${prepared.model ? `, model fitted on ${prepared.model.sales} sales` : `; no market model (${prepared.modelProblem ?? 'off'})`}\n`);
      } catch (error) {
        measurements.set(cutoff, null);
        process.stderr.write(`cma value: the market before ${cutoff} could not be measured (${error instanceof Error ? error.message : String(error)}); the comparables with the spec's table\n`);
      }
    }
    const context = measurements.get(cutoff) ?? null;
    try {
      const { valuation } = valueAutoCma(pool, {
        subject,
        recordOf,
        asOfDate,
        backtest: false,
        selection: valueOptions.selection,
        adjustments: autoAdjustments(context?.measured ?? { before: cutoff, sales: 0, marketRates: null, monthlyTimeRate: null, monthlyTimeIndex: null }),
        marketModel: context?.prepared ?? null,
      });
      for (const w of valuation.warnings) process.stderr.write(`cma value: ${id}: ${w.message}\n`);
      write(id, backtestValueOf(valuation));
    } catch (error) {
      failures++;
      process.stderr.write(`cma value: ${id}: ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
  return failures ? 1 : 0;
}

/** `cma value --json`'s line: the value and range, the comparables, and each approach's part (issue 27 item 5). */
export function jsonLine(subject: string, v: { value: number; low: number; high: number; comps: string[]; approaches?: ApproachValues }) {
  const a = v.approaches;
  const round2 = (n: number) => Math.round(n * 100) / 100;
  return {
    subject,
    value: v.value,
    low: v.low,
    high: v.high,
    comps: v.comps,
    ...(a
      ? {
          comparables_value: a.comparablesValue,
          comparables_low: a.comparablesLow,
          comparables_high: a.comparablesHigh,
          model_value: a.modelValue == null ? null : Math.round(a.modelValue),
          weights: { comparables: round2(a.comparablesWeight), model: round2(1 - a.comparablesWeight) },
        }
      : {}),
  };
}

/** The back-test's figures as printed by `cma value --backtest` and the bench: accuracy, bias and the range's honesty. */
export function formatBacktestSummary(summary: BacktestSummary): string {
  const pct = (v: number) => `${v.toFixed(1)}%`;
  const line = (name: string, a: BacktestSummary['engine']) =>
    `  ${name} MdAPE ${a.mdape.toFixed(2)}%  within 5% ${pct(a.within5)}  within 10% ${pct(a.within10)}  within 20% ${pct(a.within20)}  mean signed error ${a.meanSignedError >= 0 ? '+' : ''}${a.meanSignedError.toFixed(2)}%`;
  const range = (r: { insideRange: number; medianRangeHalfWidth: number }) =>
    `  range    sale price inside the stated range ${pct(r.insideRange)}  median range width ±${r.medianRangeHalfWidth.toFixed(1)}% of the value\n`;
  const alone = summary.comparablesAlone;
  return (
    `${line('engine  ', summary.engine)}\n` +
    range(summary) +
    (alone ? `${line('comps   ', alone.engine)}  (the comparables alone, with their own range)\n${range(alone)}` : '') +
    `${line('baseline', summary.baseline)}  (median $/sq ft of the 5 nearest similar-size earlier sales)\n`
  );
}
