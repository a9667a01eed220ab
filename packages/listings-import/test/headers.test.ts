import { describe, expect, it } from 'vitest';
import { detectFormat, headerSignature, locateHeader, resolveColumns, suggestMapping } from '../src/headers';
import { IMPORT_FIELDS, FEATURE_FIELD_KEYS, matchHeader, normalizeHeader } from '../src/import-fields';
import { FEATURE_TEXT_FIELDS } from '../src/property-record';

describe('header aliases (case, spacing and punctuation ignored)', () => {
  it.each([
    ['Above Grade Finished Area', 'aboveGradeFinishedArea'],
    ['above grade finished area', 'aboveGradeFinishedArea'],
    ['AboveGradeFinishedArea', 'aboveGradeFinishedArea'],
    ['Above Grade Fin Area (SqFt)', 'aboveGradeFinishedArea'],
    ['Listing ID', 'listingId'],
    ['Listing Id', 'listingId'],
    ['MLS #', 'listingId'],
    ['MLS#', 'listingId'],
    ['Below Grade (SqFt) Total', 'belowGradeTotalArea'],
    ['Bathrooms Three Quarter', 'bathsThreeQuarter'],
    ['Baths 3/4', 'bathsThreeQuarter'],
    ['Baths 1/2', 'bathsHalf'],
    ['Baths 1/4', 'bathsQuarter'],
    ['Sold Price', 'closePrice'],
    ['Close Price', 'closePrice'],
    [' Close_Price ', 'closePrice'],
    ['Mls Status', 'status'],
    ['State Or Province', 'state'],
    ['Zip', 'postalCode'],
    ['Public Remarks', 'publicRemarks'],
    ['Fireplaces Total', 'fireplaces'],
    ['Waterfront YN', 'waterfront'],
  ])('%j → %s', (header, key) => {
    expect(matchHeader(header)).toBe(key);
  });

  it('returns null for headers nobody uses', () => {
    expect(matchHeader('Favourite Colour')).toBeNull();
  });

  it('never gives one spelling to two fields', () => {
    const owner = new Map<string, string>();
    for (const field of IMPORT_FIELDS) {
      for (const alias of field.aliases) {
        const normalized = normalizeHeader(alias);
        expect(owner.get(normalized) ?? field.key, `${alias} is claimed by ${owner.get(normalized)} and ${field.key}`).toBe(field.key);
        owner.set(normalized, field.key);
      }
    }
  });

  it('feature field labels are the record feature text fields, in order', () => {
    expect(FEATURE_FIELD_KEYS.map((key) => IMPORT_FIELDS.find((field) => field.key === key)!.label)).toEqual([...FEATURE_TEXT_FIELDS]);
  });
});

describe('detectFormat', () => {
  it.each([
    [['Listing ID', 'Mls Status', 'Close Price', 'Above Grade Finished Area', 'Bathrooms Three Quarter'], 'ReColorado'],
    [['MLS #', 'Status', 'Sold Price', 'Above Grade Fin Area (SqFt)', 'Baths 3/4'], 'PPAR'],
    [['Latitude', 'Longitude'], 'ReColorado'], // no evidence: the spec's default
  ])('%j → %s', (headers, format) => {
    expect(detectFormat(headers).format).toBe(format);
  });
});

describe('column mapping', () => {
  it('suggests a field per known header and null for the rest', () => {
    expect(suggestMapping(['MLS #', 'Sold Price', 'Mystery'])).toEqual({ 'MLS #': 'listingId', 'Sold Price': 'closePrice', Mystery: null });
  });

  it('a hand-made mapping wins over aliases and lists what is still missing', () => {
    const headers = ['Ref', 'Where', 'Price Paid', 'Close Price', 'Size'];
    const resolved = resolveColumns(headers, { Ref: 'listingId', where: 'fullAddress', 'PRICE PAID': 'closePrice', 'Close Price': null });
    expect(resolved.columns.listingId).toBe(0);
    expect(resolved.columns.fullAddress).toBe(1);
    expect(resolved.columns.closePrice).toBe(2);
    expect(resolved.mapping['Close Price']).toBeNull();
    expect(resolved.unmappedRequired).toEqual(['aboveGradeFinishedArea']);
  });

  it('headerSignature ignores case and punctuation but not order or content', () => {
    expect(headerSignature(['Listing ID', 'Close Price'])).toBe(headerSignature(['listing id', 'close_price']));
    expect(headerSignature(['Listing ID', 'Close Price'])).not.toBe(headerSignature(['Close Price', 'Listing ID']));
    expect(headerSignature(['Listing ID', 'Close Price'])).not.toBe(headerSignature(['Listing ID', 'List Price']));
  });
});

describe('locateHeader', () => {
  it('skips title rows and picks the delimiter', () => {
    const lines = ['Sold Listings Report', 'Exported 3/1/2024, by Jane', '', 'Listing ID;Close Price;City', '1;2;3'];
    expect(locateHeader(lines)).toMatchObject({ lineIndex: 3, delimiter: ';' });
  });

  it('falls back to the first line that is as wide as the next when no header is known', () => {
    const lines = ['My export', 'a\tb\tc', '1\t2\t3'];
    expect(locateHeader(lines)).toMatchObject({ lineIndex: 1, delimiter: '\t' });
  });
});
