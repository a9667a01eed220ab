import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { computeMarketStats, statusGroup, type MarketListing, type MarketSubject } from '../src/market-stats';

const subject: MarketSubject = { latitude: 39.7335, longitude: -104.9262, subdivision: 'Hale', postalCode: '80220' };
let n = 0;
const listing = (over: Partial<MarketListing>): MarketListing => ({
  id: `L${++n}`,
  status: 'Closed',
  listPrice: null,
  salePrice: null,
  closeDate: null,
  daysOnMarket: null,
  aboveGradeArea: null,
  latitude: 39.7335,
  longitude: -104.9262,
  subdivision: 'Hale',
  postalCode: '80220',
  ...over,
});

// Hand-computed case: as of 2026-11-20, window Dec 2025 – Nov 2026.
const listings: MarketListing[] = [
  listing({ closeDate: '2026-09-18', salePrice: 800000, listPrice: 825000, daysOnMarket: 12, aboveGradeArea: 2000 }), // 400/sqft, ratio 0.969697
  listing({ closeDate: '2026-09-02', salePrice: 600000, listPrice: 600000, daysOnMarket: 30, aboveGradeArea: 1500 }), // 400/sqft, ratio 1
  listing({ closeDate: '2026-03-10', salePrice: 700000, listPrice: 680000, daysOnMarket: 5, aboveGradeArea: 1400 }), // 500/sqft, ratio 1.029412
  listing({ closeDate: '2025-11-30', salePrice: 900000, listPrice: 900000, daysOnMarket: 40 }), // before the window
  listing({ closeDate: '2026-11-25', salePrice: 950000, listPrice: 950000 }), // after asOf
  listing({ status: 'Active', listPrice: 750000 }),
  listing({ status: 'Active', listPrice: 760000 }),
  listing({ status: 'Active Under Contract', listPrice: 770000 }),
  listing({ status: 'Pending', listPrice: 780000 }),
  listing({ status: 'Expired', listPrice: 790000 }),
  listing({ closeDate: '2026-06-01', salePrice: 650000, latitude: 39.9, longitude: -104.9262, subdivision: 'Elsewhere', postalCode: '80221' }), // ~11.5 mi north
];

describe('market statistics (hand-computed)', () => {
  const stats = computeMarketStats(listings, subject, { kind: 'radius', miles: 1 }, '2026-11-20');

  it('keeps the listings within the radius and the 12 months ending with the as-of month', () => {
    expect(stats.areaLabel).toBe('Within 1 mile of the subject');
    expect(stats.listingsInArea).toBe(10);
    expect(stats.window).toEqual({ from: '2025-12', to: '2026-11' });
    expect(stats.months).toHaveLength(12);
    expect(stats.closedSales).toBe(3);
    expect(stats.months.find((m) => m.month === '2026-09')).toEqual({ month: '2026-09', closedSales: 2, medianSalePrice: 700000, medianPricePerSqft: 400 });
    expect(stats.months.find((m) => m.month === '2026-03')).toEqual({ month: '2026-03', closedSales: 1, medianSalePrice: 700000, medianPricePerSqft: 500 });
    expect(stats.months.find((m) => m.month === '2026-01')).toEqual({ month: '2026-01', closedSales: 0, medianSalePrice: null, medianPricePerSqft: null });
  });

  it('computes the medians with the number of listings behind each', () => {
    expect(stats.medianSalePrice).toEqual({ value: 700000, basedOn: 3 });
    expect(stats.medianPricePerSqft).toEqual({ value: 400, basedOn: 3 });
    expect(stats.medianDaysOnMarket).toEqual({ value: 12, basedOn: 3 });
    expect(stats.saleToListRatio!.basedOn).toBe(3);
    expect(stats.saleToListRatio!.value).toBe(1);
  });

  it('counts by status and derives months of supply and absorption from them', () => {
    // Active Under Contract is pending; Expired is neither.
    expect(stats.counts).toEqual({ active: 2, pending: 2, closed: 3, basedOn: 10 });
    // 3 sales in 12 months = 0.25 a month; 2 active listings → 8 months of supply, 12.5 % absorbed a month.
    expect(stats.monthsOfSupply).toEqual({ value: 8, basedOn: 5 });
    expect(stats.absorptionRate).toEqual({ value: 0.125, basedOn: 5 });
  });

  it('filters by subdivision and by zip code', () => {
    expect(computeMarketStats(listings, subject, { kind: 'subdivision' }, '2026-11-20').listingsInArea).toBe(10);
    const elsewhere = computeMarketStats(listings, { ...subject, subdivision: 'elsewhere ' }, { kind: 'subdivision' }, '2026-11-20');
    expect(elsewhere.areaLabel).toBe('Subdivision elsewhere ');
    expect(elsewhere.closedSales).toBe(1);
    const zip = computeMarketStats(listings, { ...subject, postalCode: '80221-1234' }, { kind: 'zip' }, '2026-11-20');
    expect(zip.areaLabel).toBe('Zip code 80221');
    expect(zip.medianSalePrice).toEqual({ value: 650000, basedOn: 1 });
  });

  it('leaves out each figure the data cannot support', () => {
    const bare = [listing({ status: null, closeDate: '2026-05-01', salePrice: 500000 }), listing({ status: null, closeDate: '2026-06-01', salePrice: 520000 })];
    const stats = computeMarketStats(bare, subject, { kind: 'zip' }, '2026-11-20');
    expect(stats.closedSales).toBe(2);
    expect(stats.medianSalePrice).toEqual({ value: 510000, basedOn: 2 });
    expect(stats.medianPricePerSqft).toBeNull();
    expect(stats.medianDaysOnMarket).toBeNull();
    expect(stats.saleToListRatio).toBeNull();
    expect(stats.counts).toBeNull();
    expect(stats.monthsOfSupply).toBeNull();
    expect(stats.absorptionRate).toBeNull();
  });

  it('says why an area cannot be applied', () => {
    const stats = computeMarketStats(listings, { ...subject, latitude: null }, { kind: 'radius', miles: 2 }, '2026-11-20');
    expect(stats.areaProblem).toBe('The subject has no latitude and longitude.');
    expect(stats.listingsInArea).toBe(0);
    expect(stats.medianSalePrice).toBeNull();
  });

  it('groups MLS statuses', () => {
    expect(['Active', 'Coming Soon', 'Pending', 'Active Under Contract', 'Closed', 'Sold', 'Withdrawn'].map(statusGroup)).toEqual([
      'active', 'active', 'pending', 'pending', 'closed', 'closed', 'other',
    ]);
  });
});

