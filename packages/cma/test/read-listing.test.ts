// The one reader of listing records, on records as the importer makes them (and on the real King County file).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseListingsCsv } from '@cma/listings-import';
import { listingReadingsOf, readListingRecord } from '../src/index';

const asSubject = (record: object) => readListingRecord(record as Record<string, unknown>, 'subject');

const HEADER = 'Listing ID,Mls Status,Street Number,Street Name,City,State Or Province,Postal Code,Subdivision Name,Levels,Year Built,Lot Size Acres,Above Grade Finished Area,Below Grade (SqFt) Total,Below Grade Finished Area,Fireplaces Total,Garage Spaces,Bedrooms Total,Bathrooms Full,Bathrooms Three Quarter,Bathrooms Half,Close Price,Concessions Amount,Close Date,List Price,Latitude,Longitude,Basement,Cooling';

describe('readListingRecord', () => {
  it('maps a record to the engine input with numbers, ISO dates and nulls', () => {
    const text = `${HEADER}\n77,Closed,5,Oak,Denver,CO,80203,Wash Park,2 Story,1925,0.25,1500,800,600,1,2,4,2,1,1,"$600,000","$10,000",2024-03-05,615000,39.7,-104.97,"Walk-Out Access, Finished",Evaporative Cooler\n78,Active,6,Oak,Denver,CO,80203,,,,,,,,,,,,,,,,,,,,,`;
    const [sold, active] = parseListingsCsv(text).records;
    expect(asSubject(sold!)).toEqual({
      id: '77', streetAddress: '5 Oak, Denver, CO 80203', subdivision: 'Wash Park', postalCode: '80203', status: 'Closed', closeDate: '2024-03-05',
      netSalesPrice: 590_000, listPrice: 615_000, latitude: 39.7, longitude: -104.97, levels: 'Two', yearBuilt: 1925, lotSizeSqft: 10_890,
      aboveGradeFinishedArea: 1500, belowGradeTotalArea: 800, belowGradeFinishedArea: 600, fireplaces: 1, garageSpaces: 2, bedrooms: 4,
      bathsFullAndThreeQuarter: 3, bathsHalfAndQuarter: 1, additionalFacts: { 'Basement Type': 'Walkout', 'Heating/Cooling': 'Evaporative' },
      quality: null, condition: null, qualityRating: null, conditionRating: null, qualityFine: null, conditionFine: null, kitchenRating: null, renovatedYear: null, propertyType: null, saleType: null,
      // The export's text facts as they are, for accepted market feature effects (View, Waterfront …).
      features: expect.objectContaining({ Basement: 'Walk-Out Access, Finished', Cooling: 'Evaporative Cooler' }),
    });
    const facts = asSubject(active!);
    expect(facts).toMatchObject({ id: '78', status: 'Active', closeDate: null, netSalesPrice: null, yearBuilt: null, subdivision: null, additionalFacts: {} });
  });

  it('reads quality, condition, property type and sale type from the columns and remarks', () => {
    const header = 'Listing ID,Street Number,Street Name,Close Price,Close Date,Year Built,Property Condition,Property Sub Type,Public Remarks';
    const [home] = parseListingsCsv(`${header}\n9,1,Elm St,500000,2015-03-01,1950,Very Good,Townhouse,"Grade 9 home. Short sale, lender approval needed."\n`).records;
    expect(asSubject(home!)).toMatchObject({ quality: 2, condition: 2, qualityRating: 9, conditionRating: 8, propertyType: 'townhouse', saleType: 'short-sale' });
  });

  it('reads the sale type from a sale-conditions column, as REcolorado and Ames-style exports name it', () => {
    for (const [column, value, saleType] of [
      ['Special Listing Conditions', 'Real Estate Owned', 'foreclosure'],
      ['Special Listing Conditions', 'Standard', null],
      ['Sale Condition', 'Abnorml', 'abnormal'],
      ['Sale Condition', 'Partial', null],
    ] as const) {
      const header = `Listing ID,Street Number,Street Name,Close Price,Close Date,${column},Public Remarks`;
      const [home] = parseListingsCsv(`${header}\n9,1,Elm St,500000,2015-03-01,${value},"Above_Average quality, Good kitchen"\n`).records;
      expect(home!['Special Listing Conditions']).toBe(value);
      expect(asSubject(home!)).toMatchObject({ saleType, quality: 3, qualityRating: 6, kitchenRating: 7 });
    }
  });

  it("the agent's quality and condition win over the listing's reading; null says 'not known'; the suggestions stay readable", () => {
    const header = 'Listing ID,Street Number,Street Name,Close Price,Close Date,Year Built,Public Remarks';
    const [home] = parseListingsCsv(`${header}\n9,1,Elm St,500000,2015-03-01,1950,"Grade 8 home in fair condition."\n`).records;
    const cases: [unknown, unknown, number | null, number | null][] = [
      [undefined, undefined, 3, 5],
      [2, 4, 2, 4],
      [null, null, null, null],
      [7, 'C3', 3, 5], // not a step: the listing's reading counts
    ];
    for (const [agentQuality, agentCondition, quality, condition] of cases) {
      expect(asSubject({ ...home!, agentQuality, agentCondition } as never)).toMatchObject({ quality, condition });
    }
    expect(listingReadingsOf({ ...home!, agentQuality: 1 } as never)).toMatchObject({ quality: { value: 3, source: 'Remarks: “Grade 8 home in fair condition”' }, condition: { value: 5 } });
  });

  it('uses the uuid when there is no listing id, and the subject ticks win', () => {
    const record = parseListingsCsv('Street Number,Street Name,Above Grade Finished Area,Close Price\n1,Main St,1000,1\n').records[0]!;
    record.selectedAdditionalInfo = { Location: 'Average' };
    record.subjectAdditionalInfo = { Location: 'Good' };
    const facts = asSubject(record);
    expect(facts.id).toBe(record.uuid);
    expect(facts.additionalFacts).toEqual({ Location: 'Good' });
    expect(readListingRecord(record as never, 'comparable').additionalFacts).toEqual({ Location: 'Average' });
  });
});

const KING_COUNTY = fileURLToPath(new URL('../../../../shared/datasets/king-county-sales-recolorado.csv', import.meta.url));
describe.skipIf(!existsSync(KING_COUNTY))('King County sales file', () => {
  it('reads row 3 as the engine needs it', () => {
    const { records } = parseListingsCsv(readFileSync(KING_COUNTY, 'utf8'));
    expect(readListingRecord(records[1] as never, 'comparable')).toMatchObject({ id: 'KC6414100192-1', closeDate: '2014-12-09', netSalesPrice: 538_000, bathsFullAndThreeQuarter: 2, quality: 4 });
  });
});
