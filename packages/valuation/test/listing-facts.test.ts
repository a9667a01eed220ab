import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustComparable, chosenRating, qualityFromGrade, ratingFromWord, readListingFacts, selectComparables, stepFromWord } from '../src';
import { facts } from './fixtures';

describe('quality, condition, property type and sale type read from the listing', () => {
  it.each([
    [{ remarks: 'Grade 7 home' }, 'quality', 4, 'Remarks: “Grade 7 home”'],
    [{ remarks: 'Grade 10 home, renovated 1991' }, 'quality', 2, 'Remarks: “Grade 10 home, renovated 1991”'],
    [{ remarks: 'Above_Average quality, Good kitchen' }, 'quality', 3, 'Remarks: “Above_Average quality, Good kitchen”'],
    [{ remarks: 'Excellent quality throughout.' }, 'quality', 1, 'Remarks: “Excellent quality throughout”'],
    [{ quality: 'Q2' }, 'quality', 2, 'Quality: Q2'],
    [{ quality: '8' }, 'quality', 3, 'Quality: 8'],
    [{ condition: 'Very Good' }, 'condition', 2, 'Condition: Very Good'],
    [{ condition: 'Average' }, 'condition', 4, 'Condition: Average'],
    [{ condition: 'Poor' }, 'condition', 6, 'Condition: Poor'],
    [{ condition: 'C3' }, 'condition', 3, 'Condition: C3'],
    [{ remarks: 'Home in fair condition, needs TLC.' }, 'condition', 5, 'Remarks: “Home in fair condition, needs TLC”'],
    [{ condition: 'Average', remarks: 'Grade 8 home, renovated 2010', closeDate: '2014-10-01' }, 'condition', 2, 'Remarks: “Grade 8 home, renovated 2010”'],
    [{ condition: 'Average', yearBuilt: 2014, closeDate: '2014-10-01' }, 'condition', 1, 'Year built 2014, sold 2014'],
    [{ propertyType: 'Residential', propertySubType: 'Townhouse' }, 'propertyType', 'townhouse', 'Property Sub Type: Townhouse'],
    [{ propertySubType: 'Single Family Residence' }, 'propertyType', 'single-family', 'Property Sub Type: Single Family Residence'],
    [{ propertyType: 'Duplex' }, 'propertyType', 'multi-unit', 'Property Type: Duplex'],
    [{ propertySubType: 'OneFam' }, 'propertyType', 'single-family', 'Property Sub Type: OneFam'],
    [{ propertySubType: 'TwnhsE' }, 'propertyType', 'townhouse', 'Property Sub Type: TwnhsE'],
    [{ propertySubType: 'Twnhs' }, 'propertyType', 'townhouse', 'Property Sub Type: Twnhs'],
    [{ propertySubType: 'TwoFmCon' }, 'propertyType', 'multi-unit', 'Property Sub Type: TwoFmCon'],
    [{ propertySubType: 'Two_Family_Conversion' }, 'propertyType', 'multi-unit', 'Property Sub Type: Two_Family_Conversion'],
    [{ remarks: 'Charming duplex near the park.' }, 'propertyType', 'multi-unit', 'Remarks: “Charming duplex near the park”'],
    [{ remarks: 'Short sale, subject to lender approval.' }, 'saleType', 'short-sale', 'Remarks: “Short sale, subject to lender approval”'],
    [{ remarks: 'Bank-owned home sold as is.' }, 'saleType', 'foreclosure', 'Remarks: “Bank-owned home sold as is”'],
    [{ remarks: 'REO property.' }, 'saleType', 'foreclosure', 'Remarks: “REO property”'],
    [{ remarks: 'Estate sale, no disclosures.' }, 'saleType', 'estate', 'Remarks: “Estate sale, no disclosures”'],
    [{ saleType: 'Relocation' }, 'saleType', 'relocation', 'Sale type: Relocation'],
    [{ remarks: 'Family sale between siblings.' }, 'saleType', 'family', 'Remarks: “Family sale between siblings”'],
    [{ remarks: 'Sale of a 50% interest in the home.' }, 'saleType', 'partial-interest', 'Remarks: “Sale of a 50% interest in the home”'],
    [{ saleType: 'Standard, Short Sale' }, 'saleType', 'short-sale', 'Sale type: Standard, Short Sale'],
    [{ saleType: 'Real Estate Owned' }, 'saleType', 'foreclosure', 'Sale type: Real Estate Owned'],
    [{ saleType: 'Probate Listing' }, 'saleType', 'estate', 'Sale type: Probate Listing'],
    [{ saleType: 'Family' }, 'saleType', 'family', 'Sale type: Family'],
    [{ saleType: 'Abnorml' }, 'saleType', 'abnormal', 'Sale type: Abnorml'],
    [{ saleType: 'Alloca' }, 'saleType', 'linked-parcels', 'Sale type: Alloca'],
    [{ saleType: 'AdjLand' }, 'saleType', 'linked-parcels', 'Sale type: AdjLand'],
    [{ saleType: 'COD' }, 'saleType', 'estate', 'Sale type: COD'],
  ] as const)('%j → %s %s', (listing, key, value, source) => {
    const reading = readListingFacts(listing)[key];
    expect(reading?.value).toBe(value);
    expect(reading?.source).toBe(source);
  });

  // The UAD steps lump levels together; the finer rating keeps them apart for the market model.
  it.each([
    [{ remarks: 'Grade 9 home' }, 'quality', 2, 9],
    [{ remarks: 'Grade 10 home' }, 'quality', 2, 10],
    [{ remarks: 'Good quality, Typical kitchen' }, 'quality', 3, 7],
    [{ remarks: 'Above_Average quality, Good kitchen' }, 'quality', 3, 6],
    [{ remarks: 'Above_Average quality, Good kitchen' }, 'kitchen', 7, 7],
    [{ remarks: 'Below_Average quality, Fair kitchen' }, 'kitchen', 3, 3],
    [{ remarks: 'Very_Excellent quality' }, 'quality', 1, 10],
    [{ remarks: 'Overall quality: Good. Kitchen quality: Excellent. Condition: Fair.' }, 'quality', 3, 7],
    [{ remarks: 'Overall quality: Good. Kitchen quality: Excellent. Condition: Fair.' }, 'kitchen', 9, 9],
    [{ remarks: 'Overall quality: Good. Kitchen quality: Excellent. Condition: Fair.' }, 'condition', 5, 3],
    [{ remarks: 'The kitchen is typical.' }, 'kitchen', 5, 5],
    [{ remarks: 'Kitchen quality: Excellent. Overall quality: Good.' }, 'quality', 3, 7],
    [{ remarks: 'Exterior condition: Fair, Good condition inside.' }, 'condition', 3, 7],
    [{ quality: 'Q2' }, 'quality', 2, 5],
    [{ condition: 'Very Good' }, 'condition', 2, 8],
    [{ condition: 'Excellent' }, 'condition', 2, 9],
    [{ remarks: 'Home in fair condition, needs TLC.' }, 'condition', 5, 3],
    // A renovation sets the step; the rating still tells the export's word.
    [{ condition: 'Average', remarks: 'Grade 8 home, renovated 2010', closeDate: '2014-10-01' }, 'condition', 2, 5],
  ] as const)('%j → %s step %s, rating %s', (listing, key, value, rating) => {
    const reading = readListingFacts(listing)[key];
    expect(reading?.value).toBe(value);
    expect(reading?.rating).toBe(rating);
  });

  it('rating words keep their order on the finer scale and agree with the steps', () => {
    const words = ['Very_Poor', 'Poor', 'Fair', 'Below_Average', 'Average', 'Above_Average', 'Good', 'Very_Good', 'Excellent', 'Very_Excellent'];
    const ratings = words.map((w) => ratingFromWord(w, 'Q') as number);
    expect(ratings).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // A better word is never a worse UAD step.
    words.forEach((w, k) => k > 0 && expect(stepFromWord(w, 'Q') as number).toBeLessThanOrEqual(stepFromWord(words[k - 1], 'Q') as number));
    expect(ratingFromWord('TA', 'Q')).toBe(5);
    expect(ratingFromWord('Gd', 'Q')).toBe(7);
    expect(ratingFromWord('nice', 'Q')).toBeNull();
  });

  it('reads the latest renovation year, never after the sale nor before the build', () => {
    expect(readListingFacts({ remarks: 'Grade 7 home, renovated 1991', closeDate: '2014-10-01', yearBuilt: 1950 }).renovated).toEqual({ value: 1991, source: 'Remarks: “Grade 7 home, renovated 1991”' });
    expect(readListingFacts({ remarks: 'Remodeled in 2004.' }).renovated?.value).toBe(2004);
    expect(readListingFacts({ remarks: 'renovated 2016', closeDate: '2014-10-01' }).renovated).toBeUndefined();
    expect(readListingFacts({ remarks: 'renovated 1940', yearBuilt: 1950 }).renovated).toBeUndefined();
  });

  it('the rating counts only while the agent keeps the step that was read', () => {
    const read = readListingFacts({ remarks: 'Grade 10 home' }).quality;
    expect(chosenRating(undefined, read)).toBe(10);
    expect(chosenRating(2, read)).toBe(10);
    expect(chosenRating(3, read)).toBeNull();
    expect(chosenRating(null, read)).toBeNull();
    expect(chosenRating(undefined, undefined)).toBeNull();
  });

  it('reads nothing from empty or unrelated text', () => {
    expect(readListingFacts({ remarks: 'Close to parks, shops and light rail.', condition: 'Not Available' })).toEqual({});
    expect(readListingFacts({})).toEqual({});
    // A renovation long before the sale says nothing about today's condition.
    expect(readListingFacts({ condition: 'Average', remarks: 'renovated 1991', closeDate: '2014-10-01' }).condition?.value).toBe(4);
    // Ordinary sales as a sale-conditions column writes them; Ames' "Partial" is a new home sold before it was assessed.
    for (const saleType of ['Standard', 'Normal', 'Partial', 'WD', 'New', 'Arms Length']) expect(readListingFacts({ saleType })).toEqual({});
  });

  it('construction grade maps onto Q1–Q6 in order', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 13 }), (a, b) => {
      const qa = qualityFromGrade(a);
      const qb = qualityFromGrade(b);
      expect(qa).toBeGreaterThanOrEqual(1);
      expect(qa).toBeLessThanOrEqual(6);
      if (a <= b) expect(qa).toBeGreaterThanOrEqual(qb);
    }));
  });

  it('any remark yields only known values, never throws', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (remarks, condition) => {
      const r = readListingFacts({ remarks, condition });
      if (r.quality) expect(r.quality.value).toBeGreaterThanOrEqual(1);
      if (r.condition) expect(r.condition.value).toBeLessThanOrEqual(6);
    }));
    expect(stepFromWord('Typical', 'C')).toBe(4);
  });
});

