// Deterministic demo listings (pure): the same seed and reference date always give the same listings. They are
// written as a REcolorado-style export and read back through @cma/listings-import, so demo records have exactly
// the shape of an uploaded CSV.
import { parseListingsCsv, type PropertyRecord } from '@cma/listings-import';
import { DEMO_NEIGHBORHOODS, type DemoNeighborhood } from './neighborhoods';
import { createRandom } from '../../../shared/seeded-random';

export interface DemoOptions {
  /** How many listings (default 1,200). */
  count?: number;
  /** Sales close in the 24 months before this date; default 2026-01-01 for stable tests. */
  referenceDate?: Date;
  seed?: number;
}

export const DEMO_LISTING_COUNT = 1200;
export const DEMO_PHOTOS_PER_LISTING = 3;
export const DEMO_LISTING_ID_PREFIX = 'DEMO-';

export const DEMO_CSV_HEADERS = [
  'Listing ID', 'Mls Status', 'Street Number', 'Street Name', 'Unit Number', 'City', 'State Or Province', 'Postal Code',
  'County Or Parish', 'Subdivision Name', 'Levels', 'Year Built', 'Above Grade Finished Area', 'Below Grade (SqFt) Total',
  'Below Grade Finished Area', 'Building Area Total', 'Lot Size Square Feet', 'Bedrooms Total', 'Bedrooms Above Grade',
  'Bathrooms Total Integer', 'Bathrooms Full', 'Bathrooms Three Quarter', 'Bathrooms Half', 'Garage Spaces',
  'Fireplaces Total', 'List Price', 'Original List Price', 'Close Price', 'Concessions Amount', 'Close Date',
  'Listing Contract Date', 'Days In MLS', 'Latitude', 'Longitude', 'Association Fee', 'Association Fee Frequency',
  'Tax Annual Amount', 'Tax Year', 'Elementary School', 'Middle Or Junior School', 'High School', 'High School District',
  'Roof', 'Flooring', 'Heating', 'Cooling', 'Basement', 'Property Condition', 'Property Type', 'Public Remarks',
] as const;
type DemoRow = Record<(typeof DEMO_CSV_HEADERS)[number], string | number>;

const DAY_MS = 86_400_000;
const usDate = (date: Date) =>
  `${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCDate()).padStart(2, '0')}/${date.getUTCFullYear()}`;
const round = (value: number, step: number) => Math.round(value / step) * step;

/** How the remarks name a home's levels ("Two home" is not English). */
const STYLE_OF_LEVELS: Record<string, string> = {
  One: 'Ranch-style',
  Two: 'Two-storey',
  'Three Or More': 'Three-storey',
  'Bi-Level': 'Bi-level',
  'Tri-Level': 'Tri-level',
  'Multi/Split': 'Split-level',
};

