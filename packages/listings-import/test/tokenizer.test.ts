// The tokenizer and the cell readers that work in place (no substring): checked against plain string code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ChunkedTokenizer, MAX_FIELD_CHARS, RowCells, tokenize } from '../src/tokenizer';
import { parseNumber } from '../src/values';

/** Every row of `text` as its cells' texts, the text fed in pieces cut at `cuts` (as the importer feeds chunks). */
function rowsOf(text: string, delimiter: string, cuts: number[] = []): string[][] {
  const rows: string[][] = [];
  const chunked = new ChunkedTokenizer(delimiter.charCodeAt(0), new RowCells(), (row) => {
    rows.push(Array.from({ length: row.count }, (_, index) => row.get(index)!));
  });
  const ends = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...ends, text.length]) {
    chunked.push(text.slice(start, end), end === text.length);
    start = end;
  }
  return rows;
}

/** A cell as an export writes it: quoted (quotes doubled) when it holds a quote, the delimiter or a line break. */
const quote = (cell: string, delimiter: string) =>
  /["\r\n]/.test(cell) || cell.includes(delimiter) ? `"${cell.replace(/"/g, '""')}"` : cell;

const cellText = fc.oneof(
  fc.constantFrom('', ' ', 'Closed', '1234', '-105.25', 'a,b', 'say "hi"', 'one\ntwo', 'one\r\ntwo', 'cr\rhere', ';', '\t', 'é', '😀', '""'),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.string({ minLength: 200, maxLength: 400 }), // a huge cell spans many short chunks
);

describe('tokenize', () => {
  it('gives back the cells written, whatever the delimiter, line ends, quoting and chunk cuts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cellText, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(',', ';', '\t', '|'),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        (rows, delimiter, newline, trailingNewline, cuts) => {
          // A lone empty cell is a blank line, which is no row; write it quoted so every row survives.
          const lines = rows.map((row) => row.map((cell) => (row.length === 1 && cell === '' ? '""' : quote(cell, delimiter))).join(delimiter));
          const text = lines.join(newline) + (trailingNewline ? newline : '');
          expect(rowsOf(text, delimiter, cuts)).toEqual(rows);
        },
      ),
      { numRuns: 400 },
    );
  });

  it.each([
    ['empty cells', 'a,,c,\n,,,\n', [['a', '', 'c', ''], ['', '', '', '']]],
    ['rows with more and fewer cells', 'a,b,c\nd\ne,f,g,h\n', [['a', 'b', 'c'], ['d'], ['e', 'f', 'g', 'h']]],
    ['CRLF, LF and CR mixed', 'a,b\r\nc,d\ne,f\rg,h', [['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]],
    ['quoted line breaks and doubled quotes', '"x\r\ny","say ""hi"""\n', [['x\r\ny', 'say "hi"']]],
    ['spaces after a closing quote', '"a"  ,b\n', [['a', 'b']]],
    ['a delimiter ending the file', 'a,b,', [['a', 'b', '']]],
  ])('%s', (_name, text, rows) => {
    expect(rowsOf(text, ',')).toEqual(rows);
    expect(rowsOf(text, ',', [1, 3, 5, 8])).toEqual(rows);
  });
});

describe('RowCells.number reads numerals in place exactly as parseNumber reads the cell text', () => {
  const numberOf = (text: string) => {
    let value: unknown;
    tokenize(`${text}\n`, 0, 9, true, { line: 1 }, new RowCells(), (row) => {
      value = row.number(0);
    });
    return value;
  };

  it.each([
    '0', '-0', '7', '1180', '007', '-122.257', '47.5112', '0.130', '.5', '-.5', '5.', '-', '.', '--1', '1.2.3', '1e5', ' 12',
    '123456789012345', '1234567890123456', '99999999999999999', '0.1234567890123456', '$1,234', '-$2,500', '(500)', 'abc',
  ])('%j', (text) => {
    expect(Object.is(numberOf(text), parseNumber(text))).toBe(true);
  });

  it('any numeral-like text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.stringMatching(/^-?\d{0,18}(?:\.\d{0,18})?$/), fc.double().map(String), fc.string({ maxLength: 10 })), (text) => {
        fc.pre(!/[\t\r\n"]/.test(text));
        const inPlace = numberOf(text);
        const expected = parseNumber(text);
        expect(Object.is(inPlace, expected)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('ChunkedTokenizer', () => {
  /** Rows with their file lines, and where scanning stopped on an over-long cell, fed in `chunkChars` pieces. */
  function scan(text: string, chunkChars: number) {
    const rows: { line: number; cells: string[] }[] = [];
    const chunked = new ChunkedTokenizer(44, new RowCells(), (row, line) => {
      rows.push({ line, cells: Array.from({ length: row.count }, (_, index) => row.get(index)!) });
    });
    for (let start = 0; start < text.length; start += chunkChars) chunked.push(text.slice(start, start + chunkChars), false);
    chunked.push('', true);
    return { rows, fieldTooLong: chunked.state.fieldTooLong };
  }

  const messy = fc.array(fc.constantFrom('"', '""', ',', '\n', '\r', '\r\n', ' ', 'x', 'ab'), { maxLength: 40 }).map((parts) => parts.join(''));

  it('ends rows where tokenize over the whole text ends them, malformed quoting included, and keeps their lines', () => {
    fc.assert(
      fc.property(messy, fc.integer({ min: 1, max: 12 }), (text, chunkChars) => {
        const whole: { line: number; cells: string[] }[] = [];
        tokenize(text, 0, 44, true, { line: 1 }, new RowCells(), (row, line) => {
          whole.push({ line, cells: Array.from({ length: row.count }, (_, index) => row.get(index)!) });
        });
        expect(scan(text, chunkChars).rows).toEqual(whole);
      }),
      { numRuns: 2000 },
    );
  });

  it(`reads a cell of exactly MAX_FIELD_CHARS (${MAX_FIELD_CHARS}) characters across 64 KB chunks`, () => {
    const written = 'Roof ""new"",\r\n.'.repeat(MAX_FIELD_CHARS / 16); // 16 characters as written
    expect(written).toHaveLength(MAX_FIELD_CHARS);
    const content = written.replace(/""/g, '"');
    const lineBreaks = MAX_FIELD_CHARS / 16;
    const text = `1,"${written}",x\n2,y,z\n`;
    const { rows, fieldTooLong } = scan(text, 64 * 1024);
    expect(fieldTooLong).toBeNull();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.cells[1]).toBe(content);
    expect(rows[0]!.cells[2]).toBe('x');
    expect(rows[1]).toEqual({ line: 2 + lineBreaks, cells: ['2', 'y', 'z'] });
  });

  it.each([
    ['a quoted cell', (long: string) => `"${long}"`],
    ['a quote never closed', (long: string) => `"${long}`],
    ['a plain cell', (long: string) => long],
  ])('stops at %s one character over the limit, giving the line and column where it starts', (_name, write) => {
    // The long cell starts on line 3, column 8: after a row, and a quoted cell of the same row holding a line break.
    const text = `a,b,c\n1,"two\nlines",${write('x'.repeat(MAX_FIELD_CHARS + 1))}\n3,4,5\n`;
    for (const chunkChars of [text.length, 1 << 20, 64 * 1024, 1000]) {
      const { rows, fieldTooLong } = scan(text, chunkChars);
      expect(fieldTooLong).toEqual({ line: 3, column: 8 });
      expect(rows.map((row) => row.line)).toEqual([1]);
    }
  });
});
