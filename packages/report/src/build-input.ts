// buildReportInput: saved report state → the normalised view model the PDF prints. Every number comes from the valuation engine.
import {
  NOT_AVAILABLE,
  formatAmount,
  formatNumber,
  computeMarketStats,
  computeNetSheet,
  normaliseMarketArea,
  distanceMiles,
  normaliseNetSheet,
  type MarketListing,
  type MarketStats,
  type NetSheetColumn,
  type NetSheetInputs,
  type RiskColour,
  type SaleFacts,
  type WeightingMethod,
} from '@cma/valuation';
import { REPORT_MAX_COMPARABLES, REPORT_MAX_PHOTOS_PER_PROPERTY } from './limits';
import { CmaStateError, DEFAULT_REPORT_NAME, isoDate, migrateCmaState, numberOf, readListingRecord, recordId, textOf, valueCma, type CmaState, type PropertyRow } from '@cma/cma';
import { DEFAULT_COVER_LETTER, fillCoverLetter } from './cover-letter';
import { CUSTOM_PAGE_PREFIX, isCustomPageId, normalisePageChoice, printedPageIds, type PageChoice, type ReportPageId } from './pages';
import { reportColour } from './colour';
import type { CustomPageFile } from './custom-pages';

export { reportColour } from './colour';

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

export interface FactLine {
  label: string;
  value: string;
}

export interface PropertyView {
  id: string;
  /** Street line (pdf_address), else the full address. */
  street: string;
  /** Full address with city, state and zip. */
  fullAddress: string;
  status: string;
  closeDate: string;
  netSalesPrice: number | null;
  listPrice: number | null;
  aboveGradeArea: number | null;
  pricePerSqft: number | null;
  latitude: number | null;
  longitude: number | null;
  /** Key facts in a fixed order (the comparables grid rows). */
  facts: FactLine[];
  /** Additional home facts (location, basement, windows, …). */
  additionalFacts: FactLine[];
  /** Feature text fields the export carried (roof, flooring, …). */
  features: FactLine[];
  /** Photos as data URLs (png/jpeg only; others are dropped). */
  photos: string[];
  publicRemarks: string;
  agentNotes: string;
}

export interface AdjustmentRow {
  style: string;
  label: string;
  subjectValue: string;
  comparableValue: string;
  amount: number;
  status: string;
  explanation: string;
}

export interface ComparableView extends PropertyView {
  /** 1-based number printed on the grid, the map and the charts. */
  number: number;
  distanceMiles: number | null;
  /** False when the comparable could not be adjusted (e.g. no sale price); the reason is in `problem`. */
  adjusted: boolean;
  problem: string | null;
  adjustments: AdjustmentRow[];
  totalAdjustment: number | null;
  adjustedPrice: number | null;
  netPercent: number | null;
  grossPercent: number | null;
  netRisk: RiskColour | null;
  grossRisk: RiskColour | null;
  explanation: string;
}

export interface WeightView {
  number: number;
  street: string;
  adjustedPrice: number;
  sharePercent: number;
  reason: string;
}

export interface ReconciliationView {
  /** The value (valueCma's): reconciled with the accepted market model when there is one. */
  value: number;
  method: WeightingMethod;
  weights: WeightView[];
  /** The engine's range: the 80 % likely range with the market model, else the comparables'. */
  engineRange: { start: number; end: number };
  explanation: string;
  /** The accepted market model (issue 17): null without one or when the agent hides it from the client. */
  marketModel: { estimate: number; comparablesValue: number; comparablesSharePercent: number; explanation: string; rangeExplanation: string } | null;
  /** True when engineRange is the market model's 80 % likely range (also when the model itself is hidden from the client). */
  likelyRange: boolean;
}

export interface Branding {
  agentName: string;
  agentEmail: string;
  agentPhone: string;
  businessName: string;
  businessAddress: string;
  businessWebsite: string;
  /** Logo as a data URL, or null. */
  logo: string | null;
  /** Brand kit (the agent's profile): licence number, tagline and short bio; '' when not given. */
  licenceNumber: string;
  tagline: string;
  bio: string;
  /** The agent's headshot (profile picture) as a png/jpeg data URL, or null. */
  headshot: string | null;
  /** The brokerage's logo for co-branding, as a data URL, or null. */
  brokerageLogo: string | null;
}

