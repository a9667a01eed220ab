// @cma/report: the CMA report PDF (React-PDF) built from a saved report state, for web, server and CLI.
export * from './limits';
export * from './build-input';
export * from './value-sentences';
export { ReportDocument, LEGAL_PARAGRAPHS, PAGE_RENDERERS } from './document';
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