const arbitraryListing = fc.record({
  id: fc.uuid(),
  status: fc.option(fc.constantFrom('Closed', 'Active', 'Pending', 'Expired'), { nil: null }),
  listPrice: fc.option(fc.integer({ min: 50_000, max: 3_000_000 }), { nil: null }),
  salePrice: fc.option(fc.integer({ min: 50_000, max: 3_000_000 }), { nil: null }),
  closeDate: fc.option(fc.date({ min: new Date('2025-01-01'), max: new Date('2027-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), { nil: null }),
  daysOnMarket: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
  aboveGradeArea: fc.option(fc.integer({ min: 400, max: 8000 }), { nil: null }),
  latitude: fc.double({ min: 39.70, max: 39.77, noNaN: true }),
  longitude: fc.double({ min: -104.96, max: -104.89, noNaN: true }),
  subdivision: fc.constantFrom('Hale', 'Montclair', null),
  postalCode: fc.constantFrom('80220', '80206', null),
});

describe('market statistics (properties)', () => {
  it('monthly sales add up to the window total; medians lie within the values; supply × absorption = 1', () => {
    fc.assert(
      fc.property(fc.array(arbitraryListing, { maxLength: 60 }), fc.constantFrom({ kind: 'radius', miles: 2 } as const, { kind: 'subdivision' } as const, { kind: 'zip' } as const), (ls, area) => {
        const stats = computeMarketStats(ls, subject, area, '2026-11-20');
        expect(stats.months.reduce((sum, m) => sum + m.closedSales, 0)).toBe(stats.closedSales);
        const prices = ls.map((l) => l.salePrice).filter((p): p is number => p != null);
        if (stats.medianSalePrice) {
          expect(stats.medianSalePrice.value).toBeGreaterThanOrEqual(Math.min(...prices));
          expect(stats.medianSalePrice.value).toBeLessThanOrEqual(Math.max(...prices));
          expect(stats.medianSalePrice.basedOn).toBeLessThanOrEqual(stats.closedSales);
        }
        if (stats.counts) expect(stats.counts.active + stats.counts.pending + stats.counts.closed).toBeLessThanOrEqual(stats.counts.basedOn);
        if (stats.monthsOfSupply && stats.absorptionRate) expect(stats.monthsOfSupply.value * stats.absorptionRate.value).toBeCloseTo(1, 9);
      }),
    );
  });

  it('does not depend on the order of the listings', () => {
    fc.assert(
      fc.property(fc.array(arbitraryListing, { maxLength: 30 }), (ls) => {
        const a = computeMarketStats(ls, subject, { kind: 'radius', miles: 3 }, '2026-11-20');
        const b = computeMarketStats([...ls].reverse(), subject, { kind: 'radius', miles: 3 }, '2026-11-20');
        expect(b).toEqual(a);
      }),
    );
  });
});
