// The property record of spec §3, with the spec's field names. Facts the export did not carry are 'Not Available'.

import { FEATURE_TEXT_FIELDS, type AdditionalFacts } from '@cma/valuation';
import type { CsvType } from './import-fields';
import type { NotAvailable } from './values';

// The text fact columns are the reader's list (valuation), named here with the record's other fields.
export { FEATURE_TEXT_FIELDS };

/** A number, or 'Not Available' when the export had no usable value. */
export type NumberOrNA = number | NotAvailable;

export interface SchoolInfo {
  Elementary: string;
  Middle: string;
  High: string;
  'School District': string;
}

export interface AddedComparablesListEntry {
  /** MLS status, e.g. 'Closed'. */
  Current_State: string;
  /** MM/DD/YYYY. */
  Sold_Date: string;
  Sold_Price: NumberOrNA;
}

export type FeatureTextField = (typeof FEATURE_TEXT_FIELDS)[number];

export type PropertyRecord = {
  /** Random v4 uuid, new on every import. */
  uuid: string;
  /** Which MLS's export the record came from. */
  csvType: CsvType;
  'Listing Id': string;
  /** MLS status (Closed, Active, Pending …). */
  MLS: string;
  'Street Number': string;
  'Street Dir Prefix': string;
  'Street Name': string;
  'Street Suffix': string;
  'Street Dir Suffix': string;
  'Unit Number': string;
  City: string;
  State: string;
  'Postal Code': string;
  County: string;
  /** '1234 Main Street, Denver, CO 80202 (unit 5)'. */
  properties_address: string;
  /** Street line only: '1234 Main Street'. */
  pdf_address: string;
  Neighborhood: string;
  Latitude: NumberOrNA;
  Longitude: NumberOrNA;
  Levels: string;
  'Year Built': NumberOrNA;
  /** Square feet (acres × 43,560 when only acres were given). */
  'Lot Size': NumberOrNA;
  'Above Grade Finished Area': NumberOrNA;
  'Below Grade Total Area': NumberOrNA;
  'Below Grade Finished Area': NumberOrNA;
  /** The export's total, else above grade finished + below grade total. */
  'Total Square Feet': NumberOrNA;
  Fireplace: NumberOrNA;
  'Above Grade Bedrooms': NumberOrNA;
  Bedrooms: NumberOrNA;
  Bathrooms: NumberOrNA;
  'Full Bathrooms': NumberOrNA;
  'Three Quarter Bathrooms': NumberOrNA;
  'Half Bathrooms': NumberOrNA;
  'Quarter Bathrooms': NumberOrNA;
  '3/4 and Full Bathrooms': NumberOrNA;
  '1/4 and 1/2 Bathrooms': NumberOrNA;
  'Garage Spaces': NumberOrNA;
  'List Price': NumberOrNA;
  'Org List Price': NumberOrNA;
  'Close Price': NumberOrNA;
  Concessions: NumberOrNA;
  /** Close price − concessions (missing concessions count as 0). */
  'Net Sales Price': NumberOrNA;
  /** Net sales price (list price when unsold) ÷ above grade finished area (total sq ft when absent), cents. */
  perSquareFeet: NumberOrNA;
  /** MM/DD/YYYY. */
  'List Date': string;
  /** MM/DD/YYYY. */
  'Close Date': string;
  'Day on market': NumberOrNA;
  'Assoc Fee': NumberOrNA;
  'Assoc Fee Frequency': string;
  Taxes: NumberOrNA;
  'Tax Year': NumberOrNA;
  schools: SchoolInfo;
  'Public-Remarks': string;
  /** Short sale, REO, probate … as the export wrote it; 'Not Available' when it has no such column. */
  'Special Listing Conditions': string;
  added_COMPARABLESLIST: AddedComparablesListEntry;
  add_adjustment: true;
  notes: string;
  agentNotes: string;
  checked: boolean;
  propertyImages: string[];
  /** Additional home facts ticked for this record (prefilled from the MLS text where it is unambiguous). */
  selectedAdditionalInfo: AdditionalFacts;
  /** Additional home facts ticked when this record is the subject. */
  subjectAdditionalInfo: AdditionalFacts;
} & { [F in FeatureTextField]: string };

/** Every key of a PropertyRecord, in display order. */
export const PROPERTY_RECORD_FIELDS = [
  'uuid', 'csvType', 'Listing Id', 'MLS', 'Street Number', 'Street Dir Prefix', 'Street Name', 'Street Suffix',
  'Street Dir Suffix', 'Unit Number', 'City', 'State', 'Postal Code', 'County', 'properties_address', 'pdf_address',
  'Neighborhood', 'Latitude', 'Longitude', 'Levels', 'Year Built', 'Lot Size', 'Above Grade Finished Area',
  'Below Grade Total Area', 'Below Grade Finished Area', 'Total Square Feet', 'Fireplace', 'Above Grade Bedrooms',
  'Bedrooms', 'Bathrooms', 'Full Bathrooms', 'Three Quarter Bathrooms', 'Half Bathrooms', 'Quarter Bathrooms',
  '3/4 and Full Bathrooms', '1/4 and 1/2 Bathrooms', 'Garage Spaces', 'List Price', 'Org List Price', 'Close Price',
  'Concessions', 'Net Sales Price', 'perSquareFeet', 'List Date', 'Close Date', 'Day on market', 'Assoc Fee',
  'Assoc Fee Frequency', 'Taxes', 'Tax Year', 'schools', 'Public-Remarks', 'Special Listing Conditions', ...FEATURE_TEXT_FIELDS,
  'added_COMPARABLESLIST', 'add_adjustment', 'notes', 'agentNotes', 'checked', 'propertyImages',
  'selectedAdditionalInfo', 'subjectAdditionalInfo',
] as const satisfies readonly (keyof PropertyRecord)[];

// Compile-time check that the list above names every key of PropertyRecord.
type MissingFromList = Exclude<keyof PropertyRecord, (typeof PROPERTY_RECORD_FIELDS)[number]>;
const _everyFieldListed: MissingFromList extends never ? true : MissingFromList = true;
