// `cma import --listings FILE.csv [--format recolorado|ppar|auto] --json` (DESIGN.md §6): one JSON object on stdout,
// { format, rows, records, errors }. Without --json a short human summary is printed instead.
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createChunkDecoder, encodingOf, ENCODING_HEAD_BYTES, importListingsEach, printableText,
  type FormatOption, type ImportBatch, type ImportError, type ImportOptions, type ImportSummary, type TextEncodingName,
} from '@cma/listings-import';

const USAGE = 'Usage: cma import --listings FILE.csv [--format recolorado|ppar|auto] --json';
const FORMATS: readonly FormatOption[] = ['recolorado', 'ppar', 'auto'];

interface ImportArgs {
  listings: string;
  format: FormatOption;
  json: boolean;
}

function parseArgs(args: string[]): ImportArgs | string {
  let listings: string | undefined;
  let format: FormatOption = 'auto';
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => inline ?? args[++i];
    if (flag === '--listings') listings = value();
    else if (flag === '--format') {
      const chosen = value()?.toLowerCase();
      if (!chosen || !FORMATS.includes(chosen as FormatOption)) return `--format must be one of ${FORMATS.join(', ')}`;
      format = chosen as FormatOption;
    } else if (flag === '--json') json = true;
    else return `Unknown option '${arg}'`;
  }
  if (!listings) return '--listings FILE.csv is required';
  return { listings, format, json };
}

/** Problems listed one by one; any after them are counted and summed up in one last entry, so a file of millions of bad rows keeps memory flat. */
export const LISTED_PROBLEMS = 1000;

/** The first LISTED_PROBLEMS problems, and the count and line range of the rest. */
class Problems {
  readonly listed: ImportError[] = [];
  private more = 0;
  private firstMoreLine = 0;
  private lastMoreLine = 0;

  add(problem: ImportError): void {
    if (this.listed.length < LISTED_PROBLEMS) return void this.listed.push(problem);
    if (this.more++ === 0) this.firstMoreLine = problem.line;
    this.lastMoreLine = problem.line;
  }

  get count(): number {
    return this.listed.length + this.more;
  }

  /** The listed problems, then one entry summing up the rest (at the line of the first of them). */
  all(): ImportError[] {
    if (this.more === 0) return this.listed;
    const lines = this.firstMoreLine === this.lastMoreLine ? `line ${this.firstMoreLine}` : `lines ${this.firstMoreLine.toLocaleString('en-US')} to ${this.lastMoreLine.toLocaleString('en-US')}`;
    const message = `${this.more.toLocaleString('en-US')} more problems on ${lines} are not listed (only the first ${LISTED_PROBLEMS.toLocaleString('en-US')} are)`;
    return [...this.listed, { line: this.firstMoreLine, message }];
  }
}

/** Records written out as JSON as they come, 1,000 at a time, to a file of their own (or only counted). */
class RecordSpool {
  count = 0;
  private batch: string[] = [];
  constructor(private readonly fd: number | null) {}

  add(record: unknown): void {
    this.count++;
    if (this.fd === null) return;
    this.batch.push((this.count > 1 ? ',' : '') + JSON.stringify(record));
    if (this.batch.length === 1000) this.flush();
  }

  flush(): void {
    if (this.fd !== null && this.batch.length > 0) writeSync(this.fd, this.batch.splice(0).join(''));
  }
}

/** Writes to stdout, waiting while a slow reader has not taken what was written (a pipe's writes are queued in memory). */
async function print(text: string | Buffer): Promise<void> {
  if (!process.stdout.write(text)) await once(process.stdout, 'drain');
}

/** The result as one JSON object: the spooled records copied through a piece at a time, never one giant string. */
async function writeJson(summary: ImportSummary, spoolFile: string, problems: ImportError[]): Promise<void> {
  await print(`{"format":${JSON.stringify(summary.format)},"rows":${summary.rows},"records":[`);
  const fd = openSync(spoolFile, 'r');
  try {
    for (;;) {
      const piece = Buffer.allocUnsafe(READ_BYTES); // a new one each time: a queued write still holds the last
      const read = readSync(fd, piece, 0, READ_BYTES, null);
      if (read === 0) break;
      await print(piece.subarray(0, read));
    }
  } finally {
    closeSync(fd);
  }
  await print(`],"errors":${JSON.stringify(problems)}}\n`);
}

/** Bytes read from the file at a time: the rows of one piece are imported together (64 KB of one-character rows made
 * 32,000 problems at once; 1 MB made 500,000, a 360 MB peak for the file against 167 MB). */
