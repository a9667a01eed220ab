// RESO Data Dictionary Property → the REcolorado display-name row the CSV importer reads (pure). Going through
// the importer keeps RESO records identical in shape to uploaded ones.

type ResoEntity = Record<string, unknown>;

/** RESO standard field → the export column header the importer knows. */
const FIELD_HEADERS: Record<string, string> = {
  ListingId: 'Listing ID', MlsStatus: 'Mls Status', StreetNumber: 'Street Number', StreetDirPrefix: 'Street Dir Prefix',
  StreetName: 'Street Name', StreetSuffix: 'Street Suffix', StreetDirSuffix: 'Street Dir Suffix', UnitNumber: 'Unit Number',
  City: 'City', StateOrProvince: 'State Or Province', PostalCode: 'Postal Code', CountyOrParish: 'County Or Parish',
  SubdivisionName: 'Subdivision Name', Levels: 'Levels', YearBuilt: 'Year Built', LotSizeSquareFeet: 'Lot Size Square Feet',
  LotSizeAcres: 'Lot Size Acres', AboveGradeFinishedArea: 'Above Grade Finished Area', BelowGradeTotalArea: 'Below Grade Total Area',
  BelowGradeFinishedArea: 'Below Grade Finished Area', BuildingAreaTotal: 'Building Area Total', BedroomsTotal: 'Bedrooms Total',
  BathroomsTotalInteger: 'Bathrooms Total Integer', BathroomsFull: 'Bathrooms Full', BathroomsThreeQuarter: 'Bathrooms Three Quarter',
  BathroomsHalf: 'Bathrooms Half', BathroomsOneQuarter: 'Bathrooms One Quarter', GarageSpaces: 'Garage Spaces',
  FireplacesTotal: 'Fireplaces Total', ListPrice: 'List Price', OriginalListPrice: 'Original List Price', ClosePrice: 'Close Price',
  ConcessionsAmount: 'Concessions Amount', CloseDate: 'Close Date', ListingContractDate: 'Listing Contract Date',
  DaysOnMarket: 'Days In MLS', Latitude: 'Latitude', Longitude: 'Longitude', AssociationFee: 'Association Fee',
  AssociationFeeFrequency: 'Association Fee Frequency', TaxAnnualAmount: 'Tax Annual Amount', TaxYear: 'Tax Year',
  ElementarySchool: 'Elementary School', MiddleOrJuniorSchool: 'Middle Or Junior School', HighSchool: 'High School',
  HighSchoolDistrict: 'High School District', PublicRemarks: 'Public Remarks', Roof: 'Roof', Flooring: 'Flooring',
  Heating: 'Heating', Cooling: 'Cooling', Sewer: 'Sewer', Utilities: 'Utilities', View: 'View', Zoning: 'Zoning',
  WaterSource: 'Water Source', Basement: 'Basement', ConstructionMaterials: 'Construction Materials',
  ExteriorFeatures: 'Exterior Features', InteriorFeatures: 'Interior Features', Appliances: 'Appliances',
  ParkingFeatures: 'Parking Features', PatioAndPorchFeatures: 'Patio And Porch Features', Fencing: 'Fencing',
  LotFeatures: 'Lot Features', PropertyCondition: 'Property Condition', FireplaceFeatures: 'Fireplace Features',
  LaundryFeatures: 'Laundry Features', WindowFeatures: 'Window Features', ArchitecturalStyle: 'Architectural Style',
  PropertyType: 'Property Type', PropertySubType: 'Property Sub Type', SpecialListingConditions: 'Special Listing Conditions',
};
export const RESO_CSV_HEADERS = Object.values(FIELD_HEADERS);

const DATE_FIELDS = new Set(['CloseDate', 'ListingContractDate']);

function cell(field: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  // One line per row: a remark's line breaks become spaces, so a row's line number names its listing.
  if (Array.isArray(value)) return value.map(String).join(', ').replace(/[\r\n]+/g, ' ');
  if (DATE_FIELDS.has(field) && typeof value === 'string') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
  }
  return String(value).replace(/[\r\n]+/g, ' ');
}

/**
 * The Data Dictionary fields vendors leave out, filled from the ones they send: ListingId from ListingKey, MlsStatus
 * from StandardStatus, above-grade area from LivingArea (MLS Grid, Bridge), street parts from UnparsedAddress; and no
 * sale on a listing that is not closed.
 */
export function withStandardFields(property: ResoEntity): ResoEntity {
  const filled: ResoEntity = { ...property };
  if (filled.ListingId == null || filled.ListingId === '') filled.ListingId = filled.ListingKey;
  if (filled.MlsStatus == null) filled.MlsStatus = filled.StandardStatus;
  if (filled.AboveGradeFinishedArea == null && typeof filled.LivingArea === 'number') filled.AboveGradeFinishedArea = filled.LivingArea;
  // Only a closed listing has a sale: feeds (and OData servers filling defaults) send ClosePrice 0 or a CloseDate on actives.
  const status = typeof filled.StandardStatus === 'string' ? filled.StandardStatus.toLowerCase() : '';
  if ((status && status !== 'closed') || (typeof filled.ClosePrice === 'number' && filled.ClosePrice <= 0)) {
    filled.ClosePrice = null;
    filled.CloseDate = null;
  }
  if (filled.StreetName == null && typeof filled.UnparsedAddress === 'string') {
    const street = /^\s*(\d+[A-Za-z]?)\s+([^,]+)/.exec(filled.UnparsedAddress);
    if (street) Object.assign(filled, { StreetNumber: street[1], StreetName: street[2]!.trim() });
  }
  return filled;
}