function demoRow(index: number, hood: DemoNeighborhood, random: ReturnType<typeof createRandom>, reference: Date): DemoRow {
  const listingId = `${DEMO_LISTING_ID_PREFIX}${String(index + 1).padStart(6, '0')}`;
  const yearBuilt = random.int(hood.yearBuilt[0], hood.yearBuilt[1]);
  const aboveGrade = round(Math.min(6000, Math.max(650, random.between(hood.sqft[0], hood.sqft[1]) + random.normal() * 150)), 10);
  const hasBasement = yearBuilt < 1995 ? random.next() < 0.75 : random.next() < 0.55;
  const belowTotal = hasBasement ? round(aboveGrade * random.between(0.35, 0.9), 10) : 0;
  const belowFinished = hasBasement ? round(belowTotal * random.pick([0, 0.5, 0.8, 1]), 10) : 0;
  const levels = aboveGrade > 2300 ? random.pick(['Two', 'Two', 'Three Or More', 'Multi/Split']) : random.pick(['One', 'One', 'Two', 'Bi-Level', 'Tri-Level']);
  const bedrooms = Math.max(1, Math.min(7, Math.round(aboveGrade / 650 + (belowFinished > 400 ? 1 : 0) + random.normal() * 0.5)));
  const bathsFull = Math.max(1, Math.min(5, Math.round(aboveGrade / 1100 + random.normal() * 0.4)));
  const bathsThreeQuarter = belowFinished > 300 && random.next() < 0.7 ? 1 : 0;
  const bathsHalf = levels === 'One' ? (random.next() < 0.3 ? 1 : 0) : random.next() < 0.75 ? 1 : 0;
  const garage = yearBuilt < 1940 ? random.pick([0, 1, 1, 2]) : random.pick([1, 2, 2, 2, 3]);
  const fireplaces = random.pick([0, 1, 1, 1, 2]);
  const lot = round(yearBuilt > 2000 ? random.between(3500, 9000) : random.between(4500, 12000), 10);

  // Status mix: mostly sales over the last two years, some active and pending listings.
  const roll = random.next();
  const status = roll < 0.78 ? 'Closed' : roll < 0.93 ? 'Active' : 'Pending';
  const daysAgo = status === 'Closed' ? Math.floor(random.between(3, 720)) : 0;
  const closeDate = new Date(reference.getTime() - daysAgo * DAY_MS);
  const daysOnMarket = random.int(3, status === 'Active' ? 60 : 95);
  const listDate = new Date((status === 'Closed' ? closeDate.getTime() - 30 * DAY_MS : reference.getTime()) - daysOnMarket * DAY_MS);

  // Price: neighbourhood rate × size, plus basement, garage, age and a 4 %/year market trend, with noise.
  const monthsAgo = daysAgo / 30.4;
  const trend = 1 - 0.04 * (monthsAgo / 12);
  const ageFactor = 1 - Math.min(0.12, Math.max(0, (2020 - yearBuilt) / 1000));
  const value =
    (aboveGrade * hood.pricePerSqft * ageFactor + belowFinished * hood.pricePerSqft * 0.35 + (belowTotal - belowFinished) * 15 + garage * 9000 + fireplaces * 4000) *
    trend *
    (1 + random.normal() * 0.06);
  const listPrice = round(value * random.between(0.99, 1.05), 1000);
  const closePrice = status === 'Closed' ? round(value, 500) : '';
  const concessions = status === 'Closed' && random.next() < 0.25 ? round(random.between(2000, 12000), 500) : 0;
  const street = random.pick(hood.streets);
  const number = random.int(100, 9899);
  const condo = hood.name === 'Cherry Creek' && random.next() < 0.2;
  const remarks = `${STYLE_OF_LEVELS[levels]} home in ${hood.name} built in ${yearBuilt}: ${bedrooms} bedrooms, ${aboveGrade.toLocaleString('en-US')} sq ft above grade${hasBasement ? ` and ${belowFinished ? 'a finished' : 'an unfinished'} basement` : ''}. Demo listing generated by CMA Studio.`;

  return {
    'Listing ID': listingId,
    'Mls Status': status,
    'Street Number': number,
    'Street Name': street,
    'Unit Number': condo ? String(random.int(1, 40)) : '',
    City: hood.city,
    'State Or Province': 'CO',
    'Postal Code': hood.postalCode,
    'County Or Parish': hood.county,
    'Subdivision Name': hood.name,
    Levels: levels,
    'Year Built': yearBuilt,
    'Above Grade Finished Area': aboveGrade,
    'Below Grade (SqFt) Total': belowTotal,
    'Below Grade Finished Area': belowFinished,
    'Building Area Total': aboveGrade + belowTotal,
    'Lot Size Square Feet': lot,
    'Bedrooms Total': bedrooms,
    'Bedrooms Above Grade': Math.max(1, bedrooms - (belowFinished > 400 ? 1 : 0)),
    'Bathrooms Total Integer': bathsFull + bathsThreeQuarter + bathsHalf,
    'Bathrooms Full': bathsFull,
    'Bathrooms Three Quarter': bathsThreeQuarter,
    'Bathrooms Half': bathsHalf,
    'Garage Spaces': garage,
    'Fireplaces Total': fireplaces,
    'List Price': listPrice,
    'Original List Price': round(listPrice * random.between(1, 1.04), 1000),
    'Close Price': closePrice,
    'Concessions Amount': status === 'Closed' ? concessions : '',
    'Close Date': status === 'Closed' ? usDate(closeDate) : '',
    'Listing Contract Date': usDate(listDate),
    'Days In MLS': daysOnMarket,
    Latitude: Number((hood.latitude + random.normal() * 0.006).toFixed(6)),
    Longitude: Number((hood.longitude + random.normal() * 0.008).toFixed(6)),
    'Association Fee': yearBuilt > 1995 ? round(random.between(40, 120), 5) : '',
    'Association Fee Frequency': yearBuilt > 1995 ? 'Monthly' : '',
    'Tax Annual Amount': round(value * 0.0055, 1),
    'Tax Year': reference.getUTCFullYear() - 1,
    'Elementary School': `${street.replace(/^[NSEW] /, '').split(' ')[0]} Elementary`,
    'Middle Or Junior School': `${hood.name} Middle`,
    'High School': `${hood.city} High`,
    'High School District': hood.schoolDistrict,
    Roof: random.pick(['Composition', 'Architectural Shingles', 'Concrete Tile', 'Metal']),
    Flooring: random.pick(['Carpet, Wood', 'Tile, Vinyl', 'Wood', 'Carpet, Laminate, Tile']),
    Heating: random.pick(['Forced Air', 'Forced Air, Natural Gas', 'Radiant', 'Baseboard']),
    Cooling: random.pick(['Central Air', 'Central Air', 'Evaporative Cooling', 'None']),
    Basement: hasBasement ? (belowFinished ? 'Finished' : 'Unfinished') : 'None',
    'Property Condition': yearBuilt > 2015 ? 'New Construction' : random.pick(['Updated/Remodeled', 'Average', 'Good']),
    'Property Type': condo ? 'Condominium' : 'Single Family Residence',
    'Public Remarks': remarks,
  };
}

