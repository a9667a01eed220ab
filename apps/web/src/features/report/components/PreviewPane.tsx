/** The browser's PDF viewer opens on the page at the frame's width, without the thumbnail pane (which left a tablet a strip). */
const PREVIEW_VIEW = '#view=FitH&navpanes=0';

/** The PDF preview, or what stands in its place while it is prepared (or why it cannot be). */
export function PreviewPane({ pdfUrl, rendering, problem, hasReport }: { pdfUrl: string | null; rendering: boolean; problem: string | null; hasReport: boolean }) {
  return (
    <div className="report-page__viewer">
      {pdfUrl && !problem ? (
        <iframe className="report-page__preview" title="Report preview" aria-busy={rendering} src={`${pdfUrl}${PREVIEW_VIEW}`} />
      ) : (
        <div className="report-page__placeholder" role="status">
          {problem ?? (hasReport ? 'Preparing your report…' : 'Your report appears here once a subject and comparables are chosen.')}
        </div>
      )}
    </div>
  );
}
