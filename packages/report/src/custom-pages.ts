// The agent's uploaded PDF pages inside a report: the document prints a blank placeholder page for each uploaded page
// (so page numbers count them), and the rendered PDF gets the uploaded pages copied in their place.
import { PDFDocument, type PDFPage } from 'pdf-lib';

/** A placeholder is 1 pt wider than Letter: no built-in page has this size, so the merge finds them by size alone. */
export const CUSTOM_PAGE_PLACEHOLDER_SIZE = { width: 613, height: 792 } as const;

/** An uploaded PDF the report prints: its pages in order at the place of `custom:<id>`. */
export interface CustomPageFile {
  id: string;
  /** What the page picker shows. */
  name: string;
  pageCount: number;
  pdf: Uint8Array;
}

const isPlaceholder = (size: { width: number; height: number }) =>
  Math.abs(size.width - CUSTOM_PAGE_PLACEHOLDER_SIZE.width) < 0.5 && Math.abs(size.height - CUSTOM_PAGE_PLACEHOLDER_SIZE.height) < 0.5;

/**
 * The report with every placeholder page replaced by the uploaded pages, in print order (`files` in the order the
 * report prints them). The report comes back unchanged when it has no placeholders.
 */
export async function mergeCustomPages(report: Uint8Array, files: readonly CustomPageFile[]): Promise<Uint8Array> {
  if (files.length === 0) return report;
  const document = await PDFDocument.load(report);
  const slots = document.getPages().flatMap((page, index) => (isPlaceholder(page.getSize()) ? [index] : []));
  const pages: PDFPage[] = [];
  for (const file of files) {
    const source = await PDFDocument.load(file.pdf);
    pages.push(...(await document.copyPages(source, source.getPageIndices().slice(0, file.pageCount))));
  }
  if (pages.length !== slots.length) throw new Error(`The report has ${slots.length} places for uploaded pages but ${pages.length} uploaded pages.`);
  slots.forEach((slot, i) => {
    document.removePage(slot);
    document.insertPage(slot, pages[i]!);
  });
  return document.save();
}