describe('quality and sale type in comparable selection and adjustments', () => {
  const subject = facts({ id: 'SUBJ', quality: 4, condition: 4, closeDate: '2024-07-01', streetAddress: '1 Subject St' });
  const sale = (id: string, overrides: Parameters<typeof facts>[0]) => facts({ id, streetAddress: `${id} Elm St`, closeDate: '2024-05-01', ...overrides });

  it('comparables of the same or adjacent quality come before closer ones two steps away', () => {
    const pool = [sale('FAR-SAME', { quality: 4, latitude: 39.703 }), sale('NEAR-Q2', { quality: 2, latitude: 39.7005 }), sale('NEAR-Q5', { quality: 5, latitude: 39.701 })];
    expect(selectComparables(subject, pool, { count: 3, asOfDate: '2024-07-01' }).picks.map((p) => p.facts.id)).toEqual(['NEAR-Q5', 'FAR-SAME', 'NEAR-Q2']);
  });

  it('non-market sales are left out by default and listed with the reason', () => {
    const pool = [sale('A', {}), sale('B', {}), sale('C', {}), sale('SHORT', { saleType: 'short-sale' })];
    const selection = selectComparables(subject, pool, { asOfDate: '2024-07-01' });
    expect(selection.picks.map((p) => p.facts.id)).not.toContain('SHORT');
    expect(selection.leftOut.map((l) => [l.facts.id, l.reason])).toEqual([['SHORT', 'short sale, not an open-market sale']]);
    expect(selectComparables(subject, pool, { asOfDate: '2024-07-01', includeNonMarketSales: true }).picks.map((p) => p.facts.id)).toContain('SHORT');
  });

  it('property types are not mixed unless asked', () => {
    const townhouse = { ...subject, propertyType: 'townhouse' as const };
    const pool = [sale('T1', { propertyType: 'townhouse' }), sale('S1', { propertyType: 'single-family' }), sale('U1', { propertyType: null })];
    expect(selectComparables(townhouse, pool, { asOfDate: '2024-07-01' }).picks.map((p) => p.facts.id).sort()).toEqual(['T1', 'U1']);
    expect(selectComparables(townhouse, pool, { asOfDate: '2024-07-01', mixPropertyTypes: true }).picks).toHaveLength(3);
  });

  it('quality is adjusted by the market rate per step, and the line says so', () => {
    const result = adjustComparable(subject, facts({ quality: 3, netSalesPrice: 600_000 }), { rateOverrides: { quality: [null, 40_000, null] } });
    const line = result.lines.find((l) => l.style === 'quality')!;
    expect(line.amount).toBe(-40_000);
    expect(line.explanation).toBe("Quality: subject Q4 Standard vs comparable Q3 Above standard, worse by 1 step × $ 40,000 per step (market-derived, tier '$501,000-$1 Million') = -$ 40,000.");
    // No measured rate: no quality line at all.
    expect(adjustComparable(subject, facts({ quality: 3 })).lines.some((l) => l.style === 'quality')).toBe(false);
  });
});
