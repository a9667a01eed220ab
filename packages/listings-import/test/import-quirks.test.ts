// Table-driven: every quirk real MLS exports show, each checked on the records and errors a user would see.
import { describe, expect, it } from 'vitest';
import { createListingsImporter, parseListingsCsv, type ImportError, type ImportOptions, type ParseListingsResult } from '../src/importer';
import type { PropertyRecord } from '../src/property-record';
import { MAX_FIELD_CHARS } from '../src/tokenizer';

const HEADER = ['Listing ID', 'Mls Status', 'Street Number', 'Street Name', 'Street Suffix', 'City', 'State Or Province', 'Postal Code',
  'Above Grade Finished Area', 'Close Price', 'Concessions Amount', 'Close Date', 'Public Remarks'];
const ROW_A = ['1001', 'Closed', '123', 'Main', 'St', 'Denver', 'co', '80202', '1500', '450000', '5000', '3/15/2024', 'Nice home'];
const ROW_B = ['1002', 'Active', '9', 'Elm', 'Ave', 'Aurora', 'Colorado', '80010', '2000', '', '', '', ''];
const csv = (rows: string[][], delimiter = ',', newline = '\n') => rows.map((row) => row.join(delimiter)).join(newline) + newline;

interface Case {
  name: string;
  text: string;
  options?: ImportOptions;
  check(result: ParseListingsResult): void;
}

const twoRecords = (result: ParseListingsResult) => {
  expect(result.errors).toEqual([]);
  expect(result.records.map((record) => record['Listing Id'])).toEqual(['1001', '1002']);
  expect(result.records[0]!['Net Sales Price']).toBe(445_000);
};