/** Agent details the caller knows from the profile (the brand kit); the report's own report_data wins for the text ones. */
export type AgentDetails = Partial<Omit<Branding, 'logo'>>;

export interface ReportDocumentInput {
  reportName: string;
  clientName: string;
  /** e.g. 'November 21, 2026'. */
  reportDate: string;
  /** Hex colour every heading, rule and band uses. */
  colour: string;
  branding: Branding;
  subject: PropertyView;
  comparables: ComparableView[];
  reconciliation: ReconciliationView | null;
  /** The suggested range printed: the agent's edited range when set, else the engine's. */
  range: { start: number; end: number; source: 'agent' | 'engine' } | null;
  warnings: string[];
  /** The agent's notes to the client. */
  notes: string;
  /** Map tile URL template when configured; the server composes `mapImage` from it. */
  mapTileUrl: string | null;
  /** The street map behind the pins (tiles composed by the server for REPORT_MAP_SIZE); null = the offline drawing. */
  mapImage: { src: string; attribution: string } | null;
  /** Market figures of the subject's area from the loaded listings (report_data.marketArea chooses the area). */
  marketStats: MarketStats;
  /** Seller net sheet at the low, suggested and high price (report_data.netSheet); null without a price range. */
  netSheet: { inputs: NetSheetInputs; columns: NetSheetColumn[] } | null;
  /** The pages that print, in print order (the report's page choice, see pages.ts). */
  pages: ReportPageId[];
  /** The uploaded PDF pages among `pages`, in print order, with their files (merged in by mergeCustomPages). */
  customPages: CustomPageFile[];
  /** The cover letter with its placeholders filled (the report's own text, else the agent's template, else the default). */
  coverLetter: string;
  /** Print comparables-grid rows that no comparable has data for (off: they are left out). */
  keepEmptyRows: boolean;
}

