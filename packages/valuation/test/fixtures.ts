// Synthetic sales for tests: a deterministic town whose true rates are known, so the engine can be checked against them.
import { seededRandom, type SaleFacts } from '../src';

export function facts(overrides: Partial<SaleFacts> = {}): SaleFacts {
  return {
    id: 'S1',
    streetAddress: '1 Main Street',
    subdivision: 'Maple Park',
    status: 'Closed',
    closeDate: '2024-06-01',
    netSalesPrice: 400_000,
    listPrice: null,
    latitude: 39.7,
    longitude: -105.0,
    levels: 'Two',
    yearBuilt: 2000,
    lotSizeSqft: 6000,
    aboveGradeFinishedArea: 2000,
    belowGradeTotalArea: 800,
    belowGradeFinishedArea: 600,
    fireplaces: 1,
    garageSpaces: 2,
    bedrooms: 3,
    bathsFullAndThreeQuarter: 2,
    bathsHalfAndQuarter: 1,
    additionalFacts: {},
    ...overrides,
  };
}

/** The same town every run. */
export const random = seededRandom;

export interface TownOptions {
  count: number;
  seed?: number;
  /** True dollars per above-grade sq ft. */
  perSqft?: number;
  perBedroom?: number;
  /** Fractional price change per month. */
  monthlyTrend?: number;
  /** Months of sales ending at endDate. */
  months?: number;
  endDate?: string;
  noise?: number;
}

/** Sales spread over ~6 × 6 miles, prices = neighbourhood level + known rates, with optional trend and noise. */
export function town(options: TownOptions): SaleFacts[] {
  const next = random(options.seed ?? 7);
  const perSqft = options.perSqft ?? 150;
  const perBedroom = options.perBedroom ?? 10_000;
  const months = options.months ?? 12;
  const end = Date.parse(options.endDate ?? '2024-12-31');
  const sales: SaleFacts[] = [];
  for (let i = 0; i < options.count; i++) {
    const lat = 39.7 + next() * 0.09;
    const lng = -105.0 + next() * 0.11;
    // Smooth location value: neighbourhoods differ by up to ±$60k.
    const location = 60_000 * Math.sin(lat * 400) * Math.cos(lng * 300);
    const area = Math.round(1200 + next() * 2000);
    const bedrooms = 2 + Math.floor(next() * 4);
    const monthsAgo = next() * months;
    const date = new Date(end - monthsAgo * 30.4375 * 86_400_000).toISOString().slice(0, 10);
    const base = 150_000 + location + perSqft * area + perBedroom * bedrooms;
    const price = Math.round(base * (1 - (options.monthlyTrend ?? 0) * monthsAgo) * (1 + (options.noise ?? 0) * (next() - 0.5)));
    sales.push(
      facts({
        id: `T${i}`,
        streetAddress: `${i} Town Road`,
        subdivision: `Block ${Math.floor(lat * 100)}`,
        closeDate: date,
        netSalesPrice: price,
        latitude: lat,
        longitude: lng,
        aboveGradeFinishedArea: area,
        bedrooms,
        yearBuilt: 2000,
        lotSizeSqft: 6000,
        belowGradeTotalArea: 0,
        belowGradeFinishedArea: 0,
        fireplaces: 1,
        garageSpaces: 2,
        bathsFullAndThreeQuarter: 2,
        bathsHalfAndQuarter: 1,
      }),
    );
  }
  return sales;
}
