// The report's content model (issue 29): each page id has one content module computing its rows, figures, sentences and
// chart series from the view model, once; the PDF (pdf/) and the live page (live/) are thin skins over it, and the
// e-mail summary (email/) reads the same headline. Adding a page = one content module here and a skin in each.
import type { ReportDocumentInput } from '../build-input';
import { CUSTOM_PAGE_PREFIX, isBuiltInPageId, type BuiltInPageId } from '../pages';
import { comparablesContent, type ComparablesContent } from './comparables';
import { coverContent, coverLetterContent, type CoverContent, type CoverLetterContent } from './cover';
import { frameOf, type ReportFrame } from './frame';
import { mapContent, type MapContent } from './map';
import { marketStatisticsContent, type MarketStatisticsContent } from './market-statistics';
import { netSheetContent, type NetSheetContent } from './net-sheet';
import { bioContent, notesContent, photosContent, type BioContent, type NotesContent, type PhotosContent } from './photos-notes';
import { reconciliationContent, type ReconciliationContent } from './reconciliation';
import { subjectContent, type SubjectContent } from './subject';

export interface PageContents {
  cover: CoverContent;
  'cover-letter': CoverLetterContent;
  subject: SubjectContent;
  comparables: ComparablesContent;
  reconciliation: ReconciliationContent;
  'net-sheet': NetSheetContent;
  map: MapContent;
  'market-statistics': MarketStatisticsContent;
  photos: PhotosContent;
  bio: BioContent;
  notes: NotesContent;
}

/** Each page's content module; null = the page has nothing to show for this report (no page rather than filler). */
export const PAGE_CONTENT: { [K in BuiltInPageId]: (input: ReportDocumentInput, frame: ReportFrame) => PageContents[K] | null } = {
  cover: coverContent,
  'cover-letter': coverLetterContent,
  subject: subjectContent,
  comparables: comparablesContent,
  reconciliation: reconciliationContent,
  'net-sheet': netSheetContent,
  map: mapContent,
  'market-statistics': marketStatisticsContent,
  photos: photosContent,
  bio: bioContent,
  notes: notesContent,
};

/** A built-in page with its content. */
export type BuiltInPage = { [K in BuiltInPageId]: { id: K; content: PageContents[K] } }[BuiltInPageId];
/** An uploaded PDF's place: the PDF prints its pages there; the live page names it. */
export interface UploadedPage {
  id: `custom:${string}`;
  name: string;
  pageCount: number;
}
export type PrintedPage = BuiltInPage | UploadedPage;

export interface ReportContent {
  frame: ReportFrame;
  /** The pages that print, in print order, each with its content. */
  pages: PrintedPage[];
}

export const isBuiltIn = (page: PrintedPage): page is BuiltInPage => isBuiltInPageId(page.id);

/** A skin: what each page id looks like in one output, from that page's content. */
export type Skin<R, C> = { [K in BuiltInPageId]: (content: PageContents[K], context: C) => R };

/** Draws a page with its skin (each id's entry takes that id's content; TypeScript cannot pair the union by itself). */
export function drawPage<R, C>(skin: Skin<R, C>, page: BuiltInPage, context: C): R {
  return (skin[page.id] as (content: BuiltInPage['content'], context: C) => R)(page.content, context);
}

function contentOf<K extends BuiltInPageId>(id: K, input: ReportDocumentInput, frame: ReportFrame): PageContents[K] | null {
  return PAGE_CONTENT[id](input, frame);
}

/** The whole report's content from its view model (buildReportInput's): the one thing every output prints. */
export function buildReportContent(input: ReportDocumentInput): ReportContent {
  const frame = frameOf(input);
  const pages: PrintedPage[] = [];
  for (const id of input.pages) {
    if (isBuiltInPageId(id)) {
      const content = contentOf(id, input, frame);
      if (content) pages.push({ id, content } as BuiltInPage);
    } else {
      const file = input.customPages.find((f) => `${CUSTOM_PAGE_PREFIX}${f.id}` === id);
      if (file) pages.push({ id, name: file.name, pageCount: file.pageCount });
    }
  }
  return { frame, pages };
}

export type { ReportFrame } from './frame';
export type { ComparablesContent, ComparableCard, AdjustmentCell, RiskFigure } from './comparables';
export type { CoverContent, CoverLetterContent, KeyFact } from './cover';
export type { MapContent, LocationSeries, PricePerSqftSeries } from './map';
export type { MarketStatisticsContent, MonthlySeries, MarketFigureCell } from './market-statistics';
export type { NetSheetContent } from './net-sheet';
export type { BioContent, NotesContent, PhotosContent } from './photos-notes';
export type { ReconciliationContent, AdjustedPriceSeries } from './reconciliation';
export type { SubjectContent } from './subject';
export { LEGAL_PARAGRAPHS } from './photos-notes';
