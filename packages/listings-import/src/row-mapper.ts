// Turns one parsed CSV row into a PropertyRecord. The column positions are resolved once per file, so the
// per-row work is plain indexing and cell cleaning (this loop is the import's hot path).

import { basementTypeFromText, heatingCoolingFromText, type AdditionalFacts } from '@cma/valuation';
import type { CsvType, ImportFieldKey } from './import-fields';
import type { NumberOrNA, PropertyRecord } from './property-record';
import {
  formatUsDate, INVALID, NOT_AVAILABLE, normalizeLevels, parseDate, stateCode, type DateSystem,
} from './values';
import { keepHiddenClass } from './hidden-classes';
import { ownCopy, SharedText } from './shared-text';
import type { RowCells } from './tokenizer';

export type ColumnIndex = Record<ImportFieldKey, number>;

export interface RowMapperOptions {
  columns: ColumnIndex;
  csvType: CsvType;
  dateSystem: DateSystem;
  uuid: () => string;
}

const EMPTY_LOOKUP = new Set(['-', '--', 'n/a', 'na', 'null', 'none available', 'not available', 'unknown', '#n/a']);
const SQFT_PER_ACRE = 43_560;

function cleanText(value: string | undefined): string {
  if (value === undefined || value.length === 0) return NOT_AVAILABLE;
  let text = value;
  if (text.charCodeAt(0) <= 32 || text.charCodeAt(text.length - 1) <= 32) {
    text = text.trim();
    if (text.length === 0) return NOT_AVAILABLE;
  }
  // Only cells starting like an empty marker ('-', 'n/a', 'null', 'none available', 'not available', 'unknown', '#n/a').
  const first = text.charCodeAt(0) | 32;
  if (text.length <= 13 && (first === 45 || first === 110 || first === 117 || first === 35 || first === 3) && EMPTY_LOOKUP.has(text.toLowerCase())) {
    return NOT_AVAILABLE;
  }
  return text;
}

/** '1234 N Main St Unit 5, Denver, CO 80202' → its parts (only those present). */
export function splitStreetAddress(address: string): {
  number: string; name: string; unit: string; city: string; state: string; postal: string;
} {
  const [streetPart = '', ...rest] = address.split(',').map((part) => part.trim());
  let street = streetPart;
  let unit = '';
  const unitMatch = /\s+(?:unit|apt\.?|apartment|suite|ste\.?|#)\s*#?\s*([\w-]+)$/i.exec(street);
  if (unitMatch) {
    unit = unitMatch[1]!;
    street = street.slice(0, unitMatch.index);
  }
  const numberMatch = /^(\d+[\w-]*)\s+(.+)$/.exec(street);
  const result = { number: numberMatch ? numberMatch[1]! : '', name: numberMatch ? numberMatch[2]! : street, unit, city: '', state: '', postal: '' };
  if (rest.length > 0) {
    const last = rest[rest.length - 1]!;
    const stateZip = /^([A-Za-z]{2}|[A-Za-z ]{4,})\s*(\d{5}(?:-\d{4})?)?$/.exec(last);
    if (stateZip && rest.length >= 2) {
      result.state = stateZip[1]!.trim();
      result.postal = stateZip[2] ?? '';
      result.city = rest[rest.length - 2]!;
    } else if (stateZip && rest.length === 1 && stateZip[2]) {
      result.state = stateZip[1]!.trim();
      result.postal = stateZip[2];
    } else {
      result.city = rest[0]!;
    }
  }
  return result;
}

const isPresent = (part: string) => part !== '' && part !== NOT_AVAILABLE;

/**
 * The street line ('1234 N Main St') and full address ('1234 N Main St, Denver, CO 80202 (unit 5)') of the parts
 * present ('' and 'Not Available' left out). The full address is one join, so one flat string (chained `${a} ${b}`
 * keeps every intermediate string alive inside each record), and the street line is a slice of its start.
 */
export function addressLines(
  street: readonly string[], city: string, state: string, postal: string, unit: string,
): { street: string; full: string } {
  const pieces: string[] = [];
  let streetLength = 0;
  for (const part of street) {
    if (!isPresent(part)) continue;
    if (pieces.length > 0) {
      pieces.push(' ');
      streetLength += 1;
    }
    pieces.push(part);
    streetLength += part.length;
  }
  if (isPresent(city)) pieces.push(pieces.length > 0 ? ', ' : '', city);
  let lead = pieces.length > 0 ? ', ' : '';
  if (isPresent(state)) {
    pieces.push(lead, state);
    lead = ' ';
  }
  if (isPresent(postal)) pieces.push(lead, postal);
  if (isPresent(unit)) pieces.push(' (unit ', unit, ')');
  const full = pieces.join('');
  return { street: streetLength === full.length ? full : full.slice(0, streetLength), full };
}

/** The columns a record's identity comes from: with none of them mapped, map() turns down every row. */
const IDENTITY_FIELDS = ['listingId', 'streetNumber', 'streetDirPrefix', 'streetName', 'streetSuffix', 'streetDirSuffix', 'fullAddress'] as const;

/** False when no row can have a Listing Id or a street address (map() would refuse each one). */
export function canIdentifyRows(columns: ColumnIndex): boolean {
  return IDENTITY_FIELDS.some((field) => columns[field] >= 0);
}

// Cell readers are top-level functions (not per-row closures): this runs 50,000 × 60 times for a big export.
function textAt(row: RowCells, shared: SharedText, column: number): string {
  return column < 0 || row.isEmpty(column) ? NOT_AVAILABLE : shared.get(row, column);
}

function numberAt(row: RowCells, column: number, label: string, problems: string[], min = 0, max = Number.MAX_VALUE): NumberOrNA {
  if (column < 0) return NOT_AVAILABLE; // row.number gives null for an empty or missing cell
  const value = row.number(column);
  if (value === null) return NOT_AVAILABLE;
  if (value === INVALID) {
    problems.push(`${label}: '${row.get(column)!.trim()}' is not a number`);
    return NOT_AVAILABLE;
  }
  if (value < min || value > max) {
    problems.push(`${label}: ${value} is out of range`);
    return NOT_AVAILABLE;
  }
  return value;
}

/** Memo of small vocabularies (dates, levels, states, basement/cooling text) that repeat across rows. */
class Memo<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly compute: (raw: string) => V, private readonly limit = 50_000) {}
  get(raw: string): V {
    let value = this.entries.get(raw);
    if (value === undefined) {
      value = this.compute(raw);
      if (this.entries.size < this.limit) this.entries.set(ownCopy(raw), value);
    }
    return value;
  }
  clear(): void {
    this.entries.clear();
  }
}

