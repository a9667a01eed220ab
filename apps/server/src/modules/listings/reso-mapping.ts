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
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (DATE_FIELDS.has(field) && typeof value === 'string') {
    const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
    return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
  }
  return String(value);
}

/** One RESO Property as an export row (values in RESO_CSV_HEADERS order). StandardStatus fills a missing MlsStatus. */
export function resoPropertyRow(property: ResoEntity): string[] {
  const withStatus = property.MlsStatus == null ? { ...property, MlsStatus: property.StandardStatus } : property;
  return Object.keys(FIELD_HEADERS).map((field) => cell(field, withStatus[field]));
}

const csvCell = (text: string) => (/[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** RESO Properties as a REcolorado-style CSV the importer reads. */
export function resoPropertiesCsv(properties: ResoEntity[]): string {
  return [RESO_CSV_HEADERS, ...properties.map(resoPropertyRow)].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The photo URLs per listing key, in Media order (images only). */
export function photosByListingKey(media: ResoEntity[]): Map<string, string[]> {
  const sorted = [...media].sort((a, b) => Number(a.Order ?? 0) - Number(b.Order ?? 0));
  const result = new Map<string, string[]>();
  for (const item of sorted) {
    const key = typeof item.ResourceRecordKey === 'string' ? item.ResourceRecordKey : undefined;
    const url = typeof item.MediaURL === 'string' ? item.MediaURL : undefined;
    const category = typeof item.MediaCategory === 'string' ? item.MediaCategory.toLowerCase() : 'photo';
    if (!key || !url || !/^https?:\/\//i.test(url) || (category !== 'photo' && category !== 'image')) continue;
    result.set(key, [...(result.get(key) ?? []), url]);
  }
  return result;
}
