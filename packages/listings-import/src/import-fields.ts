// The source columns we understand, each with the header spellings seen in REcolorado (RESO display names) and
// PPAR (Matrix short labels) exports. A header matches when its normalised form equals a normalised alias.

export type CsvType = 'ReColorado' | 'PPAR';
export const CSV_TYPES: readonly CsvType[] = ['ReColorado', 'PPAR'];
export type FormatOption = 'recolorado' | 'ppar' | 'auto';

/** The format option that reads a file as this MLS format (the CLI's --format, the import screen's choice, a listing's source). */
export const formatOptionOf = (format: CsvType): Exclude<FormatOption, 'auto'> => (format === 'PPAR' ? 'ppar' : 'recolorado');
/** The MLS format an option names; null for 'auto' (detect it). */
export const csvTypeOf = (option: FormatOption | undefined): CsvType | null => CSV_TYPES.find((format) => formatOptionOf(format) === option) ?? null;

interface FieldSpec {
  label: string;
  /** Spellings used by REcolorado (RESO display names). */
  recolorado?: string[];
  /** Spellings used by PPAR (Matrix labels). */
  ppar?: string[];
  /** Spellings both use or that other Matrix/RESO systems use; they do not count toward format detection. */
  common?: string[];
}

const FEATURE_SPECS = {
  roof: { label: 'Roof', common: ['Roof', 'Roof Type', 'Roofing'] },
  flooring: { label: 'Flooring', common: ['Flooring', 'Floors', 'Floor Covering'] },
  heating: { label: 'Heating', common: ['Heating', 'Heat Type', 'Heating Type', 'Heating Fuel'] },
  cooling: { label: 'Cooling', common: ['Cooling', 'Cooling Type', 'Air Conditioning'] },
  sewer: { label: 'Sewer', common: ['Sewer', 'Sewer Type'] },
  utilities: { label: 'Utilities', common: ['Utilities'] },
  view: { label: 'View', common: ['View', 'Views'] },
  zoning: { label: 'Zoning', common: ['Zoning', 'Zoning Description'] },
  waterSource: { label: 'Water Source', common: ['Water Source', 'Water', 'Water Type'] },
  basement: { label: 'Basement', common: ['Basement', 'Basement Features', 'Basement Description'] },
  constructionMaterials: { label: 'Construction Materials', common: ['Construction Materials', 'Construction', 'Exterior Construction'] },
  exteriorFeatures: { label: 'Exterior Features', common: ['Exterior Features'] },
  interiorFeatures: { label: 'Interior Features', common: ['Interior Features'] },
  appliances: { label: 'Appliances', common: ['Appliances', 'Appliances Included'] },
  parkingFeatures: { label: 'Parking Features', common: ['Parking Features', 'Parking', 'Garage Type'] },
  patioAndPorchFeatures: { label: 'Patio And Porch Features', common: ['Patio And Porch Features', 'Patio/Porch', 'Patio Features'] },
  fencing: { label: 'Fencing', common: ['Fencing', 'Fence'] },
  lotFeatures: { label: 'Lot Features', common: ['Lot Features', 'Lot Description'] },
  waterfront: { label: 'Waterfront', common: ['Waterfront YN', 'Waterfront', 'Waterfront Features'] },
  propertyCondition: { label: 'Property Condition', common: ['Property Condition', 'Condition'] },
  fireplaceFeatures: { label: 'Fireplace Features', common: ['Fireplace Features', 'Fireplace Description'] },
  laundryFeatures: { label: 'Laundry Features', common: ['Laundry Features', 'Laundry'] },
  windowFeatures: { label: 'Window Features', common: ['Window Features', 'Windows'] },
  architecturalStyle: { label: 'Architectural Style', common: ['Architectural Style', 'Design'] },
  propertyType: { label: 'Property Type', common: ['Property Type', 'Prop Type', 'Type'] },
  propertySubType: { label: 'Property Sub Type', common: ['Property Sub Type', 'Sub Type', 'Property Subtype'] },
} satisfies Record<string, FieldSpec>;

