// The CSV import run shared by the Web Worker and the in-page fallback (tests, browsers without module workers).
import { createListingsImporter, decodeListingsBytes, type ColumnMapping, type CsvType, type FormatOption, type ImportError, type ImportFieldKey, type PropertyRecord } from '@cma/listings-import';

export interface ImportRequest {
  fileName: string;
  format: FormatOption;
  mapping?: ColumnMapping;
}

export interface FileImportResult {
  fileName: string;
  format: CsvType;
  detectedFormat: CsvType;
  headers: string[];
  mapping: ColumnMapping;
  unmappedRequired: ImportFieldKey[];
  rows: number;
  records: PropertyRecord[];
  errors: ImportError[];
}

/** Characters fed per step: small enough for a smooth progress bar, big enough to stay fast. */
const SLICE_CHARS = 256 * 1024;

export async function importListingsBytes(
  bytes: Uint8Array,
  request: ImportRequest,
  onProgress: (fraction: number) => void,
  yieldToEventLoop: () => Promise<void> = () => Promise.resolve(),
): Promise<FileImportResult> {
  const { text } = decodeListingsBytes(bytes);
  const importer = createListingsImporter({ format: request.format, mapping: request.mapping });
  const records: PropertyRecord[] = [];
  const errors: ImportError[] = [];
  onProgress(0);
  for (let start = 0; start < text.length; start += SLICE_CHARS) {
    const batch = importer.push(text.slice(start, start + SLICE_CHARS));
    for (const record of batch.records) records.push(record);
    for (const error of batch.errors) errors.push(error);
    onProgress(Math.min(0.99, (start + SLICE_CHARS) / Math.max(1, text.length)));
    await yieldToEventLoop();
  }
  const last = importer.finish();
  records.push(...last.records);
  errors.push(...last.errors);
  onProgress(1);
  const summary = importer.summary;
  if (!summary) {
    return { fileName: request.fileName, format: 'ReColorado', detectedFormat: 'ReColorado', headers: [], mapping: {}, unmappedRequired: [], rows: 0, records, errors: errors.length ? errors : [{ line: 1, message: 'The file has no header row.' }] };
  }
  return {
    fileName: request.fileName,
    format: summary.format,
    detectedFormat: summary.detectedFormat,
    headers: summary.headers,
    mapping: summary.mapping,
    unmappedRequired: summary.unmappedRequired,
    rows: summary.rows,
    records,
    errors,
  };
}
