import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { CUSTOM_PAGE_MAX_BYTES, CUSTOM_PAGE_NAME_MAX_LENGTH, type CustomPage } from '@cma/contracts';
import { MAX_CUSTOM_PDF_PAGES } from '@cma/report/pages';
import type { AppContext } from '../../context';
import { NotFoundError, ValidationError } from '../../http/errors';
import type { CustomPageRow, CustomPagesRepository } from './custom-pages.repository';

const FIELD = 'pdf';
const PDF_MAGIC = Buffer.from('%PDF-');
const MB = CUSTOM_PAGE_MAX_BYTES / (1024 * 1024);
const UNREADABLE = 'The PDF could not be read. Save it again from the program that made it and upload that copy.';
export const CUSTOM_PAGE_TOO_LARGE_MESSAGE = `The PDF must be at most ${MB} MB.`;

const toCustomPage = (row: CustomPageRow): CustomPage => ({
  id: row.id,
  name: row.name,
  page_count: row.page_count,
  bytes: row.bytes,
  created_at: new Date(row.created_at).toISOString(),
});

/**
 * The upload checked by its content (the %PDF- signature, then parsed) and written anew: only its pages are copied into
 * a fresh document, so scripts, forms, attachments and anything appended to the file are left behind.
 */
async function rebuildPdf(bytes: Buffer): Promise<{ pdf: Uint8Array; pageCount: number }> {
  if (bytes.length > CUSTOM_PAGE_MAX_BYTES) throw new ValidationError({ [FIELD]: [CUSTOM_PAGE_TOO_LARGE_MESSAGE] });
  // The signature may follow a few bytes of junk in real files, but must be in the first kilobyte (as readers require).
  if (bytes.subarray(0, 1024).indexOf(PDF_MAGIC) === -1) throw new ValidationError({ [FIELD]: ['The file is not a PDF.'] });
  let source: PDFDocument;
  let pageCount: number;
  try {
    source = await PDFDocument.load(bytes, { updateMetadata: false });
    pageCount = source.getPageCount();
  } catch (error) {
    const encrypted = error instanceof Error && /encrypt/i.test(error.message);
    throw new ValidationError({ [FIELD]: [encrypted ? 'The PDF is password-protected. Upload a copy without a password.' : UNREADABLE] });
  }
  if (pageCount === 0) throw new ValidationError({ [FIELD]: ['The PDF has no pages.'] });
  if (pageCount > MAX_CUSTOM_PDF_PAGES) throw new ValidationError({ [FIELD]: [`The PDF has ${pageCount} pages; a report can carry at most ${MAX_CUSTOM_PDF_PAGES} uploaded pages.`] });
  const clean = await PDFDocument.create();
  try {
    for (const page of await clean.copyPages(source, source.getPageIndices())) clean.addPage(page);
  } catch {
    throw new ValidationError({ [FIELD]: [UNREADABLE] });
  }
  return { pdf: await clean.save(), pageCount };
}

export function createCustomPagesService(repository: CustomPagesRepository, ctx: Pick<AppContext, 'storage' | 'now'>) {
  async function owned(userId: string, id: string): Promise<CustomPageRow> {
    const row = await repository.find(userId, id);
    if (!row) throw new NotFoundError('There is no such uploaded page.');
    return row;
  }

  return {
    async list(userId: string): Promise<CustomPage[]> {
      return (await repository.list(userId)).map(toCustomPage);
    },

    async upload(userId: string, file: { bytes: Buffer; filename: string }, name: string | undefined): Promise<CustomPage> {
      const { pdf, pageCount } = await rebuildPdf(file.bytes);
      const shownName = (name?.trim() || path.basename(file.filename).replace(/\.pdf$/i, '').trim() || 'Uploaded page').slice(0, CUSTOM_PAGE_NAME_MAX_LENGTH);
      const key = `custom-pages/${userId}/${randomBytes(8).toString('hex')}.pdf`;
      await ctx.storage.put(key, Buffer.from(pdf), 'application/pdf');
      const row = await repository.insertWithin(userId, { name: shownName, page_count: pageCount, bytes: pdf.length, storage_key: key, created_at: ctx.now() }, MAX_CUSTOM_PDF_PAGES);
      if (!row) {
        await ctx.storage.delete(key);
        const used = (await repository.list(userId)).reduce((sum, page) => sum + page.page_count, 0);
        throw new ValidationError({
          [FIELD]: [`You can keep at most ${MAX_CUSTOM_PDF_PAGES} uploaded pages and have ${used}; this PDF has ${pageCount}. Delete an uploaded page first.`],
        });
      }
      return toCustomPage(row);
    },

    async file(userId: string, id: string): Promise<CustomPage & { data_url: string }> {
      const row = await owned(userId, id);
      const bytes = await ctx.storage.get(row.storage_key);
      if (!bytes) throw new NotFoundError('There is no such uploaded page.');
      return { ...toCustomPage(row), data_url: `data:application/pdf;base64,${bytes.toString('base64')}` };
    },

    /** The uploads a report lists, with their files, for printing (only the agent's own; deleted ones are skipped). */
    async filesFor(userId: string, ids: readonly string[]): Promise<{ id: string; name: string; pageCount: number; pdf: Uint8Array }[]> {
      if (ids.length === 0) return [];
      const wanted = new Set(ids);
      const rows = (await repository.list(userId)).filter((row) => wanted.has(row.id));
      const files = await Promise.all(rows.map(async (row) => ({ row, bytes: await ctx.storage.get(row.storage_key) })));
      return files.flatMap(({ row, bytes }) => (bytes ? [{ id: row.id, name: row.name, pageCount: row.page_count, pdf: new Uint8Array(bytes) }] : []));
    },

    async remove(userId: string, id: string): Promise<{ id: string }> {
      const row = await repository.remove(userId, id);
      if (!row) throw new NotFoundError('There is no such uploaded page.');
      await ctx.storage.delete(row.storage_key);
      return { id };
    },
  };
}
export type CustomPagesService = ReturnType<typeof createCustomPagesService>;
