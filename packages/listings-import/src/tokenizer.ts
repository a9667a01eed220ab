// CSV tokenizer that records where each cell starts and ends instead of cutting every cell into a new string:
// the row mapper slices only the cells it maps, and a row costs no array. It also tracks file line numbers.
// RFC 4180 plus what exports really do: CR, LF or CRLF line ends (even mixed), doubled quotes, quoted newlines,
// spaces after a closing quote. Rows may span chunks: ChunkedTokenizer keeps a cut row's pieces and joins them once.

import { keepHiddenClass } from './hidden-classes';
import { parseNumber, type Invalid } from './values';

const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;
const SLASH = 47;
const MINUS = 45;
const DOT = 46;
const ZERO = 48;
const NINE = 57;

const KIND_PLAIN = 0;
const KIND_QUOTED = 1;
const KIND_QUOTED_ESCAPES = 2;

/**
 * The most characters one cell may hold as written (1 MiB; doubled quotes count twice, its own quotes not at all). Excel keeps at most 32,767 characters in a cell and MLS remarks
 * run to a few thousand, so a longer cell is not a listing field: nearly always a quote that is never closed,
 * swallowing the rest of the file. Past it the import stops, so such a file cannot grow one string without bound.
 */
export const MAX_FIELD_CHARS = 1 << 20;

/** Where a cell longer than MAX_FIELD_CHARS starts: 1-based file line, and column (characters) in that line. */
export interface FieldPosition {
  line: number;
  column: number;
}

export function fieldTooLongMessage(column: number): string {
  return `Field starting at column ${column} is longer than ${MAX_FIELD_CHARS.toLocaleString('en-US')} characters (1 MiB), ` +
    'more than any listing field holds (is a quote never closed?); import stopped';
}

/** One row's cells as offsets into the chunk text; valid only during the onRow callback. */
export class RowCells {
  text = '';
  count = 0;
  starts = new Int32Array(64);
  ends = new Int32Array(64);
  kinds = new Uint8Array(64);
  /** Set when the row is malformed (bad or unclosed quotes). */
  problem: string | null = null;

  get(index: number): string | undefined {
    if (index >= this.count) return undefined;
    const value = this.text.slice(this.starts[index]!, this.ends[index]!);
    return this.kinds[index] === KIND_QUOTED_ESCAPES ? value.replace(/""/g, '"') : value;
  }

  /** True when the cell's text is not its span as written: a quoted cell with doubled quotes. */
  hasEscapes(index: number): boolean {
    return this.kinds[index] === KIND_QUOTED_ESCAPES;
  }

  isEmpty(index: number): boolean {
    return index >= this.count || this.starts[index] === this.ends[index];
  }

  /** True when every cell is empty or whitespace. */
  isBlank(): boolean {
    const text = this.text;
    for (let i = 0; i < this.count; i++) {
      for (let at = this.starts[i]!; at < this.ends[i]!; at++) {
        const code = text.charCodeAt(at);
        if (code !== SPACE && code !== TAB) return false;
      }
    }
    return true;
  }

  /** The cell as a number: plain numerals read in place, anything else through parseNumber (V8 string-to-number first). */
  number(index: number): number | null | Invalid {
    if (index >= this.count) return null;
    const start = this.starts[index]!;
    const end = this.ends[index]!;
    if (start === end) return null;
    // [-]digits[.digits] (nearly every numeric cell) is read straight from the text, no substring. With ≤ 15 digits
    // the digits and the power of ten are exact doubles, so one division rounds exactly as Number() does.
    const text = this.text;
    const negative = text.charCodeAt(start) === MINUS;
    let at = negative ? start + 1 : start;
    let digits = 0;
    let value = 0;
    let scale = 1;
    let fraction = false;
    for (; at < end; at++) {
      const code = text.charCodeAt(at);
      if (code >= ZERO && code <= NINE) {
        value = value * 10 + (code - ZERO);
        digits++;
        if (fraction) scale *= 10;
      } else if (code === DOT && !fraction) {
        fraction = true;
      } else {
        break;
      }
    }
    if (at === end && digits > 0 && digits <= 15) {
      if (fraction) value /= scale;
      return negative ? -value : value;
    }
    return parseNumber(this.get(index)!);
  }

