// MLS CSV → property records, fed in chunks so a Web Worker (or the CLI) can stream a 50,000-row file with flat
// memory and report progress: header search under title rows, format detection, cleaning, line numbers,
// duplicates. Nothing here throws on bad input: problems become { line, message }.

import {
  describeRequired, detectFormat, locateHeader, resolveColumns, splitLine, type ColumnMapping, type Delimiter,
} from './headers';
import { REQUIRED_FIELD_GROUPS, csvTypeOf, type CsvType, type FormatOption, type ImportFieldKey } from './import-fields';
import type { PropertyRecord } from './property-record';
import { canIdentifyRows, createRowMapper, type ColumnIndex, type RowMapper } from './row-mapper';
import { ChunkedTokenizer, fieldTooLongMessage, RowCells, tokenize } from './tokenizer';
import { isSerialNumber, serialToDate, NOT_AVAILABLE, type DateSystem } from './values';

export interface ImportError {
  /** 1-based line of the file where the row starts (where the cell starts, when `column` is given). */
  line: number;
  /** 1-based column (characters) of the cell the problem is about, when it is about one cell's place in the file. */
  column?: number;
  message: string;
}

export interface ImportOptions {
  /** Which MLS the file comes from; 'auto' (default) decides from the headers. */
  format?: FormatOption;
  /** Hand-made header → field choices; they win over the aliases. */
  mapping?: ColumnMapping;
  /** Spreadsheet serial dates: 1900-based (Windows Excel), 1904-based (old Mac Excel), or 'auto' (default). */
  dateSystem?: DateSystem | 'auto';
  /** "Now" for telling 1900 from 1904 serial dates; defaults to the current time. */
  referenceDate?: Date;
  /** Called with 0…1 as the text is consumed (parseListingsCsv only). */
  onProgress?(fraction: number): void;
  /** How much text to read before looking for the header row under any title rows (default 64 KB). */
  headerSearchChars?: number;
  /** uuid source for records; defaults to random v4 uuids from crypto.getRandomValues. */
  uuid?: () => string;
  /** Skip and report rows without a Listing Id (a listing database keys listings by it); by default they are kept. */
  requireListingId?: boolean;
}

export interface ImportSummary {
  /** The format in effect: the forced one, or the detected one. */
  format: CsvType;
  detectedFormat: CsvType;
  headers: string[];
  /** 1-based line of the header row (title rows above it are skipped). */
  headerLine: number;
  delimiter: Delimiter;
  mapping: ColumnMapping;
  unmappedRequired: ImportFieldKey[];
  dateSystem: DateSystem;
  /** Data rows read (blank rows not counted). */
  rows: number;
  /** Records produced. */
  kept: number;
}

export interface ImportBatch {
  records: PropertyRecord[];
  errors: ImportError[];
}

export interface ListingsImporter {
  /** Feed the next piece of text; returns the records and problems of the rows completed by it. */
  push(chunk: string): ImportBatch;
  /** No more text: flushes the last row. Further pushes are ignored. */
  finish(): ImportBatch;
  /** Characters consumed so far. */
  readonly consumed: number;
  /** Known once the header row has been read (null before). */
  readonly summary: ImportSummary | null;
}

export interface ParseListingsResult extends ImportSummary {
  records: PropertyRecord[];
  errors: ImportError[];
}

/** Characters of head we wait for before looking for the header row (title rows sit above it). */
const HEAD_CHARS = 64 * 1024;
const HEAD_LINES = 40;
const CHUNK_CHARS = 1 << 20;
const DAY_MS = 86_400_000;

interface WebCryptoSubset {
  getRandomValues(bytes: Uint8Array): Uint8Array;
}

const webCrypto = (globalThis as { crypto?: WebCryptoSubset }).crypto;
const HEX_CODES = Array.from('0123456789abcdef', (char) => char.charCodeAt(0));
const UUID_BATCH = 1024;
const uuidBytes = new Uint8Array(16 * UUID_BATCH);
const uuidCodes: number[] = new Array(36).fill(45); // 45 = '-', kept at 8, 13, 18, 23
let uuidNext = UUID_BATCH;

/**
 * Random v4 uuid from crypto.getRandomValues, drawn 1,024 at a time: randomUUID() per record cost a tenth of the
 * whole import in the bench.
 */
