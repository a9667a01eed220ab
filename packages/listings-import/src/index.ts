// @cma/listings-import — pure MLS CSV import (REcolorado and PPAR): no file system, no network; browser and Node.
export { parseListingsCsv, importListingsChunks, importListingsEach, createListingsImporter, chooseDateSystem } from './importer';
export type { ImportOptions, ImportError, ImportBatch, ImportSummary, ListingsImporter, ParseListingsResult } from './importer';
export { suggestMapping, headerSignature, detectFormat, resolveColumns, locateHeader, CANDIDATE_DELIMITERS } from './headers';
export type { ColumnMapping, FormatDetection, ResolvedColumns, Delimiter } from './headers';
export {
  IMPORT_FIELDS, REQUIRED_FIELD_GROUPS, CSV_TYPES, formatOptionOf, csvTypeOf, FEATURE_FIELD_KEYS, normalizeHeader, matchHeader, isImportFieldKey, fieldLabel,
} from './import-fields';
export type { CsvType, FormatOption, ImportFieldKey, ImportFieldInfo, FeatureFieldKey } from './import-fields';
export { PROPERTY_RECORD_FIELDS, FEATURE_TEXT_FIELDS } from './property-record';
export type { PropertyRecord, NumberOrNA, SchoolInfo, AddedComparablesListEntry, FeatureTextField } from './property-record';
export { decodeListingsBytes, detectEncoding, encodingOf, createChunkDecoder, ENCODING_HEAD_BYTES } from './decode';
export type { TextEncodingName, ChunkDecoder } from './decode';
export {
  NOT_AVAILABLE, parseNumber, parseDate, formatUsDate, formatIsoDate, usDateToIso, serialToDate, stateCode, normalizeLevels, INVALID,
} from './values';
export type { NotAvailable, DateSystem, ParsedDate } from './values';
export { splitStreetAddress } from './row-mapper';
export { printableText } from './printable';