  /**
   * A cell written exactly M/D/YYYY (1–2 digit month and day) as the number YYYYMMDD, else -1: the usual date
   * shape, read without a substring so the mapper can look the formatted date up by number.
   */
  usDateKey(index: number): number {
    if (index >= this.count) return -1;
    const text = this.text;
    const end = this.ends[index]!;
    let at = this.starts[index]!;
    let month = 0;
    let day = 0;
    let year = 0;
    let digits = 0;
    for (; at < end && digits < 3; at++, digits++) {
      const digit = text.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      month = month * 10 + digit;
    }
    if (digits === 0 || digits > 2 || at >= end || text.charCodeAt(at) !== SLASH) return -1;
    for (at++, digits = 0; at < end && digits < 3; at++, digits++) {
      const digit = text.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) break;
      day = day * 10 + digit;
    }
    if (digits === 0 || digits > 2 || at >= end || text.charCodeAt(at) !== SLASH) return -1;
    for (at++, digits = 0; at < end; at++, digits++) {
      const digit = text.charCodeAt(at) - 48;
      if (digit < 0 || digit > 9) return -1;
      year = year * 10 + digit;
    }
    return digits === 4 ? year * 10_000 + month * 100 + day : -1;
  }
}

keepHiddenClass(new RowCells());

export interface TokenizerState {
  /** 1-based line where the next row starts. */
  line: number;
  /** Set (and scanning stopped, the row not handed on) when a cell holds more than MAX_FIELD_CHARS. */
  fieldTooLong?: FieldPosition | null;
}

/**
 * Scan `text` from `from` row by row, calling onRow(cells, line) for each complete row. Returns the offset where the
 * first unfinished row begins (text.length when everything was consumed); with `final` the last row is completed.
 * A cell over MAX_FIELD_CHARS sets state.fieldTooLong and returns where its row begins.
 */
