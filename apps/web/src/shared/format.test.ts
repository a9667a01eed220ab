import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, formatPhone, limitPhoneInput, phoneDigits, riskColour } from './format';

describe('formatPhone (spec §5)', () => {
  it.each([
    ['3035550142', '303-555-0142'],
    ['(303) 555-0142', '303-555-0142'],
    ['303.555.0142', '303-555-0142'],
    ['303555014', '303555014'],
    ['30355501421', '30355501421'],
    ['abc', ''],
    ['', ''],
  ])('%s → %s', (input, output) => expect(formatPhone(input)).toBe(output));

  it('formats any ten digits to 12 characters and is idempotent', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10}$/), (digits) => {
        const formatted = formatPhone(digits);
        expect(formatted).toHaveLength(12);
        expect(formatPhone(formatted)).toBe(formatted);
        expect(phoneDigits(formatted)).toBe(digits);
      }),
    );
  });
});

describe('limitPhoneInput', () => {
  it('keeps at most ten digits of what is typed or pasted', () => {
    expect(limitPhoneInput('303555014299')).toBe('303-555-0142');
    expect(limitPhoneInput('+1 (303) 555-0142')).toBe('130-355-5014');
    expect(limitPhoneInput('303-555-014')).toBe('303555014');
  });
});

describe('formatAmount (spec §5)', () => {
  it.each([
    [1234, '$ 1,234'],
    [1234.5, '$ 1,235'],
    [0, '$ 0'],
    [612000.4, '$ 612,000'],
  ])('%d → %s', (value, text) => expect(formatAmount(value)).toBe(text));
});

describe('riskColour (spec §5)', () => {
  it.each([
    [0, 'green'],
    [10, 'green'],
    [10.01, 'amber'],
    [20, 'amber'],
    [20.5, 'red'],
  ])('%d%% → %s', (percent, colour) => expect(riskColour(percent)).toBe(colour));
});