keepHiddenClass(new Memo<string>((raw) => raw));

type BasementType = NonNullable<AdditionalFacts['Basement Type']>;
type HeatingCooling = NonNullable<AdditionalFacts['Heating/Cooling']>;
type DateCell = string | typeof INVALID | null;

export interface RowMapper {
  dateSystem: DateSystem;
  /** The record, or null when the row cannot become one; reasons are appended to `problems`. */
  map(row: RowCells, problems: string[]): PropertyRecord | null;
}

export function createRowMapper(options: RowMapperOptions): RowMapper {
  return new ColumnRowMapper(options);
}

/**
 * A class, not a closure per import: V8 keeps a prototype method's optimized code for every later import, while a
 * fresh closure is compiled again (this one, 86 fields and all its cell readers inlined, took ≈ 40 ms each time).
 */
class ColumnRowMapper implements RowMapper {
  private readonly columns: ColumnIndex;
  private readonly csvType: CsvType;
  private readonly uuid: () => string;
  private system: DateSystem;
  private readonly shared = new SharedText(cleanText);
  private readonly dates = new Memo<DateCell>((raw) => {
    const parsed = parseDate(raw, this.system);
    return parsed === INVALID ? INVALID : parsed ? formatUsDate(parsed) : null;
  });
  /** M/D/YYYY cells keyed by their digits (YYYYMMDD): no substring and a number-keyed lookup per date cell. */
  private readonly usDates = new Map<number, DateCell>();
  private readonly levels = new Memo<string>((raw) => ownCopy(normalizeLevels(raw)), 1000);
  private readonly states = new Memo<string>(stateCode, 1000);
  private readonly basementTypes = new Memo<BasementType | 'unknown'>((raw) => basementTypeFromText(raw) ?? 'unknown', 5000);
  private readonly heatingCooling = new Memo<HeatingCooling | 'unknown'>((raw) => heatingCoolingFromText(raw) ?? 'unknown', 5000);

  constructor(options: RowMapperOptions) {
    this.columns = options.columns;
    this.csvType = options.csvType;
    this.uuid = options.uuid;
    this.system = options.dateSystem;
  }

  get dateSystem(): DateSystem {
    return this.system;
  }

  set dateSystem(system: DateSystem) {
    if (system !== this.system) {
      this.dates.clear();
      this.usDates.clear();
    }
    this.system = system;
  }