export function tokenize(
  text: string,
  from: number,
  delimiter: number,
  final: boolean,
  state: TokenizerState,
  cells: RowCells,
  onRow: (cells: RowCells, line: number) => void,
): number {
  const length = text.length;
  cells.text = text;
  const delimiterChar = String.fromCharCode(delimiter);
  // Next delimiter / LF / CR at or after the current position (text.length when none is left).
  let nextDelimiter = -1;
  let nextLf = -1;
  let nextCr = -1;
  let pos = from;
  while (pos < length) {
    const rowStart = pos;
    const rowLine = state.line;
    let lineBreaks = 0;
    let count = 0;
    cells.problem = null;
    let rowDone = false;
    while (!rowDone) {
      if (count === cells.starts.length) grow(cells);
      if (pos < length && text.charCodeAt(pos) === QUOTE) {
        let search = pos + 1;
        let kind = KIND_QUOTED;
        let close = -1;
        for (;;) {
          close = text.indexOf('"', search);
          if (close < 0) break;
          if (close + 1 < length && text.charCodeAt(close + 1) === QUOTE) {
            kind = KIND_QUOTED_ESCAPES;
            search = close + 2;
            continue;
          }
          break;
        }
        if (close < 0 || (close + 1 >= length && !final)) {
          if (!final) return rowStart; // the closing quote (or what follows it) is in a later chunk
          if (length - (pos + 1) > MAX_FIELD_CHARS) return stopAtLongField(text, rowStart, pos, state);
          cells.starts[count] = pos + 1;
          cells.ends[count] = length;
          cells.kinds[count] = kind;
          count++;
          lineBreaks += countLineBreaks(text, pos + 1, length);
          cells.problem ??= 'Quoted field is never closed';
          pos = length;
          rowDone = true;
          break;
        }
        if (close - (pos + 1) > MAX_FIELD_CHARS) return stopAtLongField(text, rowStart, pos, state);
        cells.starts[count] = pos + 1;
        cells.ends[count] = close;
        cells.kinds[count] = kind;
        count++;
        // Count line breaks inside the quotes only when there is one: most quoted cells are single-line text.
        if (nextLf <= pos) nextLf = indexOrEnd(text, '\n', pos + 1);
        if (nextCr <= pos) nextCr = indexOrEnd(text, '\r', pos + 1);
        if (nextLf < close || nextCr < close) lineBreaks += countLineBreaks(text, pos + 1, close);
        pos = close + 1;
        while (pos < length && text.charCodeAt(pos) === SPACE) pos++;
        if (pos >= length) {
          if (!final) return rowStart;
          rowDone = true;
          break;
        }
        const next = text.charCodeAt(pos);
        if (next === delimiter) {
          pos++;
          continue;
        }
        if (next === LF || next === CR) {
          if (next === CR && pos + 1 >= length && !final) return rowStart; // may be the first half of CRLF
          pos += next === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
          rowDone = true;
          break;
        }
        // Text after a closing quote: keep reading the cell as plain text so the row stays aligned, and say so.
        cells.problem ??= 'Trailing quote on quoted field is malformed';
        let at = pos;
        while (at < length) {
          const code = text.charCodeAt(at);
          if (code === delimiter || code === LF || code === CR) break;
          at++;
        }
        if (at - cells.starts[count - 1]! > MAX_FIELD_CHARS) return stopAtLongField(text, rowStart, cells.starts[count - 1]! - 1, state);
        cells.ends[count - 1] = at;
        pos = at;
        if (pos >= length) {
          if (!final) return rowStart;
          rowDone = true;
        } else if (text.charCodeAt(pos) === delimiter) {
          pos++;
        } else {
          if (text.charCodeAt(pos) === CR && pos + 1 >= length && !final) return rowStart;
          pos += text.charCodeAt(pos) === CR && text.charCodeAt(pos + 1) === LF ? 2 : 1;
          rowDone = true;
        }
        continue;
      }
      // A plain cell ends at the nearest delimiter or line break: found by indexOf (a native scan) and remembered
      // until passed, as papaparse does; a charCodeAt loop over every character was the tokenizer's main cost.
      if (nextDelimiter < pos) nextDelimiter = indexOrEnd(text, delimiterChar, pos);
      if (nextLf < pos) nextLf = indexOrEnd(text, '\n', pos);
      if (nextCr < pos) nextCr = indexOrEnd(text, '\r', pos);
      const at = nextDelimiter < nextLf ? (nextDelimiter < nextCr ? nextDelimiter : nextCr) : nextLf < nextCr ? nextLf : nextCr;
      const code = at < length ? text.charCodeAt(at) : 0;
      if (at >= length && !final) return rowStart;
      if (at - pos > MAX_FIELD_CHARS) return stopAtLongField(text, rowStart, pos, state);
      cells.starts[count] = pos;
      cells.ends[count] = at;
      cells.kinds[count] = KIND_PLAIN;
      count++;
      if (at >= length) {
        pos = length;
        rowDone = true;
      } else if (code === delimiter) {
        pos = at + 1;
        if (pos >= length) {
          if (!final) return rowStart;
          // A delimiter right before the end of the file: one more, empty, cell.
          if (count === cells.starts.length) grow(cells);
          cells.starts[count] = pos;
          cells.ends[count] = pos;
          cells.kinds[count] = KIND_PLAIN;
          count++;
          rowDone = true;
        }
      } else {
        if (code === CR && at + 1 >= length && !final) return rowStart;
        pos = at + (code === CR && text.charCodeAt(at + 1) === LF ? 2 : 1);
        rowDone = true;
      }
    }
    cells.count = count;
    state.line += 1 + lineBreaks;
    onRow(cells, rowLine);
  }
  return length;
}

