// `cma import --listings FILE.csv [--format recolorado|ppar|auto] --json` (DESIGN.md §6): one JSON object on stdout,
// { format, rows, records, errors }. Without --json a short human summary is printed instead.
import { closeSync, openSync, readSync } from 'node:fs';
import {
  createChunkDecoder, encodingOf, ENCODING_HEAD_BYTES, importListingsChunks, printableText,
  type FormatOption, type ImportOptions, type ParseListingsResult, type TextEncodingName,
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

/** Write the result as one JSON object, record by record, so a 50,000-row file never builds one giant string. */
function writeJson(result: { format: string; rows: number; records: unknown[]; errors: unknown[] }): void {
  const out = process.stdout;
  out.write(`{"format":${JSON.stringify(result.format)},"rows":${result.rows},"records":[`);
  const batch: string[] = [];
  result.records.forEach((record, index) => {
    batch.push((index ? ',' : '') + JSON.stringify(record));
    if (batch.length === 1000) out.write(batch.splice(0).join(''));
  });
  out.write(`${batch.join('')}],"errors":${JSON.stringify(result.errors)}}\n`);
}

/** Bytes read from the file at a time. */
const READ_BYTES = 1 << 20;

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

/**
 * Import a file read 1 MB at a time into the streaming importer: neither its bytes nor its whole text are held (a
 * 200 MB file held both, 400 MB). A file that proves not to be UTF-8 is read again as Windows-1252.
 */
function importFile(file: string, options: ImportOptions): { result: ParseListingsResult; encoding: TextEncodingName } {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(ENCODING_HEAD_BYTES);
    const encoding = encodingOf(head.subarray(0, readSync(fd, head, 0, ENCODING_HEAD_BYTES, 0)));
    try {
      return { result: importListingsChunks(fileText(fd, encoding), options), encoding };
    } catch (error) {
      if (encoding !== 'utf-8' || !(error instanceof TypeError)) throw error;
    }
    return { result: importListingsChunks(fileText(fd, 'windows-1252'), options), encoding: 'windows-1252' };
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
  let imported: ReturnType<typeof importFile>;
  try {
    imported = importFile(parsed.listings, { format: parsed.format });
  } catch (error) {
    if (!(error as NodeJS.ErrnoException).syscall) throw error; // not the file system: a bug, reported as such by main
    process.stderr.write(`cma import: cannot read ${printableText(parsed.listings)}: ${(error as Error).message}\n`);
    return 1;
  }
  const { result, encoding } = imported;
  process.stderr.write(
    `cma import: ${printableText(parsed.listings)} (${encoding}): ${result.format} (detected ${result.detectedFormat}), ` +
      `${result.rows} rows, ${result.records.length} records, ${result.errors.length} problems\n`,
  );
  if (parsed.json) {
    writeJson({ format: result.format, rows: result.rows, records: result.records, errors: result.errors });
  } else {
    const lines = [
      `Format: ${result.format} (detected ${result.detectedFormat}; header on line ${result.headerLine})`,
      `Rows read: ${result.rows}`,
      `Records kept: ${result.records.length}`,
      `Problems: ${result.errors.length}`,
      // Messages quote cells: a file's escape sequences must not reach the terminal (JSON escapes them itself).
      ...result.errors.slice(0, 50).map((error) => `  line ${error.line}: ${printableText(error.message)}`),
    ];
    if (result.errors.length > 50) lines.push(`  … ${result.errors.length - 50} more (use --json for all)`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  // Nothing usable came out of the file: say so through the exit code too.
  return result.records.length === 0 && result.errors.length > 0 ? 1 : 0;
}
