/** @jsxRuntime automatic */
// Rendering entry points: a Buffer on the server/CLI, a Blob in the browser — the same document either way.
import { pdf, renderToBuffer } from '@react-pdf/renderer';
import { buildReportInput, type BuildOptions, type ReportDocumentInput } from './build-input';
import { ReportDocument } from './pdf/document';

/** Node: PDF bytes of a view model, with the agent's uploaded pages in their places. */
export async function renderReportPdf(input: ReportDocumentInput): Promise<Buffer> {
  const pdf = await renderToBuffer(<ReportDocument input={input} />);
  if (input.customPages.length === 0) return pdf;
  const { mergeCustomPages } = await import('./custom-pages');
  return Buffer.from(await mergeCustomPages(pdf, input.customPages));
}

/** Node: PDF bytes straight from a saved report state (any version). */
export async function renderReportStatePdf(state: unknown, options?: BuildOptions): Promise<Buffer> {
  return renderReportPdf(buildReportInput(state, options));
}

/** Browser: the PDF as a Blob for preview and download. */
export async function renderReportBlob(input: ReportDocumentInput): Promise<Blob> {
  const blob = await pdf(<ReportDocument input={input} />).toBlob();
  if (input.customPages.length === 0) return blob;
  // pdf-lib is loaded only for a report with uploaded pages.
  const { mergeCustomPages } = await import('./custom-pages');
  const merged = await mergeCustomPages(new Uint8Array(await blob.arrayBuffer()), input.customPages);
  return new Blob([merged as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}