/** Records where the over-long cell at `fieldStart` begins in the file and stops the scan at its row. */
function stopAtLongField(text: string, rowStart: number, fieldStart: number, state: TokenizerState): number {
  state.fieldTooLong = fieldPosition(text, rowStart, state.line, fieldStart);
  return rowStart;
}

/** File line and column of `fieldStart`, in a row starting at `rowStart` on line `rowLine` (quoted cells may span lines). */
function fieldPosition(text: string, rowStart: number, rowLine: number, fieldStart: number): FieldPosition {
  let lineStart = fieldStart;
  while (lineStart > rowStart && text.charCodeAt(lineStart - 1) !== LF && text.charCodeAt(lineStart - 1) !== CR) lineStart--;
  return { line: rowLine + countLineBreaks(text, rowStart, lineStart), column: fieldStart - lineStart + 1 };
}

/** Offset of the next `char` at or after `from`, or the text's length when there is none (so it is not searched again). */
function indexOrEnd(text: string, char: string, from: number): number {
  const at = text.indexOf(char, from);
  return at < 0 ? text.length : at;
}

function grow(cells: RowCells): void {
  const size = cells.starts.length * 2;
  const starts = new Int32Array(size);
  const ends = new Int32Array(size);
  const kinds = new Uint8Array(size);
  starts.set(cells.starts);
  ends.set(cells.ends);
  kinds.set(cells.kinds);
  cells.starts = starts;
  cells.ends = ends;
  cells.kinds = kinds;
}

/** Line breaks inside a quoted cell (CRLF, LF or CR each count once), so later rows keep their file line numbers. */
function countLineBreaks(text: string, start: number, end: number): number {
  let breaks = 0;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === LF) breaks++;
    else if (code === CR && (at + 1 >= end || text.charCodeAt(at + 1) !== LF)) breaks++;
  }
  return breaks;
}

// Where the scan of a cut row stands at the end of the text seen so far (ChunkedTokenizer).
const SCAN_CELL_START = 0;
const SCAN_PLAIN = 1;
const SCAN_QUOTED = 2;
/** Inside quotes right after a quote: the closing one, or the first of a doubled pair. */
const SCAN_QUOTE_SEEN = 3;
/** After a closing quote, among spaces. */
const SCAN_AFTER_CLOSE = 4;
/** The row ended with CR: an LF right after it belongs to it. */
const SCAN_CR_SEEN = 5;

/**
 * Tokenizes text fed in chunks. Rows are read where they lie in each chunk; a row cut at a chunk's end is kept as
 * pieces and each later chunk is only scanned (from where the last scan stopped) for the row's end, then the pieces
 * are joined once and tokenized: a row or cell many chunks long costs time in proportion to its length, where
 * joining and re-reading it from its start on every chunk cost its length squared.
 */
export class ChunkedTokenizer {
  readonly state: TokenizerState = { line: 1, fieldTooLong: null };
  private pieces: string[] = [];
  /** Characters in `pieces`. */
  private cutLength = 0;
  private scan = SCAN_CELL_START;
  /** Where the cut row's last cell starts, counted from the row's start. */
  private cellStart = 0;

  constructor(
    private readonly delimiter: number,
    private readonly cells: RowCells,
    private readonly onRow: (cells: RowCells, line: number) => void,
  ) {}

  /** Characters of the cut row held back for the next chunk. */
  get held(): number {
    return this.cutLength;
  }

  /** Feed the next chunk (`final`: nothing follows it). Does nothing once state.fieldTooLong is set. */
  push(chunk: string, final: boolean): void {
    if (this.state.fieldTooLong) return;
    let from = 0;
    if (this.cutLength > 0) {
      from = this.finishCutRow(chunk, final);
      if (from < 0) return;
    }
    if (from < chunk.length || final) {
      const end = tokenize(chunk, from, this.delimiter, final, this.state, this.cells, this.onRow);
      this.cells.text = ''; // let the chunk go
      if (end < chunk.length && !this.state.fieldTooLong) this.holdCutRow(chunk.slice(end));
    }
  }

