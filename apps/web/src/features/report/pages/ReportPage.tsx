import { useEffect } from 'react';
import { reportPdfFilename } from '@cma/report/file-name';
import { NOT_AVAILABLE } from '@cma/valuation';
import { derivedKeys } from '@cma/cma';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { selectCmaWorkflow, updateCmaWorkflow } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import { useGetReportBrandingQuery, useListCustomPagesQuery } from '../api/reportApi';
import { newReportId, reportIdOf } from '../store/savedState';
import { useCustomPageFiles } from '../hooks/useCustomPageFiles';
import { usePdfPreview } from '../hooks/usePdfPreview';
import { usePrintInput } from '../hooks/usePrintInput';
import { useReportData } from '../hooks/useReportData';
import { useSaveReport } from '../hooks/useSaveReport';
import { useStoredPhotos } from '../hooks/useStoredPhotos';
import { PreviewPane } from '../components/PreviewPane';
import { ReportOptions } from '../components/ReportOptions';
import { SendForm } from '../components/SendForm';
import '../report.css';

/**
 * /report: the branded PDF drawn in the browser with the agent's print branding (the server's own rule), downloaded,
 * saved, sent (the server prints the saved report) or shared; the report's options beside it.
 */
export default function ReportPage() {
  useDocumentTitle('Report');
  const report = useAppSelector(selectCmaWorkflow);
  const dispatch = useAppDispatch();
  const branding = useGetReportBrandingQuery();
  const uploads = useListCustomPagesQuery();
  const builder = useReportData(report, branding.data, uploads.data);
  const photos = useStoredPhotos(report);
  const customFiles = useCustomPageFiles(builder.availableIds);
  const { savedState, input, printed, mapReady } = usePrintInput(report, branding.data, photos, customFiles);
  const reportId = reportIdOf(report);
  const hasPhotos = photos !== null || (!report.selectedPropertydata && report.comaparables.length === 0);
  const preview = usePdfPreview(printed, !branding.isLoading && hasPhotos, reportId);

  // Every report gets an id once: it makes saving idempotent and the generated-report count exact.
  useEffect(() => {
    if (!reportId) dispatch(updateCmaWorkflow({ report_data: { ...(report.report_data ?? {}), reportId: newReportId() } }));
  }, [reportId, report.report_data, dispatch]);

  const subject = input.value?.subject;
  const address = (subject?.fullAddress && subject.fullAddress !== NOT_AVAILABLE ? subject.fullAddress : '') || derivedKeys(report).address;
  const hasReport = !!report.selectedPropertydata && report.comaparables.length > 0;
  const { saveReport, saving } = useSaveReport(savedState, address, report.historyEntryId);
  const range = input.value?.range;

  return (
    <section className="page report-page" aria-labelledby="page-title">
      <h1 id="page-title">Report</h1>
      <p className="lead">
        Your branded CMA for {address || 'the subject property'}
        {report.clientName ? `, prepared for ${report.clientName}` : ''}.
      </p>
      {/* Download and send first on a tablet, beside the preview on a desktop (report.css). */}
      <div className="report-page__layout">
        <div className="report-page__panel report-page__panel--primary">
          <div className="card">
            <dl className="report-page__summary">
              <dt>Report</dt>
              <dd>{report.reportName}</dd>
              <dt>Client</dt>
              <dd>{report.clientName || NOT_AVAILABLE}</dd>
              <dt>Suggested range</dt>
              <dd data-testid="report-range">{range ? `$ ${range.start.toLocaleString('en-US')} – $ ${range.end.toLocaleString('en-US')}` : NOT_AVAILABLE}</dd>
            </dl>
            <div className="report-page__actions">
              {preview.pdfUrl ? (
                <a className="button button--primary" href={preview.pdfUrl} download={reportPdfFilename(subject?.street)}>
                  Download PDF
                </a>
              ) : (
                <button type="button" className="button button--primary" disabled>
                  {preview.rendering || (input.value && !mapReady) ? 'Preparing PDF…' : 'Download PDF'}
                </button>
              )}
              <button type="button" className="button button--secondary" onClick={() => void saveReport(true)} disabled={saving || !address}>
                {saving ? 'Saving…' : 'Save to history'}
              </button>
            </div>
          </div>
          <SendForm enabled={hasReport && !saving} saveReport={saveReport} previewState={() => savedState} />
        </div>
        <PreviewPane pdfUrl={preview.pdfUrl} rendering={preview.rendering} problem={input.error ?? preview.renderError} hasReport={hasReport} />
        <ReportOptions hasReport={hasReport} builder={builder} branding={branding.data} input={input.value} historyId={report.historyEntryId} saveReport={() => saveReport()} saving={saving} />
      </div>
    </section>
  );
}
