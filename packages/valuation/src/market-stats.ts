// Market statistics for the subject's area from the loaded listings (issue 19 item 5): sales per month, medians, days on
// market, sale-to-list ratio, active/pending/closed counts, months of supply and absorption rate. Pure: no I/O, no clock.
import { distanceMiles } from './selection';
import { median } from './statistics';

/** One loaded listing, as much as the market figures need. Null = the export did not carry it. */
export interface MarketListing {
  id: string;
  /** MLS status text ('Closed', 'Active', 'Pending', 'Active Under Contract', …). */
  status: string | null;
  listPrice: number | null;
  salePrice: number | null;
  /** yyyy-mm-dd. */
  closeDate: string | null;
  daysOnMarket: number | null;
  aboveGradeArea: number | null;
  latitude: number | null;
  longitude: number | null;
  subdivision: string | null;
  postalCode: string | null;
}

/** The area the agent chose: a radius around the subject, the subject's subdivision or its zip code. */
export type MarketArea = { kind: 'radius'; miles: number } | { kind: 'subdivision' } | { kind: 'zip' };

export const DEFAULT_MARKET_AREA: MarketArea = { kind: 'radius', miles: 1 };
export const MARKET_RADIUS_CHOICES = [0.5, 1, 2, 3, 5, 10] as const;

export interface MarketSubject {
  latitude: number | null;
  longitude: number | null;
  subdivision: string | null;
  postalCode: string | null;
}

/** A figure and the number of listings behind it. */
export interface MarketFigure {
  value: number;
  basedOn: number;
}

export interface MarketMonth {
  /** yyyy-mm. */
  month: string;
  closedSales: number;
  medianSalePrice: number | null;
  medianPricePerSqft: number | null;
}

export type StatusGroup = 'active' | 'pending' | 'closed' | 'other';

export interface MarketStats {
  /** 'Within 1 mile', 'Subdivision Hale', 'Zip code 80220'. */
  areaLabel: string;
  /** Why the area could not be applied (e.g. the subject has no coordinates), or null. */
  areaProblem: string | null;
  listingsInArea: number;
  /** First and last month of the 12-month window, yyyy-mm. */
  window: { from: string; to: string };
  /** The 12 months of the window, oldest first. */
  months: MarketMonth[];
  closedSales: number;
  medianSalePrice: MarketFigure | null;
  medianPricePerSqft: MarketFigure | null;
  medianDaysOnMarket: MarketFigure | null;
  /** Median of sale price ÷ list price, as a fraction (0.98 = 98 %). */
  saleToListRatio: MarketFigure | null;
  /** Listings in the area by status; null when no listing carries a status. basedOn = listings with a status. */
  counts: { active: number; pending: number; closed: number; basedOn: number } | null;
  /** Active listings ÷ closed sales per month; null without statuses or without sales. */
  monthsOfSupply: MarketFigure | null;
  /** Closed sales per month ÷ active listings, as a fraction; null without statuses or without active listings. */
  absorptionRate: MarketFigure | null;
}

const PENDING = /pending|under contract|contingent/i;
const CLOSED = /closed|sold/i;
const ACTIVE = /active|coming soon|for sale/i;

/** Which group an MLS status is in. 'Active Under Contract' is pending: it is no longer for sale. */
export function statusGroup(status: string): StatusGroup {
  if (PENDING.test(status)) return 'pending';
  if (CLOSED.test(status)) return 'closed';
  if (ACTIVE.test(status)) return 'active';
  return 'other';
}

function figure(values: readonly number[]): MarketFigure | null {
  return values.length ? { value: median(values), basedOn: values.length } : null;
}

const medianOrNull = (values: readonly number[]) => (values.length ? median(values) : null);

const zip5 = (zip: string | null) => (zip ? zip.trim().slice(0, 5) : null);
const sameText = (a: string | null, b: string | null) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The listings in the chosen area, the label it prints under and why it could not be applied (then: no listings). */
export function listingsInArea(listings: readonly MarketListing[], subject: MarketSubject, area: MarketArea): { label: string; problem: string | null; listings: MarketListing[] } {
  if (area.kind === 'radius') {
    const label = `Within ${area.miles} ${area.miles === 1 ? 'mile' : 'miles'} of the subject`;
    if (subject.latitude == null || subject.longitude == null) return { label, problem: 'The subject has no latitude and longitude.', listings: [] };
    const { latitude, longitude } = subject;
    return {
      label,
      problem: null,
      listings: listings.filter((l) => l.latitude != null && l.longitude != null && distanceMiles(latitude, longitude, l.latitude, l.longitude) <= area.miles),
    };
  }
  if (area.kind === 'subdivision') {
    if (!subject.subdivision) return { label: 'Subdivision', problem: 'The subject has no subdivision.', listings: [] };
    return { label: `Subdivision ${subject.subdivision}`, problem: null, listings: listings.filter((l) => sameText(l.subdivision, subject.subdivision)) };
  }
  const zip = zip5(subject.postalCode);
  if (!zip) return { label: 'Zip code', problem: 'The subject has no zip code.', listings: [] };
  return { label: `Zip code ${zip}`, problem: null, listings: listings.filter((l) => zip5(l.postalCode) === zip) };
}

