// @cma/report: the CMA report built from a saved report state — one content model per page (content/), printed by the
// PDF (pdf/, React-PDF) and the live page (live/), summarised in the e-mail (email/) — for web, server and CLI.
export * from './limits';
export * from './build-input';
export * from './value-sentences';
export { ReportDocument, PDF_PAGES } from './pdf/document';
export { buildReportContent, LEGAL_PARAGRAPHS, PAGE_CONTENT, type ReportContent, type PageContents, type ReportFrame } from './content';
export { headlineOf, type Headline } from './content/frame';
export * from './email/summary';
export * from './palette';
export * from './print-branding';
export { renderReportPdf, renderReportStatePdf, renderReportBlob } from './render';
export * from './stored-photos';
export * from './pages';
export * from './summary';
export * from './cover-letter';
export * from './map-layout';
export * from './report-map';
export * from './custom-pages';
export * from './file-name';
export * from './logo-on-file';