export interface BuildOptions {
  /** Render date when the state carries none. */
  now?: Date;
  /** Agent details the server knows (used when report_data does not carry them). */
  agent?: AgentDetails;
  /** The brand colour on the agent's profile: every report's colour unless the report chose its own. */
  brandColour?: string | null;
  /** The agent's cover letter template (profile), used when the report has no letter of its own. */
  coverLetterTemplate?: string | null;
  mapTileUrl?: string | null;
  /** Pages to print instead of the report's saved choice (e.g. `cma report --pages`). */
  pages?: PageChoice;
  /** The agent's default page choice (account setting), used when the report has none of its own. */
  defaultPages?: unknown;
  /** The agent's uploaded PDF pages with their files; a report prints those of them it lists (report_data.customPages). */
  customPages?: readonly CustomPageFile[];
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

const ADDITIONAL_GROUPS = ['Location', 'Basement Type', 'Windows', 'Kitchen Condition', 'Bathroom Condition', 'Heating/Cooling'];

function fullAddressOf(row: PropertyRow): string {
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
function photoChoiceOf(state: CmaState, row: PropertyRow): unknown[] {
  const choice = state.report_data?.photoChoice;
  if (!choice || typeof choice !== 'object' || typeof row.uuid !== 'string') return [];
  const chosen = (choice as Record<string, unknown>)[row.uuid];
  return chosen ? [chosen] : [];
}

/** Where a property's photos are in the state, for the error that names them. */
interface PhotosPlace {
  field: string;
  name: string;
}

function propertyView(row: PropertyRow, facts: SaleFacts, extraPhotos: readonly unknown[], place: PhotosPlace): PropertyView {
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

function formatReportDate(iso: string | null, now: Date): string {
  const date = iso ? new Date(`${iso}T12:00:00Z`) : now;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** Derives the printable report from a saved state (any version): subject, adjusted comparables, reconciliation, range. */
export function buildReportInput(rawState: unknown, options: BuildOptions = {}): ReportDocumentInput {
  const state = migrateCmaState(rawState);
  if (state.comaparables.length > REPORT_MAX_COMPARABLES) {
    throw new ReportLimitError('comaparables', `A report can have at most ${REPORT_MAX_COMPARABLES} comparables; this one has ${state.comaparables.length}.`);
  }
  const now = options.now ?? new Date();
  const subjectRow: PropertyRow = state.selectedPropertydata ?? { properties_address: state.selectedPropertyAddress || state.address };
  // The one valuation (valueCma): the screens print the same numbers for the same state.
  const valued = valueCma(state, { now });
  const subjectFacts = valued.subjectFacts ?? readListingRecord(subjectRow, 'subject');
  const subject = propertyView(subjectRow, subjectFacts, [...state.base64Images, ...state.propertyImages], { field: 'base64Images', name: 'The subject property' });
  // The subject's own earlier sale is not a comparable and not the new value: it is labelled as what it is.
  subject.facts = subject.facts.flatMap((fact) => {
    const label = SUBJECT_EARLIER_SALE_LABELS[fact.label];
    if (!label) return [fact];
    return fact.value === NOT_AVAILABLE ? [] : [{ ...fact, label }];
  });
  if (subject.fullAddress === NOT_AVAILABLE && (state.selectedPropertyAddress || state.address)) {
    subject.fullAddress = state.selectedPropertyAddress || state.address;
    subject.street = subject.fullAddress;
  }

  const comparables: ComparableView[] = valued.comparables.map(({ record: row, facts, number, adjustment, problem }, index) => {
    const view = propertyView(row, facts, photoChoiceOf(state, row), { field: `comaparables.${index}.propertyImages`, name: `Comparable ${number}` });
    const { latitude, longitude } = subject;
    const miles = latitude != null && longitude != null && facts.latitude != null && facts.longitude != null ? distanceMiles(latitude, longitude, facts.latitude, facts.longitude) : null;
    const base = { ...view, number, distanceMiles: miles };
    if (!adjustment) {
      const reason = problem ?? 'It could not be adjusted.';
      return { ...base, adjusted: false, problem: reason, adjustments: [], totalAdjustment: null, adjustedPrice: null, netPercent: null, grossPercent: null, netRisk: null, grossRisk: null, explanation: reason };
    }
    return {
      ...base,
      adjusted: true,
      problem: null,
      adjustments: adjustment.lines.map((line) => ({
        style: line.style,
        label: line.label,
        subjectValue: line.subjectValue,
        comparableValue: line.comparableValue,
        amount: line.amount,
        status: line.status,
        explanation: line.explanation,
      })),
      totalAdjustment: adjustment.totalAdjustment,
      adjustedPrice: adjustment.adjustedPrice,
      netPercent: adjustment.netPercent,
      grossPercent: adjustment.grossPercent,
      netRisk: adjustment.netRisk,
      grossRisk: adjustment.grossRisk,
      explanation: adjustment.explanation,
    };
  });

  const result = valued.reconciliation;
  const model = valued.marketModel && valued.marketModel.reading.shownToClient ? valued.marketModel : null;
  const byId = new Map(comparables.filter((c) => c.adjusted).map((c) => [c.id, c]));
  const reconciliation: ReconciliationView | null =
    result && valued.value != null && valued.engineRange
      ? {
          value: valued.value,
          method: result.method,
          weights: result.weights.map((w) => ({
            number: byId.get(w.comparableId)?.number ?? 0,
            street: byId.get(w.comparableId)?.street ?? w.comparableId,
            adjustedPrice: w.adjustedPrice,
            sharePercent: w.share * 100,
            reason: w.reason,
          })),
          engineRange: valued.engineRange,
          explanation: result.explanation,
          marketModel: model
            ? { estimate: model.reading.estimate, comparablesValue: model.comparablesValue, comparablesSharePercent: model.comparablesWeight * 100, explanation: model.explanation, rangeExplanation: model.likelyRange.explanation }
            : null,
          likelyRange: valued.marketModel != null,
        }
      : null;
  const warnings = valued.warnings.map((w) => w.message);
  for (const comp of comparables) if (!comp.adjusted) warnings.push(`Comparable ${comp.number} (${comp.street}) is shown but not adjusted: ${comp.problem}`);
  const range = valued.range;

  const report = state.report_data ?? {};
  const agent = options.agent ?? {};
  const pick = (key: Exclude<keyof AgentDetails, 'headshot' | 'brokerageLogo'>) => textOf(report[key]) ?? textOf(agent[key]) ?? '';
  const branding: Branding = {
    agentName: pick('agentName'),
    agentEmail: pick('agentEmail'),
    agentPhone: pick('agentPhone'),
    businessName: pick('businessName'),
    businessAddress: pick('businessAddress'),
    businessWebsite: pick('businessWebsite'),
    logo: usablePhotos(state.businessImages)[0] ?? null,
    licenceNumber: pick('licenceNumber'),
    tagline: pick('tagline'),
    bio: pick('bio'),
    headshot: usablePhotos([agent.headshot])[0] ?? null,
    brokerageLogo: usablePhotos([agent.brokerageLogo])[0] ?? null,
  };
  const template = textOf(report.coverLetter) ?? textOf(options.coverLetterTemplate) ?? DEFAULT_COVER_LETTER;
  // Uploaded pages print only when the caller has their files (the agent's own uploads); without them they are left out.
  const uploads = new Map((options.customPages ?? []).map((file) => [file.id, file]));
  const pages = printedPageIds(normalisePageChoice(options.pages ?? report.pages ?? options.defaultPages, customPageIdsOf(report).filter((id) => uploads.has(id))));
  return {
    reportName: state.reportName.trim() || DEFAULT_REPORT_NAME,
    clientName: state.clientName.trim(),
    reportDate: formatReportDate(isoDate(report.reportDate), now),
    colour: reportColour(state, options.brandColour),
    branding,
    subject,
    comparables,
    reconciliation,
    range,
    warnings,
    notes: textOf(state.review_data?.agentNotes) ?? subject.agentNotes,
    mapTileUrl: options.mapTileUrl ?? null,
    mapImage: null,
    marketStats: computeMarketStats(
      marketListingsOf(state),
      { latitude: subjectFacts.latitude, longitude: subjectFacts.longitude, subdivision: subjectFacts.subdivision, postalCode: textOf(subjectRow['Postal Code']) },
      normaliseMarketArea(report.marketArea),
      isoDate(report.reportDate) ?? now.toISOString().slice(0, 10),
    ),
    netSheet: range ? netSheetOf(report.netSheet, range, reconciliation?.value ?? null) : null,
    pages,
    customPages: pages.flatMap((id) => (isCustomPageId(id) ? (uploads.get(id.slice(CUSTOM_PAGE_PREFIX.length)) ?? []) : [])),
    coverLetter: fillCoverLetter(template, { client: state.clientName, address: subject.fullAddress === NOT_AVAILABLE ? '' : subject.fullAddress, agent: branding.agentName }),
    keepEmptyRows: report.keepEmptyRows === true,
  };
}

/** The upload ids of the report's custom PDF pages (report_data.customPages). */
export function customPageIdsOf(report: Record<string, unknown>): string[] {
  const list = report.customPages;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'string' ? [(item as { id: string }).id] : []));
}

/** Every listing the report loaded (the import, the candidates and the comparables), once each, for the market figures. */
function marketListingsOf(state: CmaState): MarketListing[] {
  const seen = new Set<string>();
  const out: MarketListing[] = [];
  for (const row of [...state.allCsvData, ...state.csvNewData, ...state.comaparables]) {
    if (!row || typeof row !== 'object') continue;
    const id = recordId(row, '');
    const key = id || JSON.stringify([row.properties_address, row['Close Date'], row['List Price']]);
    if (seen.has(key)) continue;
    seen.add(key);
    const added = row.added_COMPARABLESLIST && typeof row.added_COMPARABLESLIST === 'object' ? (row.added_COMPARABLESLIST as Record<string, unknown>) : {};
    out.push({
      id: key,
      status: textOf(row.MLS ?? added.Current_State),
      listPrice: numberOf(row['List Price']),
      salePrice: numberOf(row['Net Sales Price']) ?? numberOf(row['Close Price']) ?? numberOf(added.Sold_Price),
      closeDate: isoDate(row['Close Date'] ?? added.Sold_Date),
      daysOnMarket: numberOf(row['Day on market']),
      aboveGradeArea: numberOf(row['Above Grade Finished Area']),
      latitude: numberOf(row.Latitude),
      longitude: numberOf(row.Longitude),
      subdivision: textOf(row.Neighborhood),
      postalCode: textOf(row['Postal Code']),
    });
  }
  return out;
}

/** The net sheet at the range's ends and the reconciled value (kept inside the range; the midpoint without a value). */
function netSheetOf(raw: unknown, range: { start: number; end: number }, value: number | null): { inputs: NetSheetInputs; columns: NetSheetColumn[] } {
  const { inputs } = normaliseNetSheet(raw);
  const suggested = value != null ? Math.min(range.end, Math.max(range.start, value)) : Math.round((range.start + range.end) / 2);
  return { inputs, columns: computeNetSheet({ low: range.start, suggested, high: range.end }, inputs) };
}