const READ_BYTES = 64 * 1024;

/** The file's text, decoded piece by piece as it is read from `fd` (from its start). */
function* fileText(fd: number, encoding: TextEncodingName): Generator<string> {
  const decoder = createChunkDecoder(encoding);
  const buffer = Buffer.allocUnsafe(READ_BYTES);
  for (let position = 0; ; ) {
    const read = readSync(fd, buffer, 0, READ_BYTES, position);
    if (read === 0) break;
    position += read;
    yield decoder.decode(buffer.subarray(0, read), false);
  }
  yield decoder.decode(new Uint8Array(0), true);
}

interface Imported {
  summary: ImportSummary;
  encoding: TextEncodingName;
  records: RecordSpool;
  problems: Problems;
}

/**
 * Import a file read 64 KB at a time into the streaming importer: neither its bytes nor its whole text are held (a
 * 200 MB file held both, 400 MB), nor its records (spooled to `spoolFile` with --json, else counted), nor more than
 * LISTED_PROBLEMS problems. A file that proves not to be UTF-8 is read again as Windows-1252.
 */
function importFile(file: string, options: ImportOptions, spoolFile: string | null): Imported {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(ENCODING_HEAD_BYTES);
    const detected = encodingOf(head.subarray(0, readSync(fd, head, 0, ENCODING_HEAD_BYTES, 0)));
    const attempt = (encoding: TextEncodingName): Imported => {
      const spool = spoolFile === null ? null : openSync(spoolFile, 'w');
      try {
        const records = new RecordSpool(spool);
        const problems = new Problems();
        const summary = importListingsEach(fileText(fd, encoding), options, (batch: ImportBatch) => {
          for (const record of batch.records) records.add(record);
          for (const problem of batch.errors) problems.add(problem);
        });
        records.flush();
        return { summary, encoding, records, problems };
      } finally {
        if (spool !== null) closeSync(spool);
      }
    };
    try {
      return attempt(detected);
    } catch (error) {
      if (detected !== 'utf-8' || !(error instanceof TypeError)) throw error;
    }
    return attempt('windows-1252');
  } finally {
    closeSync(fd);
  }
}

export async function run(args: string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`cma import: ${parsed}\n${USAGE}\n`);
    return 2;
  }
  const spoolDir = parsed.json ? mkdtempSync(join(tmpdir(), 'cma-import-spool-')) : null;
  // Also when a reader that stopped early ends the process (bin/cma.mjs exits on EPIPE).
  const removeSpool = () => spoolDir !== null && rmSync(spoolDir, { recursive: true, force: true });
  process.once('exit', removeSpool);
  try {
    const spoolFile = spoolDir === null ? null : join(spoolDir, 'records.json');
    let imported: Imported;
    try {
      imported = importFile(parsed.listings, { format: parsed.format }, spoolFile);
    } catch (error) {
      if (!(error as NodeJS.ErrnoException).syscall) throw error; // not the file system: a bug, reported as such by main
      process.stderr.write(`cma import: cannot read ${printableText(parsed.listings)}: ${(error as Error).message}\n`);
      return 1;
    }
    const { summary, encoding, records, problems } = imported;
    process.stderr.write(
      `cma import: ${printableText(parsed.listings)} (${encoding}): ${summary.format} (detected ${summary.detectedFormat}), ` +
        `${summary.rows} rows, ${records.count} records, ${problems.count} problems\n`,
    );
    if (spoolFile !== null) {
      await writeJson(summary, spoolFile, problems.all());
    } else {
      const shown = problems.listed.slice(0, 50);
      const lines = [
        `Format: ${summary.format} (detected ${summary.detectedFormat}; header on line ${summary.headerLine})`,
        `Rows read: ${summary.rows}`,
        `Records kept: ${records.count}`,
        `Problems: ${problems.count}`,
        // Messages quote cells: a file's escape sequences must not reach the terminal (JSON escapes them itself).
        ...shown.map((error) => `  line ${error.line}: ${printableText(error.message)}`),
      ];
      if (problems.count > shown.length) lines.push(`  … ${problems.count - shown.length} more (use --json for the first ${LISTED_PROBLEMS.toLocaleString('en-US')})`);
      process.stdout.write(`${lines.join('\n')}\n`);
    }
    // Nothing usable came out of the file: say so through the exit code too.
    return records.count === 0 && problems.count > 0 ? 1 : 0;
  } finally {
    removeSpool();
    process.off('exit', removeSpool);
  }
}
