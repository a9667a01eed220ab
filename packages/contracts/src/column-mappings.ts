import { z } from 'zod';
import { envelope } from './envelope';

// The column map an agent confirmed for an export the importer did not recognise, kept per agent by the export's
// header (its signature), so the same export maps itself next time, on any device (issue 28 item 5).

export const COLUMN_MAPPING_MAX_COLUMNS = 500;

export const columnMappingParams = z.object({
  signature: z.string().regex(/^\d{1,5}-[0-9a-f]{8}$/, 'signature must be a header signature (columns-hash).'),
});

/** Header → import field (null: the column is not used). */
export const columnMapping = z
  .record(z.string().max(300), z.string().max(80).nullable())
  .refine((mapping) => Object.keys(mapping).length <= COLUMN_MAPPING_MAX_COLUMNS, `A column map has at most ${COLUMN_MAPPING_MAX_COLUMNS} columns.`);

/** PUT /api/column-mappings/{signature} */
export const saveColumnMappingRequest = z.object({ mapping: columnMapping });
/** GET and PUT /api/column-mappings/{signature}: the map kept for that header (null when none is). */
export const columnMappingResponse = envelope(z.object({ signature: z.string(), mapping: columnMapping.nullable() }));
