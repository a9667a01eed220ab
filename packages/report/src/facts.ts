// Reading spec §3 property records (as saved in a report state) into the engine's SaleFacts and printable facts.
import { ADDITIONAL_FACT_SCALES, type AdditionalFacts, type SaleFacts } from '@cma/valuation';
import type { PropertyRow } from './state';

export const NOT_AVAILABLE = 'Not Available';

/** A finite number from a record value ('1,234', '$ 450,000', 3) or null ('Not Available', '', junk). */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[$,\s]/g, '');
  if (!cleaned || !/^-?\d*\.?\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** Text of a record value, or null when empty / 'Not Available'. */
export function textOf(value: unknown): string | null {
  if (value == null) return null;
  const text = String(value).trim();
  return text && text !== NOT_AVAILABLE && text !== 'undefined' && text !== 'null' ? text : null;
}

/** MM/DD/YYYY or yyyy-mm-dd → yyyy-mm-dd; null otherwise. */
export function isoDate(value: unknown): string | null {
  const text = textOf(value);
  if (!text) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (m) return `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  return null;
}

/** The record's id: Listing Id, else uuid. */
export function recordId(row: PropertyRow, fallback: string): string {
  return textOf(row['Listing Id']) ?? textOf(row.uuid) ?? fallback;
}

function additionalFacts(raw: unknown): AdditionalFacts {
  const facts: AdditionalFacts = {};
  if (!raw || typeof raw !== 'object') return facts;
  for (const [group, scale] of Object.entries(ADDITIONAL_FACT_SCALES)) {
    let value = (raw as Record<string, unknown>)[group];
    // A checkbox group may be saved as a one-element list.
    if (Array.isArray(value)) value = value[0];
    if (typeof value === 'string' && (scale as readonly string[]).includes(value)) (facts as Record<string, string>)[group] = value;
  }
  return facts;
}

/** The engine's view of a record. As the subject, what the agent ticked as subject facts wins over the MLS text. */
export function toSaleFacts(row: PropertyRow, id: string, asSubject: boolean): SaleFacts {
  const fullBaths = numberOf(row['3/4 and Full Bathrooms']);
  const halfBaths = numberOf(row['1/4 and 1/2 Bathrooms']);
  const additional = asSubject
    ? { ...additionalFacts(row.selectedAdditionalInfo), ...additionalFacts(row.subjectAdditionalInfo) }
    : additionalFacts(row.selectedAdditionalInfo);
  return {
    id,
    streetAddress: textOf(row.pdf_address),
    subdivision: textOf(row.Neighborhood),
    status: textOf(row.MLS),
    closeDate: isoDate(row['Close Date']),
    netSalesPrice: numberOf(row['Net Sales Price']) ?? numberOf(row['Close Price']),
    listPrice: numberOf(row['List Price']),
    latitude: numberOf(row.Latitude),
    longitude: numberOf(row.Longitude),
    levels: textOf(row.Levels),
    yearBuilt: numberOf(row['Year Built']),
    lotSizeSqft: numberOf(row['Lot Size']),
    aboveGradeFinishedArea: numberOf(row['Above Grade Finished Area']),
    belowGradeTotalArea: numberOf(row['Below Grade Total Area']),
    belowGradeFinishedArea: numberOf(row['Below Grade Finished Area']),
    fireplaces: numberOf(row.Fireplace),
    garageSpaces: numberOf(row['Garage Spaces']),
    bedrooms: numberOf(row.Bedrooms),
    bathsFullAndThreeQuarter: fullBaths,
    bathsHalfAndQuarter: halfBaths,
    additionalFacts: additional,
  };
}

/** Great-circle distance in miles. */
export function milesBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
