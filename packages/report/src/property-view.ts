// A subject or comparable of the CMA document as the report prints it: its facts in a fixed order, additional facts,
// features, photos and remarks (buildReportInput reads every property through here).
import { NOT_AVAILABLE, formatAmount, formatNumber, type SaleFacts } from '@cma/valuation';
import { CmaStateError, numberOf, textOf, type CmaState, type PropertyRow } from '@cma/cma';
import { REPORT_MAX_PHOTOS_PER_PROPERTY } from './limits';
import type { FactLine, PropertyView } from './build-input';

/** A state past one of the report's caps; `field` is the state key that holds too much (e.g. 'comaparables'). */
export class ReportLimitError extends CmaStateError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReportLimitError';
  }
}

const IMAGE_DATA_URL = /^data:image\/(png|jpe?g);base64,[A-Za-z0-9+/=\s]+$/;

/** Keeps only png/jpeg data URLs: React-PDF cannot draw other formats and remote URLs are never fetched. */
export function usablePhotos(values: readonly unknown[]): string[] {
  const photos = new Set<string>();
  for (const value of values) {
    const candidates = typeof value === 'string' ? [value] : value && typeof value === 'object' ? photoStrings(value as Record<string, unknown>) : [];
    for (const candidate of candidates) if (IMAGE_DATA_URL.test(candidate)) photos.add(candidate);
  }
  return [...photos];
}

function photoStrings(group: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const key of ['images', 'base64', 'data_url', 'url', 'src', 'image']) {
    const v = group[key];
    // The images API returns bare base64 JPEG in `base64`.
    if (typeof v === 'string') out.push(key === 'base64' && !v.startsWith('data:') ? `data:image/jpeg;base64,${v}` : v);
    else if (Array.isArray(v)) for (const item of v) if (typeof item === 'string') out.push(item);
  }
  return out;
}

const show = (value: unknown, format?: (n: number) => string): string => {
  if (format) {
    const n = numberOf(value);
    return n == null ? NOT_AVAILABLE : format(n);
  }
  return textOf(value) ?? NOT_AVAILABLE;
};
const money = (n: number) => formatAmount(n);
const count = (n: number) => formatNumber(n);
const sqft = (n: number) => `${formatNumber(n, 0)} sq ft`;

const FEATURE_FIELDS = [
  'Architectural Style', 'Property Sub Type', 'Construction Materials', 'Roof', 'Flooring', 'Heating', 'Cooling', 'Basement',
  'Fireplace Features', 'Parking Features', 'Appliances', 'Interior Features', 'Exterior Features', 'Patio And Porch Features',
  'Lot Features', 'Fencing', 'View', 'Sewer', 'Water Source', 'Utilities', 'Zoning',
];

/** The subject's sale facts are its own earlier sale, printed under these labels. */
export const SUBJECT_EARLIER_SALE_LABELS: Record<string, string> = {
  'Close Date': 'Earlier sale date (this home)',
  'Net Sales Price': 'Earlier sale price (this home)',
};
/** A past-sale report values the subject at its sale: the sale is printed as the sale it is. */
export const SUBJECT_SALE_LABELS: Record<string, string> = {
  'Close Date': 'Sale date',
  'Net Sales Price': 'Sale price',
};

const ADDITIONAL_GROUPS = ['Location', 'Basement Type', 'Windows', 'Kitchen Condition', 'Bathroom Condition', 'Heating/Cooling'];

