/** @jsxRuntime automatic */
// The PDF skin: each page id's content (content/) drawn with React-PDF, the chosen pages in the chosen order.
import { Document, Page } from '@react-pdf/renderer';
import { Fragment, type ReactNode } from 'react';
import type { ReportDocumentInput } from '../build-input';
import { buildReportContent, drawPage, isBuiltIn, type ReportFrame, type Skin } from '../content';
import { CUSTOM_PAGE_PLACEHOLDER_SIZE } from '../custom-pages';
import { pdfText } from '../theme';
import { BioPage, CoverLetterPage, CoverPage } from './cover';
import { ComparablesPages } from './comparables';
import { MapPage, MarketStatisticsPage, NetSheetPage } from './market';
import { NotesPage, PhotosPage } from './photos-notes';
import { ReconciliationPage } from './reconciliation';
import { SubjectPage } from './subject';

/** What each page id prints: one or more <Page>s from its content. */
export const PDF_PAGES: Skin<ReactNode, ReportFrame> = {
  cover: (content, frame) => <CoverPage content={content} frame={frame} />,
  'cover-letter': (content, frame) => <CoverLetterPage content={content} frame={frame} />,
  subject: (content, frame) => <SubjectPage content={content} frame={frame} />,
  comparables: (content, frame) => <ComparablesPages content={content} frame={frame} />,
  reconciliation: (content, frame) => <ReconciliationPage content={content} frame={frame} />,
  'net-sheet': (content, frame) => <NetSheetPage content={content} frame={frame} />,
  map: (content, frame) => <MapPage content={content} frame={frame} />,
  'market-statistics': (content, frame) => <MarketStatisticsPage content={content} frame={frame} />,
  photos: (content, frame) => <PhotosPage content={content} frame={frame} />,
  bio: (content, frame) => <BioPage content={content} frame={frame} />,
  notes: (content, frame) => <NotesPage content={content} frame={frame} />,
};

/** The whole report: the chosen pages in the chosen order. Pass the view model from buildReportInput. */
export function ReportDocument({ input }: { input: ReportDocumentInput }) {
  const { frame, pages } = buildReportContent(input);
  return (
    <Document title={pdfText(`${frame.reportName} - ${frame.address}`)} author={pdfText(input.branding.agentName || 'CMA Studio')} subject="Comparative market analysis" creator="CMA Studio" producer="CMA Studio">
      {pages.map((page) =>
        isBuiltIn(page) ? (
          <Fragment key={page.id}>{drawPage(PDF_PAGES, page, frame)}</Fragment>
        ) : (
          // An uploaded page's place: blank pages the render replaces with the upload (custom-pages.ts).
          <Fragment key={page.id}>
            {Array.from({ length: page.pageCount }, (_, i) => (
              <Page key={i} size={[CUSTOM_PAGE_PLACEHOLDER_SIZE.width, CUSTOM_PAGE_PLACEHOLDER_SIZE.height]} />
            ))}
          </Fragment>
        ),
      )}
    </Document>
  );
}