/** One RESO Property as an export row (values in RESO_CSV_HEADERS order). */
export function resoPropertyRow(property: ResoEntity): string[] {
  const filled = withStandardFields(property);
  return Object.keys(FIELD_HEADERS).map((field) => cell(field, filled[field]));
}

/** The feed's key of a Property (ListingKey, else ListingId), or null. */
export function listingKeyOf(property: ResoEntity): string | null {
  for (const value of [property.ListingKey, property.ListingId]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

/** A timestamp field as a Date, or null when absent or not a date. */
export function timestampOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Why a Property cannot be stored (null when it can). */
export function propertyProblem(property: unknown): string | null {
  if (!property || typeof property !== 'object' || Array.isArray(property)) return 'not an object';
  const entity = property as ResoEntity;
  if (!listingKeyOf(entity)) return 'no ListingKey or ListingId';
  if (!timestampOf(entity.ModificationTimestamp)) return `ModificationTimestamp is not a timestamp (${JSON.stringify(entity.ModificationTimestamp ?? null).slice(0, 40)})`;
  return null;
}

/** Statuses that take a listing off the market for good: the listing is removed, as when it leaves the feed. */
const REMOVED_STATUSES = new Set(['withdrawn', 'delete', 'deleted']);

/** The MLS withdrew the listing: MLS Grid's MlgCanView false, or a withdrawn/deleted StandardStatus. */
export function isWithdrawn(property: ResoEntity): boolean {
  if (property.MlgCanView === false) return true;
  const status = typeof property.StandardStatus === 'string' ? property.StandardStatus.toLowerCase().replace(/\s+/g, '') : '';
  return REMOVED_STATUSES.has(status);
}

const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** RESO Properties as a REcolorado-style CSV the importer reads. */
export function resoPropertiesCsv(properties: ResoEntity[]): string {
  return [RESO_CSV_HEADERS, ...properties.map(resoPropertyRow)].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** A photo of a listing as the feed describes it. */
export interface MediaPhoto {
  mediaKey: string;
  url: string;
  position: number;
  modifiedAt: Date | null;
}

const isPhoto = (item: ResoEntity): boolean => {
  const category = typeof item.MediaCategory === 'string' ? item.MediaCategory.toLowerCase() : '';
  const type = typeof item.MediaType === 'string' ? item.MediaType.toLowerCase() : '';
  if (category) return category === 'photo' || category === 'photos' || category === 'image';
  return type === '' || type.startsWith('image/') || ['jpeg', 'jpg', 'png', 'webp'].includes(type);
};

/**
 * A listing's photos from its Media (inline, expanded or from the Media resource): images only, with an http(s) URL,
 * in Media order, the first `limit`. A Media item without a MediaKey is keyed by its URL.
 */
export function photosOfMedia(media: readonly unknown[], limit: number): MediaPhoto[] {
  const photos: (MediaPhoto & { order: number })[] = [];
  for (const [index, item] of media.entries()) {
    if (!item || typeof item !== 'object') continue;
    const entity = item as ResoEntity;
    const url = typeof entity.MediaURL === 'string' ? entity.MediaURL.trim() : '';
    if (!/^https?:\/\//i.test(url) || !isPhoto(entity)) continue;
    const order = typeof entity.Order === 'number' ? entity.Order : Number(entity.Order ?? index);
    photos.push({
      mediaKey: typeof entity.MediaKey === 'string' && entity.MediaKey !== '' ? entity.MediaKey : url,
      url,
      position: 0,
      modifiedAt: timestampOf(entity.MediaModificationTimestamp ?? entity.ModificationTimestamp),
      order: Number.isFinite(order) ? order : index,
    });
  }
  const unique = [...new Map(photos.map((p) => [p.mediaKey, p])).values()];
  return unique
    .sort((a, b) => a.order - b.order)
    .slice(0, limit)
    .map(({ order: _order, ...photo }, position) => ({ ...photo, position }));
}

/** Media items of the Media resource grouped by the listing key they belong to. */
export function mediaByListingKey(media: readonly ResoEntity[]): Map<string, ResoEntity[]> {
  const result = new Map<string, ResoEntity[]>();
  for (const item of media) {
    const key = typeof item.ResourceRecordKey === 'string' ? item.ResourceRecordKey : typeof item.ResourceRecordKey === 'number' ? String(item.ResourceRecordKey) : null;
    if (!key) continue;
    const items = result.get(key);
    if (items) items.push(item);
    else result.set(key, [item]);
  }
  return result;
}