function defaultUuid(): string {
  if (uuidNext === UUID_BATCH) {
    if (webCrypto) webCrypto.getRandomValues(uuidBytes);
    else for (let i = 0; i < uuidBytes.length; i++) uuidBytes[i] = Math.floor(Math.random() * 256);
    uuidNext = 0;
  }
  const offset = 16 * uuidNext++;
  let at = 0;
  for (let i = 0; i < 16; i++) {
    if (at === 8 || at === 13 || at === 18 || at === 23) at++;
    let byte = uuidBytes[offset + i]!;
    if (i === 6) byte = (byte & 0x0f) | 0x40; // version 4
    if (i === 8) byte = (byte & 0x3f) | 0x80; // RFC 4122 variant
    uuidCodes[at++] = HEX_CODES[byte >> 4]!;
    uuidCodes[at++] = HEX_CODES[byte & 15]!;
  }
  return String.fromCharCode.apply(null, uuidCodes);
}

function detectNewline(text: string): '\r\n' | '\n' | '\r' {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (cr >= 0 && (lf < 0 || cr < lf)) return text[cr + 1] === '\n' ? '\r\n' : '\r';
  return '\n';
}

function countOccurrences(text: string, needle: string, end: number): number {
  let count = 0;
  let at = text.indexOf(needle);
  while (at >= 0 && at < end) {
    count += 1;
    at = text.indexOf(needle, at + needle.length);
  }
  return count;
}

/** Split the head into lines with the offset just past each line's terminator. */
function headLines(head: string, newline: string, limit: number): { lines: string[]; ends: number[] } {
  const lines: string[] = [];
  const ends: number[] = [];
  let start = 0;
  while (lines.length < limit) {
    const at = head.indexOf(newline, start);
    if (at < 0) {
      lines.push(head.slice(start));
      ends.push(head.length);
      break;
    }
    lines.push(head.slice(start, at));
    ends.push(at + newline.length);
    start = at + newline.length;
  }
  return { lines, ends };
}

const YEAR_MS = 365.25 * DAY_MS;

/**
 * Old Mac workbooks count days from 1904, so their serials read as 1900-based land four years early. Pick 1904
 * only when it, and not 1900, puts the newest date within the two years before the reference date.
 */
export function chooseDateSystem(newestSerial: number, referenceDate: Date): DateSystem {
  const reference = referenceDate.getTime();
  const recent = (system: DateSystem) => {
    const date = serialToDate(newestSerial, system);
    if (!date) return false;
    const time = Date.UTC(date.year, date.month - 1, date.day);
    return time <= reference + 31 * DAY_MS && time >= reference - 2 * YEAR_MS;
  };
  return recent('1904') && !recent('1900') ? '1904' : '1900';
}

/**
 * The duplicate-check key of a listing id: the number itself for plain digit ids ('3000123', no leading zero,
 * ≤ 15 digits, so distinct ids stay distinct) — a number key skips hashing a new string on every row.
 */
function listingIdKey(listingId: string): string | number {
  const length = listingId.length;
  if (length > 15 || listingId.charCodeAt(0) === 48) return listingId;
  let value = 0;
  for (let at = 0; at < length; at++) {
    const digit = listingId.charCodeAt(at) - 48;
    if (digit < 0 || digit > 9) return listingId;
    value = value * 10 + digit;
  }
  return value;
}