const cases: Case[] = [
  { name: 'plain comma file', text: csv([HEADER, ROW_A, ROW_B]), check: twoRecords },
  { name: 'UTF-8 byte order mark', text: `\uFEFF${csv([HEADER, ROW_A, ROW_B])}`, check: twoRecords },
  { name: 'CRLF line ends', text: csv([HEADER, ROW_A, ROW_B], ',', '\r\n'), check: twoRecords },
  { name: 'old Mac CR line ends', text: csv([HEADER, ROW_A, ROW_B], ',', '\r'), check: twoRecords },
  { name: 'semicolon delimiter', text: csv([HEADER, ROW_A, ROW_B], ';'), check: (result) => {
    twoRecords(result);
    expect(result.delimiter).toBe(';');
  } },
  { name: 'tab delimiter (Excel "Unicode Text")', text: csv([HEADER, ROW_A, ROW_B], '\t'), check: (result) => {
    twoRecords(result);
    expect(result.delimiter).toBe('\t');
  } },
  { name: 'no newline at the end', text: csv([HEADER, ROW_A, ROW_B]).trimEnd(), check: twoRecords },
  {
    name: 'title rows above the header',
    text: `Sold Listings Report\nExported 03/01/2024, Jane Agent\n\n${csv([HEADER, ROW_A, ROW_B])}`,
    check: (result) => {
      twoRecords(result);
      expect(result.headerLine).toBe(4);
    },
  },
  {
    name: 'blank rows (empty and all-delimiter) are skipped, not counted',
    text: csv([HEADER, ROW_A, [''], HEADER.map(() => ''), ROW_B, ['']]),
    check: (result) => {
      twoRecords(result);
      expect(result.rows).toBe(2);
    },
  },
  {
    name: 'quoted commas, quotes and newlines keep later line numbers right',
    text: `${HEADER.join(',')}\n${ROW_A.slice(0, 12).join(',')},"Big yard, ""new"" roof\nand more"\n${ROW_B.slice(0, 9).join(',')},abc,,,\n`,
    check: (result) => {
      expect(result.records[0]!['Public-Remarks']).toBe('Big yard, "new" roof\nand more');
      expect(result.errors).toEqual([{ line: 4, message: "Close Price: 'abc' is not a number" }]);
    },
  },
  {
    name: 'scientific notation and money',
    text: csv([HEADER, ['1001', 'Closed', '1', 'A', 'St', 'Denver', 'CO', '80202', '"1,500"', '1.23E+06', '"$1,234"', '3/15/2024', '']]),
    check: (result) => {
      expect(result.errors).toEqual([]);
      expect(result.records[0]).toMatchObject({ 'Close Price': 1_230_000, Concessions: 1234, 'Net Sales Price': 1_228_766, 'Above Grade Finished Area': 1500 });
    },
  },
  {
    name: 'Excel serial dates (1900 system)',
    text: csv([HEADER, [...ROW_A.slice(0, 11), '45366', '']]),
    options: { referenceDate: new Date('2024-06-01') },
    check: (result) => {
      expect(result.records[0]!['Close Date']).toBe('03/15/2024');
      expect(result.dateSystem).toBe('1900');
    },
  },
  {
    name: 'Excel serial dates from a 1904-based workbook are detected',
    text: csv([HEADER, [...ROW_A.slice(0, 11), '43904', ''], [...ROW_B.slice(0, 11), '43850', '']]),
    options: { referenceDate: new Date('2024-06-01') },
    check: (result) => {
      expect(result.dateSystem).toBe('1904');
      expect(result.records.map((record) => record['Close Date'])).toEqual(['03/15/2024', '01/21/2024']);
    },
  },
  {
    name: 'the date system can be forced',
    text: csv([HEADER, [...ROW_A.slice(0, 11), '43904', '']]),
    options: { dateSystem: '1900', referenceDate: new Date('2024-06-01') },
    check: (result) => expect(result.records[0]!['Close Date']).toBe('03/14/2020'),
  },
  {
    name: 'duplicate listing ids are reported and the later row skipped',
    text: csv([HEADER, ROW_A, ROW_B, ROW_A]),
    check: (result) => {
      expect(result.records).toHaveLength(2);
      expect(result.errors).toEqual([{ line: 4, message: 'Duplicate Listing Id 1001 (first on line 2); row skipped' }]);
    },
  },
  {
    name: 'bad rows are reported with their line and never stop the rest',
    text: csv([HEADER, ['', '', '', '', '', '', '', '', '1500', '1', '', '', 'orphan'], ['1003', 'Closed', '1'], ROW_A, [...ROW_B.slice(0, 11), '31/31/2024', ''], ROW_B.slice().map((cell, index) => (index === 0 ? '1004' : cell))]),
    check: (result) => {
      expect(result.records.map((record) => record['Listing Id'])).toEqual(['1001', '1002', '1004']);
      expect(result.errors).toEqual([
        { line: 2, message: 'no Listing Id and no street address; row skipped' },
        { line: 3, message: 'Row has 3 fields but the header has 13; row skipped' },
        { line: 5, message: "Close Date: '31/31/2024' is not a date" },
      ]);
      expect(result.records[1]!['Close Date']).toBe('Not Available');
    },
  },
  {
    name: 'a trailing delimiter on every row is tolerated',
    text: csv([[...HEADER, ''], [...ROW_A, ''], [...ROW_B, '']]),
    check: twoRecords,
  },
  {
    name: 'an unterminated quote is reported, earlier rows kept',
    text: `${csv([HEADER, ROW_A])}${ROW_B.slice(0, 12).join(',')},"never closed\n`,
    check: (result) => {
      expect(result.records.map((record) => record['Listing Id'])).toEqual(['1001']);
      expect(result.errors).toHaveLength(1);
      expect(result.errors[0]!.line).toBe(3);
      expect(result.errors[0]!.message).toMatch(/quote/i);
    },
  },
  {
    name: 'mixed line ends in one file',
    text: `${HEADER.join(',')}\r\n${ROW_A.join(',')}\n${ROW_B.join(',')}\r`,
    check: twoRecords,
  },
  {
    name: 'text after a closing quote is reported and the row skipped',
    text: csv([HEADER, [...ROW_A.slice(0, 12), '"Nice" home'], ROW_B]),
    check: (result) => {
      expect(result.records.map((record) => record['Listing Id'])).toEqual(['1002']);
      expect(result.errors).toEqual([{ line: 2, message: 'Trailing quote on quoted field is malformed; row skipped' }]);
    },
  },
  {
    name: 'quoted cells with CRLF inside and spaces after the closing quote',
    text: `${HEADER.join(',')}\r\n${ROW_A.slice(0, 12).join(',')},"one\r\ntwo\r\nthree"  \r\n${ROW_B.slice(0, 9).join(',')},x,,,\r\n`,
    check: (result) => {
      expect(result.records[0]!['Public-Remarks']).toBe('one\r\ntwo\r\nthree');
      expect(result.errors).toEqual([{ line: 5, message: "Close Price: 'x' is not a number" }]);
    },
  },
  {
    name: 'missing values show Not Available',
    text: csv([HEADER, ROW_B]),
    check: (result) => {
      expect(result.records[0]).toMatchObject({
        'Close Price': 'Not Available', 'Net Sales Price': 'Not Available', 'Close Date': 'Not Available', 'Public-Remarks': 'Not Available',
        Bedrooms: 'Not Available', added_COMPARABLESLIST: { Current_State: 'Active', Sold_Date: 'Not Available', Sold_Price: 'Not Available' },
      });
    },
  },
  {
    name: 'an empty file',
    text: '',
    check: (result) => {
      expect(result.records).toEqual([]);
      expect(result.errors).toEqual([{ line: 1, message: 'The file is empty: no header row found' }]);
    },
  },
  {
    name: 'unknown headers are reported as unmapped, and a saved mapping imports them',
    text: csv([['Ref', 'Where', 'Paid', 'Size'], ['77', '"5 Oak St, Denver, CO 80203"', '300000', '1200']]),
    check: (result) => {
      expect(result.unmappedRequired).toEqual(['listingId', 'streetName', 'closePrice', 'aboveGradeFinishedArea']);
      expect(result.errors[0]).toEqual({ line: 1, message: expect.stringMatching(/^Required columns not recognised: Listing Id, Street Name or Street Address, Close Price or List Price/) });
      const mapped = parseListingsCsv(csv([['Ref', 'Where', 'Paid', 'Size'], ['77', '"5 Oak St, Denver, CO 80203"', '300000', '1200']]), {
        mapping: { Ref: 'listingId', Where: 'fullAddress', Paid: 'closePrice', Size: 'aboveGradeFinishedArea' },
      });
      expect(mapped.errors).toEqual([]);
      expect(mapped.unmappedRequired).toEqual([]);
      expect(mapped.records[0]).toMatchObject({
        'Listing Id': '77', 'Street Number': '5', 'Street Name': 'Oak St', City: 'Denver', State: 'CO', 'Postal Code': '80203',
        properties_address: '5 Oak St, Denver, CO 80203', pdf_address: '5 Oak St', 'Close Price': 300_000, perSquareFeet: 250,
      });
    },
  },
  {
    name: 'PPAR Matrix labels, one address column with a unit, detected and overridable',
    text: csv([['MLS #', 'Status', 'Address', 'City', 'State', 'Zip', 'Sold Price', 'Seller Concessions', 'Sold Date', 'Above Grade Fin Area (SqFt)', 'Baths Full', 'Baths 3/4', 'Baths 1/2', 'Baths 1/4', 'Style'],
      ['5001', 'Sold', '12 N Tejon St Unit 4', 'Colorado Springs', 'CO', '80903', '"$350,000"', '$0', '06/01/2024', '"1,100"', '1', '1', '1', '0', '2 Story']]),
    check: (result) => {
      expect(result.format).toBe('PPAR');
      expect(result.detectedFormat).toBe('PPAR');
      expect(result.records[0]).toMatchObject({
        csvType: 'PPAR', 'Unit Number': '4', properties_address: '12 N Tejon St, Colorado Springs, CO 80903 (unit 4)', pdf_address: '12 N Tejon St',
        '3/4 and Full Bathrooms': 2, '1/4 and 1/2 Bathrooms': 1, Bathrooms: 3, Levels: 'Two', 'Net Sales Price': 350_000,
      });
      const forced = parseListingsCsv(csv([['MLS #', 'Sold Price'], ['5001', '1']]), { format: 'recolorado' });
      expect(forced.format).toBe('ReColorado');
      expect(forced.detectedFormat).toBe('PPAR');
      expect(forced.records[0]!.csvType).toBe('ReColorado');
    },
  },
];