export function fullAddressOf(row: PropertyRow): string {
  const full = textOf(row.properties_address);
  if (full) return full;
  const parts = [
    [row['Street Number'], row['Street Dir Prefix'], row['Street Name'], row['Street Suffix']].map(textOf).filter(Boolean).join(' '),
    textOf(row.City),
    [textOf(row.State), textOf(row['Postal Code'])].filter(Boolean).join(' '),
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : NOT_AVAILABLE;
}

/** The photo the agent chose for a comparable on /review (report_data.photoChoice: uuid → image), listed first. */
export function photoChoiceOf(state: CmaState, row: PropertyRow): unknown[] {
  const choice = state.report_data.photoChoice;
  if (!choice || typeof row.uuid !== 'string') return [];
  const chosen = choice[row.uuid];
  return chosen ? [chosen] : [];
}

/** Where a property's photos are in the state, for the error that names them. */
export interface PhotosPlace {
  field: string;
  name: string;
}

export function propertyView(row: PropertyRow, facts: SaleFacts, extraPhotos: readonly unknown[], place: PhotosPlace): PropertyView {
  const fullAddress = fullAddressOf(row);
  const photos = usablePhotos([...extraPhotos, ...(Array.isArray(row.propertyImages) ? row.propertyImages : [])]);
  if (photos.length > REPORT_MAX_PHOTOS_PER_PROPERTY) {
    throw new ReportLimitError(place.field, `${place.name} has ${photos.length} photos; a report can show at most ${REPORT_MAX_PHOTOS_PER_PROPERTY} per property.`);
  }
  const schools = row.schools && typeof row.schools === 'object' ? (row.schools as Record<string, unknown>) : {};
  const pricePerSqft =
    numberOf(row.perSquareFeet) ??
    (facts.netSalesPrice != null && facts.aboveGradeFinishedArea ? Math.round((facts.netSalesPrice / facts.aboveGradeFinishedArea) * 100) / 100 : null);
  const added = row.added_COMPARABLESLIST && typeof row.added_COMPARABLESLIST === 'object' ? (row.added_COMPARABLESLIST as Record<string, unknown>) : {};
  const factLines: FactLine[] = [
    { label: 'Status', value: show(row.MLS ?? added.Current_State) },
    { label: 'Close Date', value: show(row['Close Date'] ?? added.Sold_Date) },
    { label: 'Net Sales Price', value: show(row['Net Sales Price'] ?? added.Sold_Price, money) },
    { label: 'List Price', value: show(row['List Price'], money) },
    { label: 'Price per Sq Ft', value: pricePerSqft == null ? NOT_AVAILABLE : `$ ${formatNumber(pricePerSqft, 2)}` },
    { label: 'Days on Market', value: show(row['Day on market'], count) },
    { label: 'Levels', value: show(row.Levels) },
    { label: 'Year Built', value: show(row['Year Built'], String) },
    { label: 'Lot Size', value: show(row['Lot Size'], sqft) },
    { label: 'Above Grade Finished', value: show(row['Above Grade Finished Area'], sqft) },
    { label: 'Below Grade Total', value: show(row['Below Grade Total Area'], sqft) },
    { label: 'Below Grade Finished', value: show(row['Below Grade Finished Area'], sqft) },
    { label: 'Total Square Feet', value: show(row['Total Square Feet'], sqft) },
    { label: 'Bedrooms', value: show(row.Bedrooms, count) },
    { label: 'Bathrooms', value: show(row.Bathrooms, count) },
    { label: '3/4 and Full Baths', value: show(row['3/4 and Full Bathrooms'], count) },
    { label: '1/4 and 1/2 Baths', value: show(row['1/4 and 1/2 Bathrooms'], count) },
    { label: 'Fireplaces', value: show(row.Fireplace, count) },
    { label: 'Garage Spaces', value: show(row['Garage Spaces'], count) },
    { label: 'Neighborhood', value: show(row.Neighborhood) },
    { label: 'HOA Fee', value: show(row['Assoc Fee'], money) },
    { label: 'Taxes', value: show(row.Taxes, money) },
    { label: 'School District', value: show(schools['School District']) },
    { label: 'High School', value: show(schools.High) },
    { label: 'Elementary', value: show(schools.Elementary) },
  ];
  const additionalFacts = ADDITIONAL_GROUPS.map((group) => ({
    label: group,
    value: (facts.additionalFacts as Record<string, string | null | undefined>)[group] ?? NOT_AVAILABLE,
  }));
  const features = FEATURE_FIELDS.map((field) => ({ label: field, value: textOf(row[field]) })).filter(
    (f): f is FactLine => f.value != null,
  );
  return {
    id: facts.id,
    street: textOf(row.pdf_address) ?? fullAddress,
    fullAddress,
    status: show(row.MLS ?? added.Current_State),
    closeDate: show(row['Close Date'] ?? added.Sold_Date),
    netSalesPrice: facts.netSalesPrice,
    listPrice: facts.listPrice,
    aboveGradeArea: facts.aboveGradeFinishedArea,
    pricePerSqft,
    latitude: facts.latitude,
    longitude: facts.longitude,
    facts: factLines,
    additionalFacts,
    features,
    photos,
    publicRemarks: textOf(row['Public-Remarks']) ?? NOT_AVAILABLE,
    agentNotes: textOf(row.agentNotes) ?? textOf(row.notes) ?? '',
  };
}

