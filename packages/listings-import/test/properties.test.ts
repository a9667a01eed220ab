// fast-check: no input crashes the import; problems come back as { line, message } only; chunking never matters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeListingsBytes } from '../src/decode';
import { createListingsImporter, parseListingsCsv, type ImportBatch } from '../src/importer';
import { parseDate, parseNumber } from '../src/values';

const HEADER = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Above Grade Finished Area,Close Price,Close Date,Public Remarks';

/** Cells drawn from the characters that make CSV hard: delimiters, quotes, newlines, digits, money, dates. */
const cell = fc.oneof(
  fc.stringMatching(/^[0-9$,.E+\- ]{0,8}$/),
  fc.constantFrom('', '"', '""', '"a,b"', '"x\ny"', '\r', '\n', ';', '\t', '1.23E+06', '$1,234', '45366', '3/15/2024', 'N/A', '\uFEFF'),
  fc.string({ maxLength: 12 }),
);
const messyCsv = fc
  .array(fc.array(cell, { minLength: 0, maxLength: 13 }), { maxLength: 25 })
  .map((rows) => `${HEADER}\n${rows.map((row) => row.join(',')).join(fc.sample(fc.constantFrom('\n', '\r\n'), 1)[0])}`);

function checkResult(result: ReturnType<typeof parseListingsCsv>) {
  for (const error of result.errors) {
    expect(Number.isInteger(error.line) && error.line >= 1).toBe(true);
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
  }
  expect(result.records.length).toBeLessThanOrEqual(result.rows);
  for (const record of result.records) {
    expect(record.add_adjustment).toBe(true);
    for (const value of Object.values(record)) expect(value).not.toBeUndefined();
  }
}

describe('properties', () => {
  it('any string imports without throwing', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => checkResult(parseListingsCsv(text))), { numRuns: 150 });
  });

  it('any CSV-shaped text under a real header imports without throwing', () => {
    fc.assert(fc.property(messyCsv, (text) => checkResult(parseListingsCsv(text))), { numRuns: 300 });
  });

  it('any byte string decodes and imports without throwing', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => checkResult(parseListingsCsv(decodeListingsBytes(bytes).text))),
      { numRuns: 200 },
    );
  });

  it('cell parsers are total', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      parseNumber(text);
      parseDate(text, '1900');
      parseDate(text, '1904');
    }));
  });

  it('feeding the text in any chunks gives the same records and errors as the whole text', () => {
    fc.assert(
      fc.property(messyCsv, fc.array(fc.nat(), { maxLength: 8 }), fc.integer({ min: 1, max: 400 }), (text, cutsRaw, headerSearchChars) => {
        let id = 0;
        const whole = parseListingsCsv(text, { uuid: () => `id-${id++}`, dateSystem: '1900' });
        id = 0;
        const importer = createListingsImporter({ uuid: () => `id-${id++}`, headerSearchChars, dateSystem: '1900' });
        const cuts = [...new Set(cutsRaw.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        const batches: ImportBatch[] = [];
        let start = 0;
        for (const cut of [...cuts, text.length]) {
          batches.push(importer.push(text.slice(start, cut)));
          start = cut;
        }
        batches.push(importer.finish());
        expect(batches.flatMap((batch) => batch.records)).toEqual(whole.records);
        expect(batches.flatMap((batch) => batch.errors)).toEqual(whole.errors);
        expect(importer.summary?.rows ?? 0).toBe(whole.rows);
      }),
      { numRuns: 300 },
    );
  });
});

describe('streaming', () => {
  it('rows longer than a chunk (huge quoted remarks with line breaks) import the same in any chunk size', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 600 }), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 9_000 }), (repeats, chunkChars) => {
        const remarks = repeats.map((count) => `"${'Big yard, ""new"" roof\r\nand more. '.repeat(count)}"`);
        const text = `${HEADER}\r\n${remarks.map((remark, index) => `${index + 1},Closed,${index},Main St,Denver,CO,80202,1000,300000,3/15/2024,${remark}`).join('\r\n')}`;
        let id = 0;
        const whole = parseListingsCsv(text, { uuid: () => `id-${id++}`, dateSystem: '1900' });
        id = 0;
        const importer = createListingsImporter({ uuid: () => `id-${id++}`, dateSystem: '1900', headerSearchChars: 100 });
        const batches: ImportBatch[] = [];
        for (let start = 0; start < text.length; start += chunkChars) batches.push(importer.push(text.slice(start, start + chunkChars)));
        batches.push(importer.finish());
        expect(whole.records).toHaveLength(repeats.length);
        expect(batches.flatMap((batch) => batch.records)).toEqual(whole.records);
        expect(batches.flatMap((batch) => batch.errors)).toEqual(whole.errors);
      }),
      { numRuns: 60 },
    );
  });

  it('detects a 1904 workbook from the first chunk of rows and reports progress-friendly batches', () => {
    const rows = Array.from({ length: 500 }, (_, index) => `${index + 1},Closed,${index},Main St,Denver,CO,80202,1000,300000,${43904 - (index % 30)},ok`);
    const text = `${HEADER}\n${rows.join('\n')}\n`;
    const importer = createListingsImporter({ referenceDate: new Date('2024-06-01'), headerSearchChars: 200 });
    const batches: ImportBatch[] = [];
    for (let start = 0; start < text.length; start += 1000) batches.push(importer.push(text.slice(start, start + 1000)));
    batches.push(importer.finish());
    expect(batches.filter((batch) => batch.records.length > 0).length).toBeGreaterThan(5);
    const records = batches.flatMap((batch) => batch.records);
    expect(records).toHaveLength(500);
    expect(importer.summary?.dateSystem).toBe('1904');
    expect(records[0]!['Close Date']).toBe('03/15/2024');
    expect(importer.consumed).toBe(text.length);
  });
});