export function createListingsImporter(options: ImportOptions = {}): ListingsImporter {
  let stage: 'head' | 'body' | 'done' = 'head';
  let head = '';
  let consumed = 0;
  let firstChunk = true;
  let summary: ImportSummary | null = null;
  let delimiterCode = 44;
  let headerCount = 0;
  let columns: ColumnIndex | null = null;
  let mapper: RowMapper | null = null;
  /** False when the columns can give no row a Listing Id or address: rows are then counted, not mapped one by one. */
  let rowsIdentifiable = true;
  let dateSystemDecided = options.dateSystem === '1900' || options.dateSystem === '1904';
  let batch: ImportBatch = { records: [], errors: [] };
  const seenListingIds = new Map<string | number, number>();
  const problems: string[] = [];
  let body: ChunkedTokenizer | null = null;
  const headChars = Math.max(1, options.headerSearchChars ?? HEAD_CHARS);

  function startBody(final: boolean): void {
    const newline = detectNewline(head);
    const { lines, ends } = headLines(head, newline, HEAD_LINES);
    // An unfinished last line may be a header cut in half; the header is never the very last line of a head.
    const usable = final || ends[lines.length - 1]! < head.length || lines.length >= HEAD_LINES ? lines : lines.slice(0, -1);
    if (usable.length === 0) return; // not one whole line yet: wait for more text
    const location = locateHeader(usable, options.mapping);
    if (!location) {
      batch.errors.push({ line: 1, message: 'The file is empty: no header row found' });
      stage = 'done';
      return;
    }
    const headers = splitLine(lines[location.lineIndex]!, location.delimiter).map((cell) => cell.replace(/^\uFEFF/, '').trim());
    const detection = detectFormat(headers);
    const format: CsvType = csvTypeOf(options.format) ?? detection.format;
    const resolved = resolveColumns(headers, options.mapping);
    const headerLine = location.lineIndex + 1;
    const dateSystem: DateSystem = options.dateSystem === '1904' ? '1904' : '1900';
    summary = {
      format, detectedFormat: detection.format, headers, headerLine, delimiter: location.delimiter,
      mapping: resolved.mapping, unmappedRequired: resolved.unmappedRequired, dateSystem, rows: 0, kept: 0,
    };
    if (resolved.unmappedRequired.length > 0) {
      batch.errors.push({
        line: headerLine,
        message: `Required columns not recognised: ${describeRequired(resolved.unmappedRequired)}. Map them by hand.`,
      });
    }
    columns = resolved.columns;
    rowsIdentifiable = canIdentifyRows(columns);
    headerCount = headers.length;
    mapper = createRowMapper({ columns, csvType: format, dateSystem, uuid: options.uuid ?? defaultUuid });
    delimiterCode = location.delimiter.charCodeAt(0);
    body = new ChunkedTokenizer(delimiterCode, new RowCells(), onRow);
    body.state.line = headerLine + 1;
    const rest = head.slice(ends[location.lineIndex]!);
    head = '';
    stage = 'body';
    parseBody(rest, final);
  }

  /** Before the first body rows are mapped: their serial dates tell a 1900 workbook from a 1904 one. */
  function decideDateSystem(text: string, final: boolean): void {
    dateSystemDecided = true;
    if (!columns || !mapper || !summary) return;
    const dateColumns = [columns.closeDate, columns.listDate].filter((column) => column >= 0);
    if (dateColumns.length === 0) return;
    let newest = -1;
    tokenize(text, 0, delimiterCode, final, { line: 1, fieldTooLong: null }, new RowCells(), (row) => {
      for (const column of dateColumns) {
        const cell = row.isEmpty(column) ? undefined : row.get(column);
        if (cell && isSerialNumber(cell)) newest = Math.max(newest, Number(cell));
      }
    });
    if (newest < 0) return;
    const system = chooseDateSystem(newest, options.referenceDate ?? new Date());
    mapper.dateSystem = system;
    summary.dateSystem = system;
  }

  function onRow(row: RowCells, line: number): void {
    if (!mapper || !summary || !columns) return;
    if (row.count === 1 && row.isBlank()) return; // blank line
    if ((columns.listingId < 0 || row.isEmpty(columns.listingId)) && row.isBlank()) return; // a row of empty cells
    summary.rows += 1;
    // Every row would fail alike: one problem at the end, not one per row (a 200 MB file held 17 million of them).
    if (!rowsIdentifiable) return;
    if (row.problem) {
      batch.errors.push({ line, message: `${row.problem}; row skipped` });
      return;
    }
    if (row.count !== headerCount) {
      let extraCellsEmpty = row.count > headerCount;
      for (let i = headerCount; extraCellsEmpty && i < row.count; i++) {
        if (!row.isEmpty(i) && row.get(i)!.trim() !== '') extraCellsEmpty = false;
      }
      if (!extraCellsEmpty) {
        batch.errors.push({ line, message: `Row has ${row.count} fields but the header has ${headerCount}; row skipped` });
        return;
      }
    }
    problems.length = 0;
    const record = mapper.map(row, problems);
    if (!record) {
      batch.errors.push({ line, message: `${problems.join('; ')}; row skipped` });
      return;
    }
    const listingId = record['Listing Id'];
    if (listingId !== NOT_AVAILABLE) {
      const key = listingIdKey(listingId);
      const firstLine = seenListingIds.get(key);
      if (firstLine !== undefined) {
        problems.push(`Duplicate Listing Id ${listingId} (first on line ${firstLine}); row skipped`);
        batch.errors.push({ line, message: problems.join('; ') });
        return;
      }
      seenListingIds.set(key, line);
    } else if (options.requireListingId) {
      problems.push('no Listing Id; row skipped');
      batch.errors.push({ line, message: problems.join('; ') });
      return;
    }
    batch.records.push(record);
    summary.kept += 1;
    if (problems.length > 0) batch.errors.push({ line, message: problems.join('; ') });
  }

  function parseBody(chunk: string, final: boolean): void {
    if (!mapper || !body || (body.held === 0 && chunk.length === 0)) return;
    // Nothing is held back before the first body chunk, so the first chunk alone holds the first rows.
    if (!dateSystemDecided && chunk.length > 0) decideDateSystem(chunk, final);
    body.push(chunk, final);
    const tooLong = body.state.fieldTooLong;
    if (tooLong) {
      batch.errors.push({ line: tooLong.line, column: tooLong.column, message: fieldTooLongMessage(tooLong.column) });
      stage = 'done';
    }
  }

  function feed(chunk: string, final: boolean): ImportBatch {
    const result: ImportBatch = { records: [], errors: [] };
    if (stage === 'done') return result;
    batch = result;
    let text = chunk;
    if (firstChunk && text.length > 0) {
      firstChunk = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    consumed += chunk.length;
    if (stage === 'head') {
      head += text;
      if (final || head.length >= headChars || countOccurrences(head, '\n', head.length) + countOccurrences(head, '\r', head.length) >= HEAD_LINES * 2) {
        startBody(final);
      }
    } else {
      parseBody(text, final);
    }
    if (final && summary && !rowsIdentifiable && summary.rows > 0 && !body?.state.fieldTooLong) {
      const rows = summary.rows.toLocaleString('en-US');
      result.errors.push({ line: summary.headerLine, message: `No column gives a Listing Id or a street address, so none of the ${rows} rows can be imported` });
    }
    if (final) stage = 'done';
    return result;
  }

  return {
    push: (chunk) => feed(chunk, false),
    finish: () => feed('', true),
    get consumed() {
      return consumed;
    },
    get summary() {
      return summary;
    },
  };
}

/** A module function, not a closure per import: its optimized code then serves every import (decision 2012). */
function collect(into: ImportBatch, batch: ImportBatch): void {
  for (const record of batch.records) into.records.push(record);
  for (const error of batch.errors) into.errors.push(error);
}

/**
 * A whole import of text handed over in pieces, each batch of records and problems handed to `onBatch` as the rows
 * complete (nothing kept here: a caller that writes them out imports a file of any length in flat memory).
 */
export function importListingsEach(chunks: Iterable<string>, options: ImportOptions, onBatch: (batch: ImportBatch) => void): ImportSummary {
  const importer = createListingsImporter(options);
  for (const chunk of chunks) onBatch(importer.push(chunk));
  onBatch(importer.finish());
  return importer.summary ?? {
    format: csvTypeOf(options.format) ?? 'ReColorado', detectedFormat: 'ReColorado', headers: [], headerLine: 0,
    delimiter: ',', mapping: {}, unmappedRequired: REQUIRED_FIELD_GROUPS.map((group) => group[0]!), dateSystem: options.dateSystem === '1904' ? '1904' : '1900', rows: 0, kept: 0,
  };
}

/**
 * A whole import of text handed over in pieces (a file read piece by piece: its bytes and whole text need never be
 * held), records and problems collected.
 */
export function importListingsChunks(chunks: Iterable<string>, options: ImportOptions = {}): ParseListingsResult {
  const collected: ImportBatch = { records: [], errors: [] };
  const summary = importListingsEach(chunks, options, (batch) => collect(collected, batch));
  return { ...summary, records: collected.records, errors: collected.errors };
}

/** Whole-text import: the same pipeline as the streaming importer, fed in 1 MB slices. */
export function parseListingsCsv(text: string, options: ImportOptions = {}): ParseListingsResult {
  options.onProgress?.(0);
  const result = importListingsChunks(slices(text, options.onProgress), options);
  options.onProgress?.(1);
  return result;
}

function* slices(text: string, onProgress: ImportOptions['onProgress']): Generator<string> {
  for (let start = 0; start < text.length; start += CHUNK_CHARS) {
    yield text.slice(start, start + CHUNK_CHARS);
    onProgress?.(Math.min(1, (start + CHUNK_CHARS) / text.length) * 0.999);
  }
}
