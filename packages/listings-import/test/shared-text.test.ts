// SharedText matches cells in place (packed characters, its own hash table): it must always give the cell's cleaned
// text, for any characters, lengths, quoting and number of distinct texts, across chunks.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SharedText } from '../src/shared-text';
import { RowCells, tokenize } from '../src/tokenizer';

const clean = (text: string) => text.trim() || 'blank';

/** Each non-empty cell of each chunk through one SharedText, and what clean(cell text) gives. */
function lookUp(chunks: string[]): { shared: string[]; expected: string[] } {
  const sharedText = new SharedText(clean);
  const shared: string[] = [];
  const expected: string[] = [];
  for (const chunk of chunks) {
    tokenize(chunk, 0, 44, true, { line: 1 }, new RowCells(), (row) => {
      for (let column = 0; column < row.count; column++) {
        if (row.isEmpty(column)) continue;
        shared.push(sharedText.get(row, column));
        expected.push(clean(row.get(column)!));
      }
    });
  }
  return { shared, expected };
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
const vocabulary = fc.constantFrom(
  'Closed', 'Active', ' Closed ', 'closed', 'Denver', 'Dever', 'Aurora', 'Colorado Springs', 'N', 'S', 'CO', '80202', '80203',
  'Carpet, Tile, Wood', 'say "hi"', 'é', 'Zürich', 'naïve café', '😀 emoji', 'Ω', 'a\nb', 'abc', 'abcd', 'abcde', 'abcdefgh', 'abcdefgi',
);

describe('SharedText', () => {
  it('gives every cell its cleaned text, over repeats, lookalikes, quoting, wide characters and chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(vocabulary, fc.string({ maxLength: 10 }), fc.string({ unit: 'binary', maxLength: 5 })), { minLength: 1, maxLength: 6 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (rows, chunkCount) => {
          const lines = rows.map((row) => row.map(csvCell).join(','));
          const chunks = Array.from({ length: chunkCount }, (_, index) => lines.filter((_line, line) => line % chunkCount === index).join('\n'));
          const { shared, expected } = lookUp(chunks);
          expect(shared).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stays right once a column has more distinct texts than it shares, and for huge cells', () => {
    const distinct = Array.from({ length: 3000 }, (_, index) => `Subdivision ${index}`);
    const huge = ['x'.repeat(5000), `${'x'.repeat(4999)}y`, 'é'.repeat(3000)];
    const rows = [...distinct, ...distinct.slice(0, 500), ...huge, ...huge].map((text) => `${text},${text.length % 7}`);
    const { shared, expected } = lookUp([rows.join('\n')]);
    expect(shared).toEqual(expected);
  });

  it.each([
    ['every length around the packing size', ['a', 'ab', 'abc', 'abcd', 'abcde', 'abcdefgh', 'abcdefghi', 'a', 'abcd', 'abcde']],
    ['texts differing only in the last character', ['Subdivision 1', 'Subdivision 2', 'Subdivision 1', 'Subdivision 2']],
    ['the same letters as Latin-1 and wider characters', ['ÿa', 'Ÿa', 'ÿa', 'Ÿa']],
    ['a wide character whose bits would spill into its neighbour', ['\u0001xa', '\u0000Ÿa', '\u0001xa']],
    ['blank markers and padding', ['  ', ' x', 'x ', 'x', ' x']],
  ])('%s', (_name, cells) => {
    const { shared, expected } = lookUp([cells.map(csvCell).join('\n')]);
    expect(shared).toEqual(expected);
  });
});