describe('parseListingsCsv on messy files', () => {
  it.each(cases)('$name', ({ text, options, check }) => {
    check(parseListingsCsv(text, options));
  });
});

describe('record fields of spec §3', () => {
  it('builds addresses, prices and defaults', () => {
    const record = parseListingsCsv(csv([[...HEADER, 'Unit Number'], [...ROW_A, '5B']])).records[0]!;
    expect(record).toMatchObject({
      properties_address: '123 Main St, Denver, CO 80202 (unit 5B)',
      pdf_address: '123 Main St',
      State: 'CO',
      'Net Sales Price': 445_000,
      perSquareFeet: 296.67,
      add_adjustment: true,
      notes: '',
      agentNotes: '',
      checked: false,
      propertyImages: [],
      added_COMPARABLESLIST: { Current_State: 'Closed', Sold_Date: '03/15/2024', Sold_Price: 450_000 },
    });
    expect(record.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('reports progress from 0 to 1', () => {
    const seen: number[] = [];
    parseListingsCsv(csv([HEADER, ROW_A]), { onProgress: (fraction) => seen.push(fraction) });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });
});

describe('columns that can give no row a Listing Id or an address', () => {
  it('one problem for the whole file instead of one per row (a 200 MB file held 17 million, 2.2 GB)', () => {
    const result = parseListingsCsv(csv([['Remarks', 'Colour'], ['nice', 'red'], ['big', 'blue'], ['old', 'green']]));
    expect(result).toMatchObject({ rows: 3, kept: 0, records: [] });
    expect(result.errors).toEqual([
      { line: 1, message: expect.stringMatching(/^Required columns not recognised: Listing Id, Street Name or Street Address, /) },
      { line: 1, message: 'No column gives a Listing Id or a street address, so none of the 3 rows can be imported' },
    ]);
  });
});

describe('requireListingId (the listing database keys listings by it)', () => {
  const text = csv([HEADER, ROW_A, ['', ...ROW_B.slice(1)], [' n/a ', ...ROW_B.slice(1)], ['1003', ...ROW_B.slice(1)]]);

  it('skips and reports each row without a Listing Id on its line', () => {
    const result = parseListingsCsv(text, { requireListingId: true });
    expect(result.records.map((record) => record['Listing Id'])).toEqual(['1001', '1003']);
    expect(result.errors).toEqual([{ line: 3, message: 'no Listing Id; row skipped' }, { line: 4, message: 'no Listing Id; row skipped' }]);
    expect(result).toMatchObject({ rows: 4, kept: 2 });
  });

  it('keeps them by default (the app imports a row with an address but no Listing Id)', () => {
    expect(parseListingsCsv(text).records).toHaveLength(4);
  });
});

describe('a field longer than MAX_FIELD_CHARS', () => {
  // A stray quote turns the rest of an export into one field: the import stops there, naming where the field starts.
  const rows = Array.from({ length: 40_000 }, (_, index) => ['2' + String(index).padStart(6, '0'), ...ROW_A.slice(1)]);
  const text = csv([HEADER, ROW_A, [...ROW_B.slice(0, -1), '"Quote never closed'], ...rows]);

  it.each([['whole text', 0], ['64 KB chunks', 64 * 1024]])('stops the import with the line and column where it starts (%s)', (_name, chunkChars) => {
    expect(text.length).toBeGreaterThan(MAX_FIELD_CHARS);
    const result = chunkChars === 0 ? parseListingsCsv(text) : importInChunks(text, chunkChars);
    expect(result.records.map((record) => record['Listing Id'])).toEqual(['1001']);
    expect(result.errors).toEqual([{
      line: 3,
      column: 53, // after "1002,Active,9,Elm,Ave,Aurora,Colorado,80010,2000,,,,"
      message: 'Field starting at column 53 is longer than 1,048,576 characters (1 MiB), more than any listing field holds (is a quote never closed?); import stopped',
    }]);
  });
});

function importInChunks(text: string, chunkChars: number): { records: PropertyRecord[]; errors: ImportError[] } {
  const importer = createListingsImporter();
  const batches = [];
  for (let start = 0; start < text.length; start += chunkChars) batches.push(importer.push(text.slice(start, start + chunkChars)));
  batches.push(importer.finish());
  return { records: batches.flatMap((batch) => batch.records), errors: batches.flatMap((batch) => batch.errors) };
}