const CORE_SPECS = {
  listingId: { label: 'Listing Id', recolorado: ['Listing ID', 'Listing Id', 'ListingId', 'Listing Key'], ppar: ['MLS #', 'MLS Number', 'ML #', 'ML Number', 'MLS#'], common: ['MLS ID', 'Listing Number'] },
  status: { label: 'MLS Status', recolorado: ['Mls Status', 'MlsStatus', 'Standard Status'], ppar: ['Status'], common: ['Listing Status', 'MLS Status'] },
  streetNumber: { label: 'Street Number', recolorado: ['Street Number', 'Street Number Numeric'], ppar: ['Street #', 'St #', 'Street No'], common: ['House Number', 'StreetNumber'] },
  streetDirPrefix: { label: 'Street Dir Prefix', recolorado: ['Street Dir Prefix'], ppar: ['Street Dir', 'Dir Prefix', 'St Dir'], common: ['Street Direction Prefix', 'Pre Direction', 'Pre Dir'] },
  streetName: { label: 'Street Name', recolorado: ['Street Name'], ppar: ['St Name'], common: ['StreetName'] },
  streetSuffix: { label: 'Street Suffix', recolorado: ['Street Suffix'], ppar: ['Street Type', 'St Suffix', 'St Type'], common: ['Suffix'] },
  streetDirSuffix: { label: 'Street Dir Suffix', recolorado: ['Street Dir Suffix'], ppar: ['Post Dir', 'Dir Suffix'], common: ['Street Direction Suffix', 'Post Direction'] },
  unitNumber: { label: 'Unit Number', recolorado: ['Unit Number'], ppar: ['Unit #', 'Unit'], common: ['Unit No', 'Apt', 'Apartment'] },
  fullAddress: { label: 'Street Address', recolorado: ['Unparsed Address'], ppar: ['Address'], common: ['Street Address', 'Full Address', 'Property Address'] },
  city: { label: 'City', recolorado: ['City'], ppar: ['Postal City'], common: ['Municipality', 'Town'] },
  state: { label: 'State', recolorado: ['State Or Province'], ppar: ['State'], common: ['StateOrProvince', 'ST', 'Province'] },
  postalCode: { label: 'Postal Code', recolorado: ['Postal Code'], ppar: ['Zip', 'Zip Code'], common: ['PostalCode', 'Zipcode', 'Postcode'] },
  county: { label: 'County', recolorado: ['County Or Parish'], ppar: ['County'], common: [] },
  subdivision: { label: 'Neighborhood', recolorado: ['Subdivision Name'], ppar: ['Subdivision'], common: ['Neighborhood', 'Neighbourhood', 'Legal Subdivision'] },
  latitude: { label: 'Latitude', common: ['Latitude', 'Lat', 'Geo Lat'] },
  longitude: { label: 'Longitude', common: ['Longitude', 'Lng', 'Lon', 'Long', 'Geo Lon'] },
  levels: { label: 'Levels', recolorado: ['Levels'], ppar: ['Style', 'Levels/Style'], common: ['Stories', 'Number Of Levels', 'Level'] },
  yearBuilt: { label: 'Year Built', recolorado: ['Year Built'], ppar: ['Yr Built'], common: ['YearBuilt', 'Built'] },
  lotSizeSqft: { label: 'Lot Size', recolorado: ['Lot Size Square Feet', 'Lot Size Area'], ppar: ['Lot SqFt', 'Lot Size SqFt', 'Lot Size (SqFt)'], common: ['Lot Size', 'Lot Sq Ft', 'Lot Square Feet'] },
  lotSizeAcres: { label: 'Lot Size Acres', recolorado: ['Lot Size Acres'], ppar: ['Acres', 'Lot Acres'], common: ['Lot Size (Acres)', 'Acreage'] },
  aboveGradeFinishedArea: { label: 'Above Grade Finished Area', recolorado: ['Above Grade Finished Area'], ppar: ['Above Grade Fin Area (SqFt)', 'Above Grade Fin SqFt', 'Above Grade SqFt', 'AG Fin SqFt', 'Above Grade Fin Area'], common: ['Above Grade Finished SqFt', 'Above Grade Finished Area (SqFt)', 'Above Grade Finished Square Feet'] },
  belowGradeTotalArea: { label: 'Below Grade Total Area', recolorado: ['Below Grade (SqFt) Total', 'Below Grade Total Area'], ppar: ['Basement SqFt', 'Bsmt SqFt', 'Basement Total SqFt', 'Below Grade Total SqFt'], common: ['Below Grade Area', 'Below Grade SqFt Total', 'Below Grade Total'] },
  belowGradeFinishedArea: { label: 'Below Grade Finished Area', recolorado: ['Below Grade Finished Area'], ppar: ['Basement Finished SqFt', 'Bsmt Fin SqFt', 'Basement Fin SqFt', 'Below Grade Fin Area (SqFt)', 'Below Grade Fin SqFt'], common: ['Below Grade Finished SqFt', 'Below Grade Finished Area (SqFt)'] },
  totalSquareFeet: { label: 'Total Square Feet', recolorado: ['Building Area Total'], ppar: ['Total Finished SqFt', 'Total SqFt', 'Total Fin SqFt'], common: ['Total Square Feet', 'Total Sq Ft', 'SqFt Total', 'Square Feet', 'Approx SqFt', 'Building Area'] },
  fireplaces: { label: 'Fireplace', recolorado: ['Fireplaces Total'], ppar: ['Fireplaces', '# Fireplaces'], common: ['Fireplace', 'Number Of Fireplaces', 'Fireplaces Count'] },
  aboveGradeBedrooms: { label: 'Above Grade Bedrooms', recolorado: ['Bedrooms Above Grade'], ppar: ['Beds Above Grade', 'AG Beds'], common: ['Above Grade Bedrooms', 'Main Level Bedrooms Above Grade'] },
  bedrooms: { label: 'Bedrooms', recolorado: ['Bedrooms Total'], ppar: ['Beds', 'Beds Total', 'Total Beds'], common: ['Bedrooms', 'Total Bedrooms', 'BR', 'Beds Tot'] },
  bathroomsTotal: { label: 'Bathrooms', recolorado: ['Bathrooms Total Integer', 'Bathrooms Total'], ppar: ['Baths Total', 'Total Baths', 'Baths'], common: ['Bathrooms', 'Total Bathrooms', 'BA'] },
  bathsFull: { label: 'Full Bathrooms', recolorado: ['Bathrooms Full'], ppar: ['Baths Full', 'Full Baths'], common: ['Full Bathrooms'] },
  bathsThreeQuarter: { label: 'Three Quarter Bathrooms', recolorado: ['Bathrooms Three Quarter'], ppar: ['Baths 3/4', '3/4 Baths'], common: ['Three Quarter Baths', 'Three Quarter Bathrooms', 'Baths Three Quarter'] },
  bathsHalf: { label: 'Half Bathrooms', recolorado: ['Bathrooms Half'], ppar: ['Baths 1/2', '1/2 Baths', 'Half Baths'], common: ['Half Bathrooms', 'Baths Half'] },
  bathsQuarter: { label: 'Quarter Bathrooms', recolorado: ['Bathrooms One Quarter'], ppar: ['Baths 1/4', '1/4 Baths'], common: ['Quarter Baths', 'Quarter Bathrooms', 'Bathrooms Quarter', 'Baths One Quarter'] },
  garageSpaces: { label: 'Garage Spaces', recolorado: ['Garage Spaces'], ppar: ['Garage Stalls', '# Garage Spaces', 'Garage Capacity'], common: ['Garage', 'Garage Spaces Total', 'Parking Garage Spaces'] },
  listPrice: { label: 'List Price', recolorado: ['List Price'], ppar: ['Current Price', 'LP'], common: ['Asking Price', 'Listing Price'] },
  originalListPrice: { label: 'Org List Price', recolorado: ['Original List Price'], ppar: ['Orig List Price', 'Original Price', 'OLP'], common: ['Org List Price'] },
  closePrice: { label: 'Close Price', recolorado: ['Close Price'], ppar: ['Sold Price', 'SP'], common: ['Sale Price', 'Closed Price', 'Sales Price'] },
  concessions: { label: 'Concessions', recolorado: ['Concessions Amount'], ppar: ['Seller Concessions', 'Sold Concessions', 'Concessions $'], common: ['Concessions', 'Concession Amount', 'Seller Concession Amount', 'Seller Paid Concessions'] },
  closeDate: { label: 'Close Date', recolorado: ['Close Date'], ppar: ['Sold Date'], common: ['Closed Date', 'Sale Date', 'Date Sold', 'Closing Date'] },
  listDate: { label: 'List Date', recolorado: ['Listing Contract Date', 'On Market Date'], ppar: ['List Date'], common: ['Listing Date', 'Date Listed'] },
  daysOnMarket: { label: 'Day on market', recolorado: ['Days In MLS'], ppar: ['DOM', 'Days on Mkt'], common: ['Days On Market', 'Day on market'] },
  assocFee: { label: 'Assoc Fee', recolorado: ['Association Fee'], ppar: ['HOA Fee', 'HOA Dues', 'HOA Fee Amount'], common: ['Assoc Fee', 'Association Fee Amount', 'HOA'] },
  assocFeeFrequency: { label: 'Assoc Fee Frequency', recolorado: ['Association Fee Frequency'], ppar: ['HOA Fee Frequency', 'HOA Frequency'], common: ['Assoc Fee Frequency', 'Assoc Fee Freq'] },
  taxes: { label: 'Taxes', recolorado: ['Tax Annual Amount'], ppar: ['Taxes', 'Tax Amount'], common: ['Annual Taxes', 'Taxes Annual', 'Property Taxes'] },
  taxYear: { label: 'Tax Year', common: ['Tax Year'] },
  elementarySchool: { label: 'Elementary School', recolorado: ['Elementary School'], ppar: ['Elementary', 'Elem School'], common: ['Grade School'] },
  middleSchool: { label: 'Middle School', recolorado: ['Middle Or Junior School'], ppar: ['Middle School', 'Junior High'], common: ['Middle', 'Junior High School'] },
  highSchool: { label: 'High School', recolorado: ['High School'], ppar: ['High'], common: ['Senior High School'] },
  schoolDistrict: { label: 'School District', recolorado: ['High School District'], ppar: ['School District'], common: ['District', 'Elementary School District'] },
  // Short sale, REO, probate …: the engine leaves such sales out of comparables (issue 17). Ames-style exports say "Sale Condition".
  saleConditions: { label: 'Special Listing Conditions', recolorado: ['Special Listing Conditions'], ppar: ['Special Conditions'], common: ['Sale Conditions', 'Sale Condition', 'Sale Type', 'Special Sale Conditions'] },
  publicRemarks: { label: 'Public-Remarks', recolorado: ['Public Remarks'], ppar: ['Remarks'], common: ['Public-Remarks', 'Description', 'Property Description'] },
} satisfies Record<string, FieldSpec>;