/** The demo rows, deterministic for a seed and reference date. Neighbourhoods get listings in turn. */
export function generateDemoRows(options: DemoOptions = {}): DemoRow[] {
  const count = options.count ?? DEMO_LISTING_COUNT;
  const reference = options.referenceDate ?? new Date(Date.UTC(2026, 0, 1));
  const random = createRandom(options.seed ?? 20_260_101);
  return Array.from({ length: count }, (_, i) => demoRow(i, DEMO_NEIGHBORHOODS[i % DEMO_NEIGHBORHOODS.length]!, random, reference));
}

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The demo rows as a REcolorado-style CSV export. */
export function demoListingsCsv(options: DemoOptions = {}): string {
  const rows = generateDemoRows(options);
  return [DEMO_CSV_HEADERS.join(','), ...rows.map((row) => DEMO_CSV_HEADERS.map((h) => csvCell(row[h])).join(','))].join('\r\n') + '\r\n';
}

/** Deterministic v4-shaped uuid from a listing id (records keep the same uuid across seeds). */
function stableUuid(text: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  const hex: string[] = [];
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < text.length; i++) {
      h1 = Math.imul(h1 ^ text.charCodeAt(i), 16777619) >>> 0;
      h2 = Math.imul(h2 ^ (text.charCodeAt(i) + round), 2246822519) >>> 0;
    }
    hex.push(((h1 ^ h2) >>> 0).toString(16).padStart(8, '0'));
  }
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${'89ab'[parseInt(s[16]!, 16) % 4]}${s.slice(17, 20)}-${s.slice(20, 32)}`;
}

/** The demo listings as property records (through the real CSV importer). */
export function generateDemoRecords(options: DemoOptions = {}): PropertyRecord[] {
  let next = 0;
  const ids = generateDemoRows(options).map((row) => stableUuid(String(row['Listing ID'])));
  const result = parseListingsCsv(demoListingsCsv(options), { format: 'recolorado', uuid: () => ids[next++]!, referenceDate: options.referenceDate });
  if (result.errors.length) throw new Error(`demo listings did not import cleanly: line ${result.errors[0]!.line}: ${result.errors[0]!.message}`);
  return result.records;
}

/** URL paths of a demo listing's placeholder photos (served by GET /api/listing-photos/…). */
export function demoPhotoPaths(listingId: string): string[] {
  return Array.from({ length: DEMO_PHOTOS_PER_LISTING }, (_, i) => `/api/listing-photos/demo/${encodeURIComponent(listingId)}/${i + 1}.svg`);
}
