// buildReportInput: saved report state → the normalised view model the PDF prints. Every number comes from the valuation engine.
import {
  NOT_AVAILABLE,
  computeMarketStats,
  computeNetSheet,
  DEFAULT_MARKET_AREA,
  distanceMiles,
  normaliseNetSheet,
  type MarketListing,
  type MarketStats,
  type NetSheetColumn,
  type NetSheetInputs,
  type RiskColour,
  type WeightingMethod,
} from '@cma/valuation';
import { REPORT_MAX_COMPARABLES } from './limits';
import { ReportLimitError, SUBJECT_EARLIER_SALE_LABELS, SUBJECT_SALE_LABELS, photoChoiceOf, propertyView, usablePhotos } from './property-view';
import { DEFAULT_REPORT_NAME, isoDate, migrateCmaState, numberOf, purposeOf, readListingRecord, readReportData, recordId, textOf, valueCma, type CmaState, type PropertyRow, type ValuationPurpose } from '@cma/cma';
import { DEFAULT_COVER_LETTER, fillCoverLetter } from './cover-letter';
import { CUSTOM_PAGE_PREFIX, isCustomPageId, printedPageIds, reportPageChoice, type PageChoice, type ReportPageId } from './pages';
import { reportColour } from './colour';
import type { CustomPageFile } from './custom-pages';

export { reportColour } from './colour';

export { ReportLimitError, SUBJECT_EARLIER_SALE_LABELS, SUBJECT_SALE_LABELS, usablePhotos } from './property-view';

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
  /** True when engineRange is the calibrated 80 % likely range (with the model, hidden or not, or the comparables' own). */
  likelyRange: boolean;
  /** The sales the market model was fitted on when it is part of the value (shown or not), else null. */
  modelSales: number | null;
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

/** Agent details the caller knows from the profile (the brand kit); they win over report_data's, which serve `cma report`. */
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
  /** The subject is being listed now, or is a past sale valued at its sale date: the report words its value so. */
  purpose: ValuationPurpose;
  /** yyyy-mm-dd the value is as of for the client: the subject's sale date for a past sale, else the report date. */
  valuationDate: string;
  /** The review notes (warnings) print only when the agent turned them on (report_data.reviewNotes). */
  showReviewNotes: boolean;
}

export interface BuildOptions {
  /** Render date when the state carries none. */
  now?: Date;
  /** The agent's details from the profile and brand kit (printOptionsOf); report_data's fill in only what these lack. */
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

function formatReportDate(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
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
  const report = state.report_data;
  const purpose: ValuationPurpose = purposeOf(report, valued.subjectFacts);
  // The subject's own sale is not a comparable: an earlier sale of a home listed now, or the sale a past-sale report values.
  const saleLabels = purpose === 'past-sale' ? SUBJECT_SALE_LABELS : SUBJECT_EARLIER_SALE_LABELS;
  subject.facts = subject.facts.flatMap((fact) => {
    const label = saleLabels[fact.label];
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
          likelyRange: valued.likelyRange != null,
          modelSales: valued.marketModel ? valued.marketModel.reading.sales : null,
        }
      : null;
  const warnings = valued.warnings.map((w) => w.message);
  for (const comp of comparables) if (!comp.adjusted) warnings.push(`Comparable ${comp.number} (${comp.street}) is shown but not adjusted: ${comp.problem}`);
  const range = valued.range;

  const agent = options.agent ?? {};
  // The profile's details win: what a report says of its agent comes from the signed-in agent, not from the state.
  const pick = (key: Exclude<keyof AgentDetails, 'headshot' | 'brokerageLogo'>) => textOf(agent[key]) ?? textOf(report[key]) ?? '';
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
  const choice = options.pages ?? reportPageChoice(report.pages, options.defaultPages, { bio: !!branding.bio, coverLetter: !!textOf(report.coverLetter) || !!textOf(options.coverLetterTemplate) }, customPageIdsOf(report).filter((id) => uploads.has(id)));
  const pages = printedPageIds(choice);
  const reportDate = isoDate(report.reportDate) ?? now.toISOString().slice(0, 10);
  // The valuation's own date (valueCma): a past sale's close date, else the market's latest sale in the report.
  const valuationDate = valued.asOfDate;
  return {
    reportName: state.reportName.trim() || DEFAULT_REPORT_NAME,
    clientName: state.clientName.trim(),
    reportDate: formatReportDate(reportDate),
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
      report.marketArea ?? DEFAULT_MARKET_AREA,
      valuationDate,
    ),
    netSheet: range ? netSheetOf(report.netSheet, range, reconciliation?.value ?? null) : null,
    pages,
    customPages: pages.flatMap((id) => (isCustomPageId(id) ? (uploads.get(id.slice(CUSTOM_PAGE_PREFIX.length)) ?? []) : [])),
    coverLetter: fillCoverLetter(template, { client: state.clientName, address: subject.fullAddress === NOT_AVAILABLE ? '' : subject.fullAddress, agent: branding.agentName }),
    keepEmptyRows: report.keepEmptyRows === true,
    purpose,
    valuationDate,
    showReviewNotes: report.reviewNotes === true,
  };
}

/** The upload ids of the report's custom PDF pages (report_data.customPages, of any saved report_data). */
export function customPageIdsOf(reportData: unknown): string[] {
  return (readReportData(reportData).customPages ?? []).map((page) => page.id);
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