export type FeatureFieldKey = keyof typeof FEATURE_SPECS;
export type ImportFieldKey = keyof typeof CORE_SPECS | FeatureFieldKey;

const ALL_SPECS: Record<ImportFieldKey, FieldSpec> = { ...CORE_SPECS, ...FEATURE_SPECS };

export const FEATURE_FIELD_KEYS = Object.keys(FEATURE_SPECS) as FeatureFieldKey[];

/**
 * Fields without which a row is of little use in a CMA. Each group is satisfied by any of its keys;
 * the first key names the group in `unmappedRequired`.
 */
export const REQUIRED_FIELD_GROUPS: readonly (readonly ImportFieldKey[])[] = [
  ['listingId'],
  ['streetName', 'fullAddress'],
  ['closePrice', 'listPrice'],
  ['aboveGradeFinishedArea', 'totalSquareFeet'],
];

export interface ImportFieldInfo {
  key: ImportFieldKey;
  label: string;
  required: boolean;
  /** Header spellings recognised, for the mapping UI's hints. */
  aliases: string[];
}

const requiredKeys = new Set(REQUIRED_FIELD_GROUPS.map((group) => group[0]));

/** Every field a column can be mapped to, in a stable order for the mapping UI. */
export const IMPORT_FIELDS: readonly ImportFieldInfo[] = (Object.keys(ALL_SPECS) as ImportFieldKey[]).map((key) => {
  const spec = ALL_SPECS[key];
  return {
    key,
    label: spec.label,
    required: requiredKeys.has(key),
    aliases: [...(spec.recolorado ?? []), ...(spec.ppar ?? []), ...(spec.common ?? [])],
  };
});

