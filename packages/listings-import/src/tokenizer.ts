// CSV tokenizer that records where each cell starts and ends instead of cutting every cell into a new string:
// the row mapper slices only the cells it maps, and a row costs no array. It also tracks file line numbers.
// RFC 4180 plus what exports really do: CR, LF or CRLF line ends (even mixed), doubled quotes, quoted newlines,
// spaces after a closing quote. Rows may span chunks: an unfinished row is handed back to be fed again.

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

export interface TokenizerState {
  /** 1-based line where the next row starts. */
  line: number;
}

/**
 * Scan `text` from `from` row by row, calling onRow(cells, line) for each complete row. Returns the offset where the
 * first unfinished row begins (text.length when everything was consumed); with `final` the last row is completed.
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