/** yyyy-mm of the month `offset` months after `month` (negative = before). */
function addMonths(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The market figures of the listings in `area` around the subject, over the 12 calendar months ending with the month
 * of `asOf` (yyyy-mm-dd; sales after it are left out). A listing is a sale in the window when its status is closed (or
 * it has no status but a sale price and close date) and it closed in the window. Each figure counts only the listings
 * that carry what it needs and says how many that were; a figure no listing supports is null.
 */
export function computeMarketStats(listings: readonly MarketListing[], subject: MarketSubject, area: MarketArea, asOf: string): MarketStats {
  const { label, problem, listings: inArea } = listingsInArea(listings, subject, area);
  const to = asOf.slice(0, 7);
  const from = addMonths(to, -11);
  const months = Array.from({ length: 12 }, (_, i) => addMonths(from, i));

  const sales = inArea.filter((l) => {
    const isSale = l.status != null ? statusGroup(l.status) === 'closed' : l.salePrice != null;
    return isSale && l.closeDate != null && l.closeDate.slice(0, 7) >= from && l.closeDate <= asOf;
  });
  const priced = sales.filter((s) => s.salePrice != null && s.salePrice > 0);
  const perSqft = (s: MarketListing) => s.salePrice! / s.aboveGradeArea!;
  const sized = priced.filter((s) => s.aboveGradeArea != null && s.aboveGradeArea > 0);
  const monthly: MarketMonth[] = months.map((month) => {
    const inMonth = sales.filter((s) => s.closeDate!.startsWith(month));
    return {
      month,
      closedSales: inMonth.length,
      medianSalePrice: medianOrNull(inMonth.filter((s) => priced.includes(s)).map((s) => s.salePrice!)),
      medianPricePerSqft: medianOrNull(inMonth.filter((s) => sized.includes(s)).map(perSqft)),
    };
  });

  const withStatus = inArea.filter((l) => l.status != null);
  const counts = withStatus.length
    ? {
        active: withStatus.filter((l) => statusGroup(l.status!) === 'active').length,
        pending: withStatus.filter((l) => statusGroup(l.status!) === 'pending').length,
        closed: sales.filter((s) => s.status != null).length,
        basedOn: withStatus.length,
      }
    : null;
  // Supply and absorption compare today's active listings with the window's monthly sales, both from statuses.
  const statusSales = counts?.closed ?? 0;
  const salesPerMonth = statusSales / 12;
  const monthsOfSupply = counts && statusSales > 0 ? { value: counts.active / salesPerMonth, basedOn: counts.active + statusSales } : null;
  const absorptionRate = counts && counts.active > 0 ? { value: salesPerMonth / counts.active, basedOn: counts.active + statusSales } : null;

  return {
    areaLabel: label,
    areaProblem: problem,
    listingsInArea: inArea.length,
    window: { from, to },
    months: monthly,
    closedSales: sales.length,
    medianSalePrice: figure(priced.map((s) => s.salePrice!)),
    medianPricePerSqft: figure(sized.map(perSqft)),
    medianDaysOnMarket: figure(sales.filter((s) => s.daysOnMarket != null && s.daysOnMarket >= 0).map((s) => s.daysOnMarket!)),
    saleToListRatio: figure(priced.filter((s) => s.listPrice != null && s.listPrice > 0).map((s) => s.salePrice! / s.listPrice!)),
    counts,
    monthsOfSupply,
    absorptionRate,
  };
}

/** A saved area choice (report_data.marketArea) as a valid area; anything else is the default. */
export function normaliseMarketArea(raw: unknown): MarketArea {
  if (!raw || typeof raw !== 'object') return DEFAULT_MARKET_AREA;
  const value = raw as { kind?: unknown; miles?: unknown };
  if (value.kind === 'subdivision' || value.kind === 'zip') return { kind: value.kind };
  if (value.kind === 'radius' && typeof value.miles === 'number' && Number.isFinite(value.miles) && value.miles > 0 && value.miles <= 50) return { kind: 'radius', miles: value.miles };
  return DEFAULT_MARKET_AREA;
}
