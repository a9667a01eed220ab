// Real and sample files: the King County sales (real data, REcolorado-style) and the two sample exports in samples/.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeListingsBytes } from '../src/decode';
import { parseListingsCsv } from '../src/importer';

const KING_COUNTY = fileURLToPath(new URL('../../../../shared/datasets/king-county-sales-recolorado.csv', import.meta.url));
const SAMPLES = fileURLToPath(new URL('../../../samples/', import.meta.url));
const haveKingCounty = existsSync(KING_COUNTY);
if (!haveKingCounty) console.warn(`skipping the King County import test: ${KING_COUNTY} is absent`);

describe.skipIf(!haveKingCounty)('King County sales file', () => {
  it('imports all 21,613 sales with no errors and the right values', () => {
    const result = parseListingsCsv(readFileSync(KING_COUNTY, 'utf8'));
    expect(result.errors).toEqual([]);
    expect(result.rows).toBe(21_613);
    expect(result.records).toHaveLength(21_613);
    expect(result.format).toBe('ReColorado');
    // Row 3 of the file: KC6414100192-1,Closed,0192,Parcel 6414100192,Way,,King County,WA,98125,Zip 98125,Two,1951,2570,2170,400,400,
    // 7242,0.166,3,3,2,0,0,1,,,,,538000,0,12/9/2014,,47.721,-122.319,None,No,Average,"Grade 7 home, renovated 1991"
    expect(result.records[1]).toMatchObject({
      'Listing Id': 'KC6414100192-1', MLS: 'Closed', 'Street Number': '0192', properties_address: '0192 Parcel 6414100192 Way, King County, WA 98125',
      pdf_address: '0192 Parcel 6414100192 Way', Neighborhood: 'Zip 98125', Levels: 'Two', 'Year Built': 1951, 'Lot Size': 7242,
      'Total Square Feet': 2570, 'Above Grade Finished Area': 2170, 'Below Grade Total Area': 400, 'Below Grade Finished Area': 400,
      Bedrooms: 3, Bathrooms: 3, '3/4 and Full Bathrooms': 2, '1/4 and 1/2 Bathrooms': 1, 'Garage Spaces': 'Not Available',
      Fireplace: 'Not Available', 'List Price': 'Not Available', 'Close Price': 538_000, 'Net Sales Price': 538_000, 'Close Date': '12/09/2014',
      Latitude: 47.721, Longitude: -122.319, View: 'None', Waterfront: 'No', 'Property Condition': 'Average',
      'Public-Remarks': 'Grade 7 home, renovated 1991', perSquareFeet: 247.93,
    });
    // Every sale has the facts the valuation needs.
    for (const record of result.records) {
      expect(typeof record['Net Sales Price']).toBe('number');
      expect(typeof record['Above Grade Finished Area']).toBe('number');
      expect(record['Close Date']).toMatch(/^(0[1-9]|1[0-2])\/\d{2}\/201[45]$/);
    }
    expect(new Set(result.records.map((record) => record.uuid)).size).toBe(21_613);
  });
});

describe('sample files in samples/', () => {
  it('the REcolorado sample imports fully', () => {
    const { text } = decodeListingsBytes(readFileSync(`${SAMPLES}recolorado-sample.csv`));
    const result = parseListingsCsv(text);
    expect(result.errors).toEqual([]);
    expect(result.detectedFormat).toBe('ReColorado');
    expect(result.records).toHaveLength(30);
    const first = result.records[0]!;
    expect(first).toMatchObject({ 'Listing Id': '4012300', MLS: 'Closed', State: 'CO', City: 'Denver', csvType: 'ReColorado' });
    expect(first['Public-Remarks']).toContain('\n'); // a quoted newline survived
    expect(result.records.filter((record) => record.MLS === 'Closed').every((record) => typeof record['Net Sales Price'] === 'number')).toBe(true);
    expect(result.records.some((record) => record['Unit Number'] !== 'Not Available' && record.properties_address.endsWith(`(unit ${record['Unit Number']})`))).toBe(true);
  });

  it('the PPAR sample imports fully, money and thousands separators read', () => {
    const { text } = decodeListingsBytes(readFileSync(`${SAMPLES}ppar-sample.csv`));
    const result = parseListingsCsv(text);
    expect(result.errors).toEqual([]);
    expect(result.detectedFormat).toBe('PPAR');
    expect(result.records).toHaveLength(30);
    // First data row: 5123400,Sold,4153 Broadmoor Valley Rd,…,"$1,085,500",$0,12/09/2024,…
    expect(result.records[0]).toMatchObject({
      'Listing Id': '5123400', MLS: 'Sold', 'Street Number': '4153', 'Street Name': 'Broadmoor Valley Rd', City: 'Colorado Springs',
      'Above Grade Finished Area': 2890, 'Below Grade Total Area': 1250, 'Below Grade Finished Area': 1000, 'Lot Size': 16_360,
      'Close Price': 1_085_500, Concessions: 0, 'Net Sales Price': 1_085_500, 'Close Date': '12/09/2024', Levels: 'Tri-Level',
      'List Price': 1_090_500, Taxes: 6221, csvType: 'PPAR',
    });
  });
});