  /** The cut row's end in `chunk` and the row tokenized; -1 while the row goes on past the chunk. */
  private finishCutRow(chunk: string, final: boolean): number {
    let end = this.scanForRowEnd(chunk);
    if (end < 0) {
      this.pieces.push(chunk);
      this.cutLength += chunk.length;
      if (!final) {
        this.checkOpenCell();
        return -1;
      }
      end = chunk.length;
    } else if (end > 0) {
      this.pieces.push(chunk.slice(0, end));
    }
    const row = this.pieces.length === 1 ? this.pieces[0]! : this.pieces.join('');
    this.pieces = [];
    this.cutLength = 0;
    // The row ends exactly at the end of `row` (after its line break, or the end of the file): `final` only lets a
    // closing CR count without waiting for an LF that we know is not there.
    tokenize(row, 0, this.delimiter, true, this.state, this.cells, this.onRow);
    this.cells.text = '';
    return this.state.fieldTooLong ? -1 : end;
  }

  /** Keep the unfinished row `rest` and scan it from its start, so the next chunk is scanned from its end on. */
  private holdCutRow(rest: string): void {
    this.scan = SCAN_CELL_START;
    this.cellStart = 0;
    this.pieces = [];
    this.cutLength = 0;
    const end = this.scanForRowEnd(rest);
    if (end >= 0) throw new Error(`tokenizer: a row cut at ${end} of ${rest.length} ends inside the chunk`); // cannot happen
    this.pieces.push(rest);
    this.cutLength = rest.length;
    this.checkOpenCell();
  }

  /** A cell that has already grown past the limit stops the import now rather than when (if ever) it ends. */
  private checkOpenCell(): void {
    // Less the opening and closing quotes at most, so a cell is never stopped here that tokenize would accept.
    if (this.cutLength - this.cellStart - 2 <= MAX_FIELD_CHARS) return;
    const row = this.pieces.join('');
    this.pieces = [row];
    this.state.fieldTooLong = fieldPosition(row, 0, this.state.line, this.cellStart);
  }

  /**
   * Continues the scan of the cut row over `text`: the offset just past the row's end (after CR, LF or CRLF), or -1
   * when the row goes on. Must agree with tokenize on where rows end (the property tests feed text in random cuts).
   */
  private scanForRowEnd(text: string): number {
    const delimiter = this.delimiter;
    const length = text.length;
    let scan = this.scan;
    let cellStart = this.cellStart - this.cutLength; // relative to `text`
    let at = 0;
    while (at < length) {
      if (scan === SCAN_QUOTED) {
        const quote = text.indexOf('"', at);
        if (quote < 0) {
          at = length;
          break;
        }
        scan = SCAN_QUOTE_SEEN;
        at = quote + 1;
        continue;
      }
      const code = text.charCodeAt(at);
      if (scan === SCAN_CR_SEEN) return code === LF ? at + 1 : at;
      if (code === delimiter) {
        scan = SCAN_CELL_START;
        cellStart = at + 1;
      } else if (code === LF) {
        return at + 1;
      } else if (code === CR) {
        scan = SCAN_CR_SEEN;
      } else if (code === QUOTE && (scan === SCAN_CELL_START || scan === SCAN_QUOTE_SEEN)) {
        scan = SCAN_QUOTED; // an opening quote, or the second of a doubled pair
      } else if (code === SPACE && (scan === SCAN_QUOTE_SEEN || scan === SCAN_AFTER_CLOSE)) {
        scan = SCAN_AFTER_CLOSE;
      } else {
        scan = SCAN_PLAIN; // a plain cell, or text after a closing quote (tokenize reads it as part of the cell)
      }
      at++;
    }
    this.scan = scan;
    this.cellStart = cellStart + this.cutLength;
    return -1;
  }
}

keepHiddenClass(new ChunkedTokenizer(44, new RowCells(), () => {}));
