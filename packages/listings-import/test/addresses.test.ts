// addressLines builds both address fields with one join; it must equal joining the present parts group by group.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressLines } from '../src/row-mapper';
import { NOT_AVAILABLE } from '../src/values';

/** The plain definition: parts present, ' ' inside the street and state-zip groups, ', ' between groups, then the unit. */
function expected(street: string[], city: string, state: string, postal: string, unit: string) {
  const present = (parts: string[]) => parts.filter((part) => part !== '' && part !== NOT_AVAILABLE);
  const streetLine = present(street).join(' ');
  let full = present([streetLine, city, present([state, postal]).join(' ')]).join(', ');
  if (unit !== NOT_AVAILABLE) full = `${full} (unit ${unit})`;
  return { street: streetLine, full };
}

const part = fc.constantFrom('', NOT_AVAILABLE, '1234', 'N', 'Main', 'St', 'Colorado Springs', 'CO', '80202', 'Cherry Creek South Drive');

describe('addressLines', () => {
  it('equals the parts joined group by group, for every mix of present and missing parts', () => {
    fc.assert(
      fc.property(fc.array(part, { minLength: 5, maxLength: 5 }), part, part, part, fc.constantFrom(NOT_AVAILABLE, '5', '12B'), (street, city, state, postal, unit) => {
        expect(addressLines(street, city, state, postal, unit)).toEqual(expected(street, city, state, postal, unit));
      }),
      { numRuns: 500 },
    );
  });

  it.each([
    [['1234', 'N', 'Main', 'St', NOT_AVAILABLE], 'Denver', 'CO', '80202', '5', '1234 N Main St', '1234 N Main St, Denver, CO 80202 (unit 5)'],
    [[NOT_AVAILABLE, '', NOT_AVAILABLE, '', ''], NOT_AVAILABLE, NOT_AVAILABLE, '80202', NOT_AVAILABLE, '', '80202'],
    [[NOT_AVAILABLE, '', NOT_AVAILABLE, '', ''], NOT_AVAILABLE, NOT_AVAILABLE, NOT_AVAILABLE, '7', '', ' (unit 7)'],
    [['9', 'Elm'], NOT_AVAILABLE, 'CO', NOT_AVAILABLE, NOT_AVAILABLE, '9 Elm', '9 Elm, CO'],
  ])('%j, %j, %j, %j, unit %j', (street, city, state, postal, unit, streetLine, full) => {
    expect(addressLines(street, city, state, postal, unit)).toEqual({ street: streetLine, full });
  });
});