export function isImportFieldKey(value: unknown): value is ImportFieldKey {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ALL_SPECS, value);
}

/** Lower-case, '#' read as 'number', everything but letters and digits dropped: "MLS #" → "mlsnumber". */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/#/g, 'number').replace(/[^a-z0-9]/g, '');
}

interface AliasEntry {
  key: ImportFieldKey;
  profile: CsvType | null;
}

const ALIAS_INDEX: Map<string, AliasEntry> = (() => {
  const index = new Map<string, AliasEntry>();
  const add = (alias: string, key: ImportFieldKey, profile: CsvType | null) => {
    const normalized = normalizeHeader(alias);
    // First registration wins, so a profile-specific spelling keeps its profile tag.
    if (!index.has(normalized)) index.set(normalized, { key, profile });
  };
  for (const key of Object.keys(ALL_SPECS) as ImportFieldKey[]) {
    const spec = ALL_SPECS[key];
    for (const alias of spec.recolorado ?? []) add(alias, key, 'ReColorado');
    for (const alias of spec.ppar ?? []) add(alias, key, 'PPAR');
  }
  for (const key of Object.keys(ALL_SPECS) as ImportFieldKey[]) {
    for (const alias of ALL_SPECS[key].common ?? []) add(alias, key, null);
  }
  return index;
})();

/** The field a header names, if we know the spelling. */
export function matchHeader(header: string): ImportFieldKey | null {
  return ALIAS_INDEX.get(normalizeHeader(header))?.key ?? null;
}

export function aliasProfile(header: string): CsvType | null {
  return ALIAS_INDEX.get(normalizeHeader(header))?.profile ?? null;
}

export function fieldLabel(key: ImportFieldKey): string {
  return ALL_SPECS[key].label;
}
