import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
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
  /** Where the bytes were streamed: a temporary file, removed when the response has been sent. */
  path: string;
  size: number;
  /** The first bytes, enough to judge the type. */
  head: Buffer;
  /** The file went over the per-file size limit (the rest of it was dropped). */
  truncated: boolean;
}

const HEAD_BYTES = 64;

/** The whole file, for the few consumers that need it in memory (small account images). */
export const readUploadedFile = (file: UploadedFile): Promise<Buffer> => readFile(file.path);

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

export interface ReadCappedUploadOptions extends Pick<ReadUploadOptions, 'fileFields' | 'errorField'> {
  /** Each file's size limit. */
  maxFileBytes: number;
  /** The 422 message, on the file's field, for a file over the limit. */
  tooLargeMessage: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The temporary folder this request's uploaded files were streamed to, if any. */
    uploadDir: string | null;
  }
}

/** Uploaded files live on disk only while their request runs: removed once the response is sent or the client leaves. */
export function installUploadCleanup(app: FastifyInstance): void {
  app.decorateRequest('uploadDir', null);
  const cleanup = async (request: FastifyRequest) => {
    const dir = request.uploadDir;
    request.uploadDir = null;
    if (dir) await rm(dir, { recursive: true, force: true });
  };
  app.addHook('onResponse', cleanup);
  app.addHook('onRequestAbort', cleanup);
}

/** Streams one file part to disk (never whole in memory), keeping its first bytes for type checks. */
async function streamToTempFile(request: FastifyRequest, field: string, filename: string, stream: MultipartFile['file']): Promise<UploadedFile> {
  request.uploadDir ??= await mkdtemp(path.join(tmpdir(), 'cma-upload-'));
  const filePath = path.join(request.uploadDir, randomUUID());
  let size = 0;
  const headChunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => {
    if (size < HEAD_BYTES) headChunks.push(chunk.subarray(0, HEAD_BYTES - size));
    size += chunk.length;
  });
  let truncated = false;
  try {
    await pipeline(stream, createWriteStream(filePath));
  } catch (error) {
    // Over the size limit: the rest is dropped and the caller reports the file by name.
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    truncated = true;
  }
  return { field, filename, path: filePath, size, head: Buffer.concat(headChunks), truncated: truncated || stream.truncated };
}

/** Reads a multipart body (or a JSON object body) into text fields and files streamed to disk. */
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
        form.files.push(await streamToTempFile(request, part.fieldname, part.filename || 'image', part.file));
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

/** readUploadForm with a per-file size limit: a larger file is a 422 `tooLargeMessage` on its field, however the stream was cut. */
export async function readCappedUploadForm(request: FastifyRequest, { maxFileBytes, tooLargeMessage, ...options }: ReadCappedUploadOptions): Promise<UploadForm> {
  const form = await readUploadForm(request, { ...options, maxFileBytes, limitMessage: (code) => (code === 'FST_REQ_FILE_TOO_LARGE' ? tooLargeMessage : undefined) });
  const tooLarge = form.files.find((file) => file.truncated);
  if (tooLarge) throw new ValidationError({ [tooLarge.field]: [tooLargeMessage] });
  return form;
}