  private dateAt(row: RowCells, column: number, label: string, problems: string[]): string {
    if (column < 0 || row.isEmpty(column)) return NOT_AVAILABLE;
    const key = row.usDateKey(column);
    let value = key >= 0 ? this.usDates.get(key) : undefined;
    if (value === undefined) {
      value = this.dates.get(row.get(column)!);
      if (key >= 0 && this.usDates.size < 50_000) this.usDates.set(key, value);
    }
    if (value === INVALID) {
      problems.push(`${label}: '${row.get(column)!.trim()}' is not a date`);
      return NOT_AVAILABLE;
    }
    return value ?? NOT_AVAILABLE;
  }

map(row: RowCells, problems: string[]): PropertyRecord | null {
  const c = this.columns;
  const shared = this.shared;
  const { csvType, uuid } = this;
    let listingId = textAt(row, shared, c.listingId);
    let streetNumber = textAt(row, shared, c.streetNumber);
    let streetName = textAt(row, shared, c.streetName);
    let unitNumber = textAt(row, shared, c.unitNumber);
    let city = textAt(row, shared, c.city);
    let stateRaw = textAt(row, shared, c.state);
    let postalCode = textAt(row, shared, c.postalCode);
    if (streetName === NOT_AVAILABLE && c.fullAddress >= 0) {
      const full = textAt(row, shared, c.fullAddress);
      if (full !== NOT_AVAILABLE) {
        const parts = splitStreetAddress(full);
        if (parts.name) streetName = parts.name;
        if (streetNumber === NOT_AVAILABLE && parts.number) streetNumber = parts.number;
        if (unitNumber === NOT_AVAILABLE && parts.unit) unitNumber = parts.unit;
        if (city === NOT_AVAILABLE && parts.city) city = parts.city;
        if (stateRaw === NOT_AVAILABLE && parts.state) stateRaw = parts.state;
        if (postalCode === NOT_AVAILABLE && parts.postal) postalCode = parts.postal;
      }
    }
    const dirPrefix = textAt(row, shared, c.streetDirPrefix);
    const suffix = textAt(row, shared, c.streetSuffix);
    const dirSuffix = textAt(row, shared, c.streetDirSuffix);
    const state = stateRaw === NOT_AVAILABLE ? NOT_AVAILABLE : this.states.get(stateRaw);
    if (unitNumber !== NOT_AVAILABLE && !(unitNumber.charCodeAt(0) >= 48 && unitNumber.charCodeAt(0) <= 57)) {
      unitNumber = unitNumber.replace(/^(?:unit|apt\.?|#)\s*#?\s*/i, '') || NOT_AVAILABLE;
    }
    const address = addressLines([streetNumber, dirPrefix, streetName, suffix, dirSuffix], city, state, postalCode, unitNumber);
    if (listingId === NOT_AVAILABLE && !address.street) {
      problems.push('no Listing Id and no street address');
      return null;
    }
    if (listingId !== NOT_AVAILABLE && (listingId.charCodeAt(listingId.length - 3) === 43 || listingId.includes('E+'))) {
      // Excel turned a long numeric id into 1.23E+06; the digits are recoverable only when it kept them all.
      const expanded = /^\d+(?:\.\d+)?e\+\d+$/i.test(listingId) ? Number(listingId) : NaN;
      if (Number.isSafeInteger(expanded)) listingId = String(expanded);
    }

    const aboveGrade = numberAt(row, c.aboveGradeFinishedArea, 'Above Grade Finished Area', problems);
    const belowGradeTotal = numberAt(row, c.belowGradeTotalArea, 'Below Grade Total Area', problems);
    let totalSquareFeet = numberAt(row, c.totalSquareFeet, 'Total Square Feet', problems);
    if (totalSquareFeet === NOT_AVAILABLE && aboveGrade !== NOT_AVAILABLE) {
      totalSquareFeet = aboveGrade + (belowGradeTotal === NOT_AVAILABLE ? 0 : belowGradeTotal);
    }
    let lotSize = numberAt(row, c.lotSizeSqft, 'Lot Size', problems);
    if (lotSize === NOT_AVAILABLE && c.lotSizeAcres >= 0) {
      const acres = numberAt(row, c.lotSizeAcres, 'Lot Size Acres', problems);
      if (acres !== NOT_AVAILABLE) lotSize = Math.round(acres * SQFT_PER_ACRE);
    }
    const bathsFull = numberAt(row, c.bathsFull, 'Full Bathrooms', problems);
    const bathsThreeQuarter = numberAt(row, c.bathsThreeQuarter, 'Three Quarter Bathrooms', problems);
    const bathsHalf = numberAt(row, c.bathsHalf, 'Half Bathrooms', problems);
    const bathsQuarter = numberAt(row, c.bathsQuarter, 'Quarter Bathrooms', problems);
    let bathrooms = numberAt(row, c.bathroomsTotal, 'Bathrooms', problems);
    const fullAndThreeQuarter = bathsFull === NOT_AVAILABLE && bathsThreeQuarter === NOT_AVAILABLE
      ? NOT_AVAILABLE
      : (bathsFull === NOT_AVAILABLE ? 0 : bathsFull) + (bathsThreeQuarter === NOT_AVAILABLE ? 0 : bathsThreeQuarter);
    const halfAndQuarter = bathsHalf === NOT_AVAILABLE && bathsQuarter === NOT_AVAILABLE
      ? NOT_AVAILABLE
      : (bathsHalf === NOT_AVAILABLE ? 0 : bathsHalf) + (bathsQuarter === NOT_AVAILABLE ? 0 : bathsQuarter);
    if (bathrooms === NOT_AVAILABLE && (fullAndThreeQuarter !== NOT_AVAILABLE || halfAndQuarter !== NOT_AVAILABLE)) {
      bathrooms = (fullAndThreeQuarter === NOT_AVAILABLE ? 0 : fullAndThreeQuarter) + (halfAndQuarter === NOT_AVAILABLE ? 0 : halfAndQuarter);
    }

    const listPrice = numberAt(row, c.listPrice, 'List Price', problems);
    const closePrice = numberAt(row, c.closePrice, 'Close Price', problems);
    const concessions = numberAt(row, c.concessions, 'Concessions', problems, -Number.MAX_VALUE);
    const netSalesPrice = closePrice === NOT_AVAILABLE ? NOT_AVAILABLE : closePrice - (concessions === NOT_AVAILABLE ? 0 : concessions);
    const priceForRate = netSalesPrice === NOT_AVAILABLE ? listPrice : netSalesPrice;
    const areaForRate = aboveGrade !== NOT_AVAILABLE && aboveGrade > 0 ? aboveGrade : totalSquareFeet;
    const perSquareFeet = priceForRate !== NOT_AVAILABLE && areaForRate !== NOT_AVAILABLE && areaForRate > 0
      ? Math.round((priceForRate / areaForRate) * 100) / 100
      : NOT_AVAILABLE;

    const closeDate = this.dateAt(row, c.closeDate, 'Close Date', problems);
    const status = textAt(row, shared, c.status);
    const levelsText = textAt(row, shared, c.levels);
    const basement = textAt(row, shared, c.basement);
    const cooling = textAt(row, shared, c.cooling);
    const selectedAdditionalInfo: AdditionalFacts = {};
    const basementType = basement !== NOT_AVAILABLE ? this.basementTypes.get(basement) : belowGradeTotal === 0 ? 'None' : 'unknown';
    if (basementType !== 'unknown') selectedAdditionalInfo['Basement Type'] = basementType;
    const heatCool = cooling === NOT_AVAILABLE ? 'unknown' : this.heatingCooling.get(cooling);
    if (heatCool !== 'unknown') selectedAdditionalInfo['Heating/Cooling'] = heatCool;

    return {
      uuid: uuid(),
      csvType,
      'Listing Id': listingId,
      MLS: status,
      'Street Number': streetNumber,
      'Street Dir Prefix': dirPrefix,
      'Street Name': streetName,
      'Street Suffix': suffix,
      'Street Dir Suffix': dirSuffix,
      'Unit Number': unitNumber,
      City: city,
      State: state,
      'Postal Code': postalCode,
      County: textAt(row, shared, c.county),
      properties_address: address.full || NOT_AVAILABLE,
      pdf_address: address.street || NOT_AVAILABLE,
      Neighborhood: textAt(row, shared, c.subdivision),
      Latitude: numberAt(row, c.latitude, 'Latitude', problems, -90, 90),
      Longitude: numberAt(row, c.longitude, 'Longitude', problems, -180, 180),
      Levels: levelsText === NOT_AVAILABLE ? NOT_AVAILABLE : this.levels.get(levelsText),
      'Year Built': numberAt(row, c.yearBuilt, 'Year Built', problems, 1600, 2200),
      'Lot Size': lotSize,
      'Above Grade Finished Area': aboveGrade,
      'Below Grade Total Area': belowGradeTotal,
      'Below Grade Finished Area': numberAt(row, c.belowGradeFinishedArea, 'Below Grade Finished Area', problems),
      'Total Square Feet': totalSquareFeet,
      Fireplace: numberAt(row, c.fireplaces, 'Fireplace', problems),
      'Above Grade Bedrooms': numberAt(row, c.aboveGradeBedrooms, 'Above Grade Bedrooms', problems),
      Bedrooms: numberAt(row, c.bedrooms, 'Bedrooms', problems),
      Bathrooms: bathrooms,
      'Full Bathrooms': bathsFull,
      'Three Quarter Bathrooms': bathsThreeQuarter,
      'Half Bathrooms': bathsHalf,
      'Quarter Bathrooms': bathsQuarter,
      '3/4 and Full Bathrooms': fullAndThreeQuarter,
      '1/4 and 1/2 Bathrooms': halfAndQuarter,
      'Garage Spaces': numberAt(row, c.garageSpaces, 'Garage Spaces', problems),
      'List Price': listPrice,
      'Org List Price': numberAt(row, c.originalListPrice, 'Org List Price', problems),
      'Close Price': closePrice,
      Concessions: concessions,
      'Net Sales Price': netSalesPrice,
      perSquareFeet,
      'List Date': this.dateAt(row, c.listDate, 'List Date', problems),
      'Close Date': closeDate,
      'Day on market': numberAt(row, c.daysOnMarket, 'Day on market', problems),
      'Assoc Fee': numberAt(row, c.assocFee, 'Assoc Fee', problems),
      'Assoc Fee Frequency': textAt(row, shared, c.assocFeeFrequency),
      Taxes: numberAt(row, c.taxes, 'Taxes', problems),
      'Tax Year': numberAt(row, c.taxYear, 'Tax Year', problems, 1800, 2200),
      schools: {
        Elementary: textAt(row, shared, c.elementarySchool),
        Middle: textAt(row, shared, c.middleSchool),
        High: textAt(row, shared, c.highSchool),
        'School District': textAt(row, shared, c.schoolDistrict),
      },
      'Public-Remarks': textAt(row, shared, c.publicRemarks),
      'Special Listing Conditions': textAt(row, shared, c.saleConditions),
      // Written out (not looped) so every record has one hidden class: a loop of keyed stores is 10× slower.
      Roof: textAt(row, shared, c.roof),
      Flooring: textAt(row, shared, c.flooring),
      Heating: textAt(row, shared, c.heating),
      Cooling: cooling,
      Sewer: textAt(row, shared, c.sewer),
      Utilities: textAt(row, shared, c.utilities),
      View: textAt(row, shared, c.view),
      Zoning: textAt(row, shared, c.zoning),
      'Water Source': textAt(row, shared, c.waterSource),
      Basement: basement,
      'Construction Materials': textAt(row, shared, c.constructionMaterials),
      'Exterior Features': textAt(row, shared, c.exteriorFeatures),
      'Interior Features': textAt(row, shared, c.interiorFeatures),
      Appliances: textAt(row, shared, c.appliances),
      'Parking Features': textAt(row, shared, c.parkingFeatures),
      'Patio And Porch Features': textAt(row, shared, c.patioAndPorchFeatures),
      Fencing: textAt(row, shared, c.fencing),
      'Lot Features': textAt(row, shared, c.lotFeatures),
      Waterfront: textAt(row, shared, c.waterfront),
      'Property Condition': textAt(row, shared, c.propertyCondition),
      'Fireplace Features': textAt(row, shared, c.fireplaceFeatures),
      'Laundry Features': textAt(row, shared, c.laundryFeatures),
      'Window Features': textAt(row, shared, c.windowFeatures),
      'Architectural Style': textAt(row, shared, c.architecturalStyle),
      'Property Type': textAt(row, shared, c.propertyType),
      'Property Sub Type': textAt(row, shared, c.propertySubType),
      added_COMPARABLESLIST: { Current_State: status, Sold_Date: closeDate, Sold_Price: closePrice },
      add_adjustment: true,
      notes: '',
      agentNotes: '',
      checked: false,
      propertyImages: [],
      selectedAdditionalInfo,
      subjectAdditionalInfo: {},
    };
  }
}

keepHiddenClass(new ColumnRowMapper({ columns: {} as ColumnIndex, csvType: 'ReColorado', dateSystem: '1900', uuid: () => '' }));

