import { describe, expect, it } from 'vitest';
import { createChunkDecoder, decodeListingsBytes, encodingOf } from '../src/decode';
import { parseListingsCsv } from '../src/importer';
import { formatUsDate, INVALID, normalizeLevels, parseDate, parseNumber, serialToDate, stateCode } from '../src/values';

describe('parseNumber reads numbers as MLS exports and spreadsheets write them', () => {
  it.each([
    ['1180', 1180],
    ['47.5112', 47.5112],
    ['-122.257', -122.257],
    ['0', 0],
    ['0.130', 0.13],
    ['1.23E+06', 1_230_000],
    ['4.5e3', 4500],
    ['$1,234', 1234],
    ['$ 425,000.00', 425_000],
    ['US$1,000', 1000],
    ['1,234,567', 1_234_567],
    ['(500)', -500],
    ['-$2,500', -2500],
    [' 12 ', 12],
    ['2,450 SqFt', 2450],
    ['0.25 Acres', 0.25],
    ['1.234,56', 1234.56],
    ['1 234', 1234],
  ])('%j → %d', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each(['', ' ', '-', 'N/A', 'na', 'Not Available', 'null'])('%j is blank → null', (raw) => {
    expect(parseNumber(raw)).toBeNull();
  });

  it.each(['abc', '12abc', '0x1A', '1.2.3', 'Infinity', '$', '1,23,4'])('%j is not a number', (raw) => {
    expect(parseNumber(raw)).toBe(INVALID);
  });
});

describe('parseDate', () => {
  it.each([
    ['10/13/2014', '10/13/2014'],
    ['1/2/2024', '01/02/2024'],
    ['01/02/24', '01/02/2024'],
    ['12/31/99', '12/31/1999'],
    ['2024-03-05', '03/05/2024'],
    ['2024-03-05T14:30:00Z', '03/05/2024'],
    ['3/5/2024 2:15 PM', '03/05/2024'],
    ['Oct 13, 2014', '10/13/2014'],
    ['13-Oct-2014', '10/13/2014'],
    ['45292', '01/01/2024'], // Excel 1900 serial
    ['45292.75', '01/01/2024'], // serial with a time of day
    ['60', '02/28/1900'], // below Lotus's phantom 29 Feb 1900
    ['61', '03/01/1900'],
  ])('%j → %s', (raw, expected) => {
    const parsed = parseDate(raw, '1900');
    expect(parsed === INVALID || parsed === null ? parsed : formatUsDate(parsed)).toBe(expected);
  });

  it('reads 1904-based serials four years and a day later than 1900-based ones', () => {
    expect(formatUsDate(serialToDate(43830, '1904')!)).toBe('01/01/2024');
    expect(formatUsDate(serialToDate(43830, '1900')!)).toBe('12/31/2019');
  });

  it.each(['13/45/2024', '2/30/2024', 'yesterday', '2024-13-01', '0', '99999999'])('%j is not a date', (raw) => {
    expect(parseDate(raw, '1900')).toBe(INVALID);
  });

  it.each(['', '  ', 'N/A'])('%j is blank → null', (raw) => {
    expect(parseDate(raw, '1900')).toBeNull();
  });
});

describe('stateCode and normalizeLevels', () => {
  it.each([['co', 'CO'], ['Colorado', 'CO'], [' wa ', 'WA'], ['New Mexico', 'NM'], ['Ontario', 'ONTARIO']])('state %j → %s', (raw, code) => {
    expect(stateCode(raw)).toBe(code);
  });

  it.each([
    ['One', 'One'], ['1 Story', 'One'], ['Ranch', 'One'], ['2 Story', 'Two'], ['two', 'Two'], ['3 Story', 'Three Or More'],
    ['Three Or More', 'Three Or More'], ['Bi-Level', 'Bi-Level'], ['Tri-Level', 'Tri-Level'], ['Multi-Level', 'Multi/Split'],
    ['Split Level', 'Multi/Split'], ['Multi/Split', 'Multi/Split'], ['One and One Half', 'One and One Half'],
    ['One_Story', 'One'], ['Two_Story', 'Two'], ['SFoyer', 'Bi-Level'], ['Split Foyer', 'Bi-Level'], ['SLvl', 'Multi/Split'],
  ])('levels %j → %s', (raw, expected) => {
    expect(normalizeLevels(raw)).toBe(expected);
  });
});

/** `text` written four bytes a character, `bom` first. */
function utf32(text: string, littleEndian: boolean, bom = true): Uint8Array {
  const points = [...(bom ? [0xfeff] : []), ...Array.from(text, (char) => char.codePointAt(0)!)];
  const view = new DataView(new ArrayBuffer(4 * points.length));
  points.forEach((point, index) => view.setUint32(4 * index, point, littleEndian));
  return new Uint8Array(view.buffer);
}

describe('decodeListingsBytes', () => {
  const header = 'Listing ID,Public Remarks\r\n1,Caf\u00e9 nearby\r\n';
  const wide = 'Listing ID,Public Remarks\r\n1,Caf\u00e9 \u{1F3E1} \u4E2D nearby\r\n';
  it.each([
    ['UTF-8 with BOM', Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(header)]), 'utf-8'],
    ['UTF-8', new TextEncoder().encode(header), 'utf-8'],
    ['UTF-16LE with BOM', Uint8Array.from([0xff, 0xfe, ...Array.from(header).flatMap((char) => [char.charCodeAt(0), 0])]), 'utf-16le'],
    ['Windows-1252', Uint8Array.from(Array.from(header, (char) => char.charCodeAt(0))), 'windows-1252'],
  ])('%s', (_name, bytes, encoding) => {
    const decoded = decodeListingsBytes(bytes);
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text.replace(/^\uFEFF/, '')).toBe(header);
  });

  it.each([
    ['UTF-32LE with BOM', utf32(wide, true), 'utf-32le'],
    ['UTF-32BE with BOM', utf32(wide, false), 'utf-32be'],
    ['UTF-32LE without BOM', utf32(wide, true, false), 'utf-32le'],
    ['UTF-32BE without BOM', utf32(wide, false, false), 'utf-32be'],
  ])('%s (read as UTF-16 before: a NUL after every character)', (_name, bytes, encoding) => {
    expect(decodeListingsBytes(bytes)).toEqual({ text: wide, encoding });
    expect(parseListingsCsv(decodeListingsBytes(bytes).text).headers).toEqual(['Listing ID', 'Public Remarks']);
  });

  it('turns UTF-32 values that are no character, and a cut last character, into U+FFFD', () => {
    const bytes = new Uint8Array([...utf32('ab', true), 0x00, 0xd8, 0, 0, 0x00, 0x00, 0x11, 0x00, 0x41, 0x00]);
    expect(decodeListingsBytes(bytes).text).toBe('ab\uFFFD\uFFFD\uFFFD');
  });
});

