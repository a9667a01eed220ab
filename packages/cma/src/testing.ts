// Test data shared by the packages' and the web app's tests: loaded listing records as the pool keeps them (spec §3 names).
import { seededRandom } from '@cma/valuation';
import type { ListingRecord } from './read-listing';

/**
 * `count` closed sales over a year in one area: $180 per sq ft, dearer to the north, each King County grade above 7
 * worth 8 % more, so the comparables and the model both have something to learn.
 */
export function listingRecords(count: number): ListingRecord[] {
  const next = seededRandom(9);
  return Array.from({ length: count }, (_, i) => {
    const lat = 39.7 + next() * 0.1;
    const area = 1200 + Math.round(next() * 1800);
    const grade = 7 + (Math.floor(i / 2) % 3);
    const day = new Date(Date.UTC(2024, 0, 1) + i * (350 / count) * 86_400_000).toISOString().slice(0, 10);
    return {
      uuid: `uuid-M${i}`, 'Listing Id': `M${i}`, properties_address: `${i} Elm St`, 'Postal Code': i % 2 ? '80203' : '80202', MLS: 'Closed', 'Close Date': day,
      'Net Sales Price': Math.round((100_000 + 180 * area + 2_000_000 * (lat - 39.7)) * 1.08 ** (grade - 7) * (0.97 + 0.06 * next())),
      Latitude: lat, Longitude: -105 + next() * 0.1, Levels: 'Two', 'Year Built': 1990 + (i % 25), 'Lot Size': 6000, 'Above Grade Finished Area': area,
      'Below Grade Total Area': 0, 'Below Grade Finished Area': 0, Fireplace: i % 5 === 0 ? 0 : 1, 'Garage Spaces': i % 4 === 0 ? 1 : 2, Bedrooms: 2 + (i % 3),
      '3/4 and Full Bathrooms': 2, '1/4 and 1/2 Bathrooms': 0, 'Public-Remarks': `Grade ${grade} home.`,
    };
  });
}
