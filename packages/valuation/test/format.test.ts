import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, formatCount, formatRate, formatSignedAmount } from '../src/format';

const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

describe('amount formatting', () => {
  it.each([
    [0, '$ 0'],
    [999, '$ 999'],
    [1000, '$ 1,000'],
    [1234.5, '$ 1,235'],
    [-2500, '-$ 2,500'],
    [1234567, '$ 1,234,567'],
  ])('formatAmount(%s) is %s', (value, expected) => {
    expect(formatAmount(value)).toBe(expected);
  });

  it('groups thousands exactly as Intl en-US does, for any whole amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        const expected = `${value < 0 ? '-' : ''}$ ${intl.format(Math.abs(value))}`;
        expect(formatAmount(value)).toBe(expected);
      }),
    );
  });

  it('signs adjustments and keeps cents on rates', () => {
    expect(formatSignedAmount(5000)).toBe('+$ 5,000');
    expect(formatSignedAmount(-2500.4)).toBe('-$ 2,500');
    expect(formatSignedAmount(0.3)).toBe('$ 0');
    expect(formatRate(16.2)).toBe('$ 16.2');
    expect(formatRate(-5000)).toBe('-$ 5,000');
  });
});

describe('counts', () => {
  it.each([
    [0, 'listing', undefined, '0 listings'],
    [1, 'listing', undefined, '1 listing'],
    [3000, 'listing', undefined, '3,000 listings'],
    [2, 'comparable', undefined, '2 comparables'],
    [12, 'property', 'properties', '12 properties'],
  ])('%i %s → %s', (count, singular, plural, expected) => expect(formatCount(count, singular, plural)).toBe(expected));
});