describe('createChunkDecoder: a file decoded piece by piece reads as it does whole', () => {
  const text = 'Listing ID,Public Remarks\r\n1,Caf\u00e9 \u{1F3E1} \u4E2D nearby\r\n';
  it.each([
    ['UTF-8', new TextEncoder().encode(`\uFEFF${text}`)],
    ['UTF-16LE', Uint8Array.from([0xff, 0xfe, ...Array.from({ length: text.length }, (_unit, index) => text.charCodeAt(index)).flatMap((unit) => [unit & 0xff, unit >> 8])])],
    ['UTF-32LE', utf32(text, true)],
    ['UTF-32BE', utf32(text, false)],
  ])('%s cut at every byte', (_name, bytes) => {
    const encoding = encodingOf(bytes.subarray(0, 8));
    for (let cut = 0; cut <= bytes.length; cut++) {
      const decoder = createChunkDecoder(encoding);
      const pieces = [decoder.decode(bytes.subarray(0, cut), false), decoder.decode(bytes.subarray(cut), false), decoder.decode(new Uint8Array(0), true)];
      expect(pieces.join('')).toBe(text);
    }
  });

  it('throws on bytes that are not UTF-8, for the caller to read the file again as Windows-1252', () => {
    const decoder = createChunkDecoder('utf-8');
    expect(decoder.decode(new TextEncoder().encode('Listing ID\n'), false)).toBe('Listing ID\n');
    expect(() => decoder.decode(Uint8Array.from([0x43, 0x61, 0x66, 0xe9, 0x0a]), false)).toThrow(TypeError);
  });
});

