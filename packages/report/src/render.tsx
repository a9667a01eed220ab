/** @jsxRuntime automatic */
// Rendering entry points: a Buffer on the server/CLI, a Blob in the browser — the same document either way.
import { pdf, renderToBuffer } from '@react-pdf/renderer';
import { buildReportInput, type BuildOptions, type ReportDocumentInput } from './build-input';
import { ReportDocument } from './document';

/** Node: PDF bytes of a view model. */
export async function renderReportPdf(input: ReportDocumentInput): Promise<Buffer> {
  return renderToBuffer(<ReportDocument input={input} />);
}

/** Node: PDF bytes straight from a saved report state (any version). */
export async function renderReportStatePdf(state: unknown, options?: BuildOptions): Promise<Buffer> {
  return renderReportPdf(buildReportInput(state, options));
}

/** Browser: the PDF as a Blob for preview and download. */
export async function renderReportBlob(input: ReportDocumentInput): Promise<Blob> {
  return pdf(<ReportDocument input={input} />).toBlob();
}
