// The generated market of `npm run bench -- mls`: listing i of a Denver-sized MLS as a RESO Data Dictionary Property,
// the same every time (seeded by i), so the RESO server process and the bench agree without sharing memory.
import { createRandom } from '../../apps/server/src/shared/seeded-random';
import { madeUpWords } from './support';

export const BENCH_BASE_TIME = Date.parse('2024-01-01T00:00:00Z');
export const BENCH_TOKEN = 'bench-reso-token';
/** The market's extent: about 40 × 35 miles around Denver. */
export const MARKET = { lat: 39.45, lng: -105.25, latSpan: 0.6, lngSpan: 0.65 } as const;


const capitalized = (w: string) => w[0]!.toUpperCase() + w.slice(1);
export const STREETS = madeUpWords(4000, 7).map(capitalized);
export const CITIES = madeUpWords(60, 11).map(capitalized);
export const SUFFIXES = ['St', 'Ave', 'Dr', 'Ct', 'Ln', 'Way', 'Blvd', 'Pl', 'Cir', 'Rd'];

/** Listing i as the RESO server sends it, with two photos inline. */
export function generatedListing(i: number, origin: string): Record<string, unknown> {
  const r = createRandom(i * 2654435761 + 17);
  const sqft = Math.round(r.between(850, 4200));
  const closed = i % 5 !== 0;
  const price = Math.round((sqft * r.between(260, 520)) / 1000) * 1000;
  const closeDay = new Date(Date.UTC(2026, 4, 1) - r.int(0, 720) * 86_400_000).toISOString().slice(0, 10);
  const key = `BK${i}`;
  return {
    ListingKey: key,
    ListingId: `B${i}`,
    StandardStatus: closed ? 'Closed' : r.pick(['Active', 'Pending']),
    StreetNumber: String(1 + ((i * 31) % 9999)),
    StreetName: STREETS[(i * 13) % STREETS.length],
    StreetSuffix: SUFFIXES[i % SUFFIXES.length],
    City: CITIES[Math.floor(i / 7) % CITIES.length],
    StateOrProvince: 'CO',
    PostalCode: String(80000 + ((i * 17) % 999)).padStart(5, '0'),
    Latitude: MARKET.lat + r.next() * MARKET.latSpan,
    Longitude: MARKET.lng + r.next() * MARKET.lngSpan,
    YearBuilt: r.int(1900, 2024),
    AboveGradeFinishedArea: sqft,
    BedroomsTotal: r.int(1, 6),
    BathroomsFull: r.int(1, 4),
    BathroomsHalf: r.int(0, 1),
    GarageSpaces: r.int(0, 3),
    ListPrice: Math.round(price * r.between(0.95, 1.05)),
    ...(closed ? { ClosePrice: price, CloseDate: closeDay } : {}),
    Levels: [r.pick(['One', 'Two', 'Three Or More', 'Multi/Split'])],
    PublicRemarks: 'Generated listing for the MLS bench.',
    ModificationTimestamp: new Date(BENCH_BASE_TIME + i * 1000).toISOString(),
    Media: [0, 1].map((n) => ({ MediaKey: `${key}-${n}`, Order: n, MediaCategory: 'Photo', MediaURL: `${origin}/photos/${key}-${n}.jpg`, ResourceRecordKey: key })),
  };
}
