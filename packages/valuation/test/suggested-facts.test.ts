import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ADDITIONAL_FACT_SCALES, suggestAdditionalFacts, withSuggestedFacts, type AdditionalFactGroup } from '../src';

describe('additional home facts suggested from the listing', () => {
  it.each([
    [{ basement: 'Walk-Out Access, Finished' }, 'Basement Type', 'Walkout'],
    [{ basement: 'Garden Level, Finished' }, 'Basement Type', 'Garden Level'],
    [{ basement: 'Full, Unfinished' }, 'Basement Type', 'In-Ground'],
    [{ basement: 'Crawl Space' }, 'Basement Type', 'None'],
    [{ basement: '', belowGradeTotalArea: 0 }, 'Basement Type', 'None'],
    [{ cooling: 'Central Air' }, 'Heating/Cooling', 'Central Air'],
    [{ cooling: 'Evaporative Cooling' }, 'Heating/Cooling', 'Evaporative'],
    [{ cooling: 'Ductless Mini-Split' }, 'Heating/Cooling', 'Split Zone'],
    [{ cooling: 'None' }, 'Heating/Cooling', 'None'],
    [{ remarks: 'Sunny home. The kitchen was fully remodeled in 2021. Close to parks.' }, 'Kitchen Condition', 'Full Update'],
    [{ remarks: 'Updated kitchen with quartz counters.' }, 'Kitchen Condition', 'Partial Update High'],
    [{ remarks: 'Original kitchen, bring your ideas.' }, 'Kitchen Condition', 'Dated'],
    [{ remarks: 'Both bathrooms renovated last year.' }, 'Bathroom Condition', 'Full Update'],
    [{ remarks: 'New vinyl windows throughout.' }, 'Windows', 'Excellent New'],
  ] as const)('%j → %s %s', (listing, group, value) => {
    expect(suggestAdditionalFacts(listing)[group as AdditionalFactGroup]?.value).toBe(value);
  });

  it('says where each suggestion was read, and guesses nothing from empty or unrelated text', () => {
    expect(suggestAdditionalFacts({ cooling: 'Central Air' })['Heating/Cooling']?.source).toBe('Cooling: Central Air');
    expect(suggestAdditionalFacts({ remarks: 'Sunny home. The kitchen was fully remodeled in 2021. Close to parks.' })['Kitchen Condition']?.source).toBe(
      'Remarks: “The kitchen was fully remodeled in 2021”',
    );
    expect(suggestAdditionalFacts({ basement: 'Not Available', cooling: '', remarks: 'Close to parks, shops, and light rail.' })).toEqual({});
    expect(suggestAdditionalFacts({})).toEqual({});
  });

  it('never suggests Location, and every suggestion is an option of its group', () => {
    fc.assert(
      fc.property(fc.record({ basement: fc.string(), cooling: fc.string(), heating: fc.string(), remarks: fc.string(), belowGradeTotalArea: fc.option(fc.nat()) }), (listing) => {
        const suggestions = suggestAdditionalFacts(listing);
        expect(suggestions.Location).toBeUndefined();
        for (const [group, suggestion] of Object.entries(suggestions)) {
          expect(ADDITIONAL_FACT_SCALES[group as AdditionalFactGroup] as readonly string[]).toContain(suggestion!.value);
        }
      }),
    );
  });

  it('fills only the groups the agent left unset, and names them', () => {
    const suggestions = suggestAdditionalFacts({ basement: 'Full, Unfinished', cooling: 'Central Air' });
    expect(withSuggestedFacts({ 'Heating/Cooling': 'None', Location: 'Good' }, suggestions)).toEqual({
      facts: { 'Heating/Cooling': 'None', Location: 'Good', 'Basement Type': 'In-Ground' },
      suggested: ['Basement Type'],
    });
  });
});
