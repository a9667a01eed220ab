// Property records as the workflow store keeps them (spec §3 field names); @cma/cma's readListingRecord reads their facts.
import { suggestedFactsOf } from '@cma/cma';
import type { ListingSource } from '@cma/contracts';
import { NOT_AVAILABLE, type CsvType, type PropertyRecord } from '@cma/listings-import';
import { withSuggestedFacts, type AdditionalFactGroup, type AgentUadSteps, type AdditionalFacts } from '@cma/valuation';

/** A property record in the store: the spec's PropertyRecord, loosely typed because history restores arbitrary JSON. */
export type CmaRecord = Omit<Partial<PropertyRecord>, 'add_adjustment'> & {
  uuid: string;
  add_adjustment?: boolean;
  /** The listing database's source of a record found by a search (absent for CSV and hand-typed records). */
  listingSource?: ListingSource;
  /** The MLS a listing-database record belongs to (its photos and saved copies are its members' only). */
  listingMls?: string;
  /** True once the listing's photos are among the property's stored photos (model/listingPhotos.ts). */
  listingPhotosCopied?: boolean;
  /** Quality and condition the agent confirmed or picked (UAD 1–6, null = not known); they win over the listing's reading. */
  agentQuality?: AgentUadSteps['agentQuality'];
  agentCondition?: AgentUadSteps['agentCondition'];
  [key: string]: unknown;
};

export function isRecord(value: unknown): value is CmaRecord {
  return !!value && typeof value === 'object' && typeof (value as { uuid?: unknown }).uuid === 'string';
}

