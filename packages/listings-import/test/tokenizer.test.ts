// The tokenizer and the cell readers that work in place (no substring): checked against plain string code.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RowCells, tokenize } from '../src/tokenizer';
import { parseNumber } from '../src/values';

/** Every row of `text` as its cells' texts, the text fed in pieces cut at `cuts` (as the importer feeds chunks). */
function rowsOf(text: string, delimiter: string, cuts: number[] = []): string[][] {
  const rows: string[][] = [];
  const cells = new RowCells();
  const state = { line: 1 };
  let partial = '';
  const ends = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...ends, text.length]) {
    const chunk = partial + text.slice(start, end);
    const final = end === text.length;
    const used = tokenize(chunk, 0, delimiter.charCodeAt(0), final, state, cells, (row) => {
      rows.push(Array.from({ length: row.count }, (_, index) => row.get(index)!));
    });
    partial = chunk.slice(used);
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
