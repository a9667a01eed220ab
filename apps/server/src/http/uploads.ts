import type { FastifyRequest } from 'fastify';
import { ValidationError } from './errors';
import { findNulField, NUL_CHARACTER_MESSAGE } from './text-guard';

// One place that reads uploads and judges their type: every module's image checks go through here.

export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type from the file's first bytes; a file's name and declared content-type are never trusted. */
export function sniffImageType(bytes: Buffer): SniffedImageType | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'image/webp';
  return undefined;
}

export interface UploadedFile {
  field: string;
  filename: string;
  bytes: Buffer;
  /** The file went over the per-file size limit (its bytes are then empty). */
  truncated: boolean;
}

export interface UploadForm {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export interface ReadUploadOptions {
  /** Only files in these fields are kept; others are drained and dropped. */
  fileFields?: ReadonlySet<string>;
  /** The field a 422 for an unreadable upload (too many files, broken stream) is reported on; by default the part's own. */
  errorField: string | ((partField: string | undefined) => string);
  /** The message for a multipart limit error (e.g. 'FST_FILES_LIMIT'); a generic one otherwise. */
  limitMessage?: (code: string | undefined) => string | undefined;
  /** A per-file size limit below the server's; a bigger file comes back truncated with empty bytes. */
  maxFileBytes?: number;
}

/** Reads a multipart body (or a JSON object body) into text fields and whole files. */
export async function readUploadForm(request: FastifyRequest, options: ReadUploadOptions): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, files: [] };
  if (!request.isMultipart()) {
    for (const [key, value] of Object.entries((request.body as Record<string, unknown> | undefined) ?? {})) {
      if (typeof value === 'string') form.fields[key] = value;
    }
    return form;
  }
  let partField: string | undefined;
  try {
    for await (const part of request.parts(options.maxFileBytes ? { limits: { fileSize: options.maxFileBytes } } : undefined)) {
      partField = part.fieldname;
      if (part.type === 'file') {
        if (options.fileFields && !options.fileFields.has(part.fieldname)) {
          part.file.resume();
          continue;
        }
        let bytes: Buffer;
        let truncated = false;
        try {
          bytes = await part.toBuffer();
        } catch {
          bytes = Buffer.alloc(0); // toBuffer throws once the file passes the size limit
          truncated = true;
        }
        form.files.push({ field: part.fieldname, filename: part.filename || 'image', bytes, truncated: truncated || part.file.truncated });
      } else if (typeof part.value === 'string') {
        if (findNulField(part.value) !== undefined) throw new ValidationError({ [part.fieldname]: [NUL_CHARACTER_MESSAGE] });
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const code = (error as { code?: string }).code;
    const field = typeof options.errorField === 'string' ? options.errorField : options.errorField(partField);
    throw new ValidationError({ [field]: [options.limitMessage?.(code) ?? 'The upload could not be read.'] });
  }
  return form;
}