export function asRecords(list: unknown): CmaRecord[] {
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** The loaded listings with each chosen comparable's own copy in its place, so the agent's edits to it count for ranking and the model. */
export function withComparableEdits(listings: readonly CmaRecord[], comparables: unknown): CmaRecord[] {
  const chosen = new Map(asRecords(comparables).map((c) => [c.uuid, c]));
  return chosen.size === 0 ? [...listings] : listings.map((record) => chosen.get(record.uuid) ?? record);
}

/** What the listing's own columns and remarks suggest for its additional home facts (one reader, in @cma/cma). */
export { suggestedFactsOf };

/**
 * A comparable (facts key `selectedAdditionalInfo`) or the subject (`subjectAdditionalInfo`) with its unset additional
 * facts filled from its listing; `suggestedFacts` names the filled groups until the agent confirms or edits them.
 */
export function withListingSuggestions(record: CmaRecord, key: 'selectedAdditionalInfo' | 'subjectAdditionalInfo'): CmaRecord {
  if (record.factsSuggested === true) return record; // suggested once; the agent's edits since then stand
  const suggestions = suggestedFactsOf(record);
  const { facts } = withSuggestedFacts((record[key] as AdditionalFacts | undefined) ?? {}, suggestions);
  // The importer fills Basement and Heating/Cooling the same way: whatever still equals the listing's reading is a suggestion.
  const suggested = (Object.keys(suggestions) as AdditionalFactGroup[]).filter((group) => facts[group] === suggestions[group]!.value);
  return { ...record, [key]: facts, suggestedFacts: suggested, factsSuggested: true };
}

/** The groups of a record still showing a suggestion the agent has not confirmed. */
export function unconfirmedSuggestions(record: CmaRecord): AdditionalFactGroup[] {
  return Array.isArray(record.suggestedFacts) ? (record.suggestedFacts as AdditionalFactGroup[]) : [];
}

/** The first photo a record can show as a thumbnail (a listing photo URL or a stored photo's data URL), if any. */
export function thumbnailOf(record: CmaRecord): string | null {
  const first = Array.isArray(record.propertyImages) ? record.propertyImages[0] : undefined;
  const src = typeof first === 'string' ? first : first && typeof first === 'object' && typeof (first as { url?: unknown }).url === 'string' ? (first as { url: string }).url : null;
  return src && /^(https?:|data:image\/|\/)/.test(src) ? src : null;
}

export function text(value: unknown): string {
  if (value === undefined || value === null || value === '') return NOT_AVAILABLE;
  if (typeof value === 'number') return Number.isFinite(value) ? value.toLocaleString('en-US') : NOT_AVAILABLE;
  return String(value);
}

export function addressOf(record: CmaRecord | null | undefined): string {
  if (!record) return '';
  const address = record.properties_address;
  return typeof address === 'string' && address !== NOT_AVAILABLE ? address : `Property ${record['Listing Id'] ?? record.uuid.slice(0, 8)}`;
}

export function newUuid(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A record for a property typed in by hand: every fact 'Not Available' until the agent fills it. */
export function blankRecord(csvType: CsvType = 'ReColorado'): CmaRecord {
  const na = NOT_AVAILABLE;
  return {
    uuid: newUuid(),
    csvType,
    'Listing Id': `MANUAL-${Date.now().toString(36).toUpperCase()}`,
    MLS: 'Closed',
    'Street Number': '',
    'Street Name': '',
    City: '',
    State: 'CO',
    'Postal Code': '',
    properties_address: '',
    pdf_address: '',
    Neighborhood: na,
    Latitude: na,
    Longitude: na,
    Levels: na,
    'Year Built': na,
    'Lot Size': na,
    'Above Grade Finished Area': na,
    'Below Grade Total Area': na,
    'Below Grade Finished Area': na,
    'Total Square Feet': na,
    Fireplace: na,
    'Above Grade Bedrooms': na,
    Bedrooms: na,
    Bathrooms: na,
    '3/4 and Full Bathrooms': na,
    '1/4 and 1/2 Bathrooms': na,
    'Garage Spaces': na,
    'List Price': na,
    'Close Price': na,
    Concessions: na,
    'Net Sales Price': na,
    perSquareFeet: na,
    'Close Date': na,
    'Public-Remarks': NOT_AVAILABLE,
    added_COMPARABLESLIST: { Current_State: 'Closed', Sold_Date: na, Sold_Price: na },
    add_adjustment: true,
    notes: '',
    agentNotes: '',
    checked: false,
    propertyImages: [],
    selectedAdditionalInfo: {},
    subjectAdditionalInfo: {},
  };
}

/** Rebuilds the derived address fields after the agent edits the street parts. */
export function withAddress(record: CmaRecord): CmaRecord {
  const street = [record['Street Number'], record['Street Dir Prefix'], record['Street Name'], record['Street Suffix']]
    .filter((part) => typeof part === 'string' && part && part !== NOT_AVAILABLE)
    .join(' ');
  const place = [record.City, [record.State, record['Postal Code']].filter((p) => p && p !== NOT_AVAILABLE).join(' ')]
    .filter((p) => p && p !== NOT_AVAILABLE)
    .join(', ');
  const unit = record['Unit Number'] && record['Unit Number'] !== NOT_AVAILABLE ? ` (unit ${record['Unit Number']})` : '';
  if (!street) return record;
  return { ...record, pdf_address: street, properties_address: `${street}${place ? `, ${place}` : ''}${unit}` };
}

/** Facts the agent can correct, in form order; numeric ones are stored as numbers or 'Not Available'. */
export const EDITABLE_FACTS: readonly { key: string; label: string; kind: 'text' | 'number' | 'levels' | 'date' }[] = [
  { key: 'Street Number', label: 'Street number', kind: 'text' },
  { key: 'Street Name', label: 'Street name', kind: 'text' },
  { key: 'Unit Number', label: 'Unit', kind: 'text' },
  { key: 'City', label: 'City', kind: 'text' },
  { key: 'State', label: 'State', kind: 'text' },
  { key: 'Postal Code', label: 'Postal code', kind: 'text' },
  { key: 'MLS', label: 'MLS status', kind: 'text' },
  { key: 'Listing Id', label: 'Listing Id', kind: 'text' },
  { key: 'Neighborhood', label: 'Neighborhood', kind: 'text' },
  { key: 'Levels', label: 'Levels', kind: 'levels' },
  { key: 'Year Built', label: 'Year Built', kind: 'number' },
  { key: 'Lot Size', label: 'Lot Size (sq ft)', kind: 'number' },
  { key: 'Above Grade Finished Area', label: 'Above Grade Finished Area', kind: 'number' },
  { key: 'Below Grade Total Area', label: 'Below Grade Total Area', kind: 'number' },
  { key: 'Below Grade Finished Area', label: 'Below Grade Finished Area', kind: 'number' },
  { key: 'Total Square Feet', label: 'Total Square Feet', kind: 'number' },
  { key: 'Fireplace', label: 'Fireplace', kind: 'number' },
  { key: 'Above Grade Bedrooms', label: 'Above Grade Bedrooms', kind: 'number' },
  { key: 'Bedrooms', label: 'Bedrooms', kind: 'number' },
  { key: 'Bathrooms', label: 'Bathrooms', kind: 'number' },
  { key: '3/4 and Full Bathrooms', label: '3/4 and Full Bathrooms', kind: 'number' },
  { key: '1/4 and 1/2 Bathrooms', label: '1/4 and 1/2 Bathrooms', kind: 'number' },
  { key: 'Garage Spaces', label: 'Garage Spaces', kind: 'number' },
  { key: 'List Price', label: 'List Price', kind: 'number' },
  { key: 'Close Price', label: 'Close Price', kind: 'number' },
  { key: 'Concessions', label: 'Concessions', kind: 'number' },
  { key: 'Close Date', label: 'Close Date (MM/DD/YYYY)', kind: 'date' },
  { key: 'Latitude', label: 'Latitude', kind: 'number' },
  { key: 'Longitude', label: 'Longitude', kind: 'number' },
  { key: 'Assoc Fee', label: 'Assoc Fee', kind: 'number' },
  { key: 'Taxes', label: 'Taxes', kind: 'number' },
];

const ADDRESS_KEYS = new Set(['Street Number', 'Street Dir Prefix', 'Street Name', 'Street Suffix', 'Unit Number', 'City', 'State', 'Postal Code']);

/**
 * One corrected fact. Net Sales Price follows close price and concessions (spec §3: close price minus concessions),
 * and the sold entry mirrors status, date and price, so the engine and the PDF read the corrected values.
 */
export function editFact(record: CmaRecord, key: string, raw: string, kind: 'text' | 'number' | 'levels' | 'date'): CmaRecord {
  let value: string | number = raw.trim() === '' ? NOT_AVAILABLE : raw;
  if (kind === 'number' && raw.trim() !== '') {
    const n = Number(raw);
    value = Number.isFinite(n) ? n : NOT_AVAILABLE;
  }
  if (kind === 'text' && raw.trim() === '' && ADDRESS_KEYS.has(key)) value = '';
  let next: CmaRecord = { ...record, [key]: value };
  if (key === 'Close Price' || key === 'Concessions') {
    const close = next['Close Price'];
    const concessions = typeof next.Concessions === 'number' ? next.Concessions : 0;
    next['Net Sales Price'] = typeof close === 'number' ? close - concessions : NOT_AVAILABLE;
  }
  const sold = (next.added_COMPARABLESLIST as Record<string, unknown> | undefined) ?? {};
  next.added_COMPARABLESLIST = { ...sold, Current_State: next.MLS ?? sold.Current_State, Sold_Date: next['Close Date'] ?? sold.Sold_Date, Sold_Price: next['Net Sales Price'] ?? sold.Sold_Price } as never;
  if (ADDRESS_KEYS.has(key)) next = withAddress(next);
  return next;
}

export function factInputValue(value: unknown): string {
  if (value === undefined || value === null || value === NOT_AVAILABLE) return '';
  return String(value);
}
