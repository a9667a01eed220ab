// The PDF drawn in the browser for the preview and the download: again once the agent pauses after an edit, and
// counted once per generated report id (spec §7 update-report-counter).
import { useEffect, useRef, useState } from 'react';
import { renderReportBlob, type ReportDocumentInput } from '@cma/report';
import { useUpdateReportCounterMutation } from '../api/reportApi';

/** How long the preview waits after an edit before drawing the PDF again. */
const PREVIEW_DEBOUNCE_MS = 400;

export function usePdfPreview(printed: ReportDocumentInput | null, ready: boolean, reportId: string | null) {
  const [countReport] = useUpdateReportCounterMutation();
  const [pdfUrl, setPdfUrl] = useState<string | null>(null);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [rendering, setRendering] = useState(false);
  const counted = useRef<string | null>(null);
  const renderedOnce = useRef(false);

  useEffect(() => {
    if (!printed || !ready) return;
    let cancelled = false;
    let url: string | null = null;
    setRendering(true);
    const timer = setTimeout(
      () =>
        void renderReportBlob(printed)
          .then((blob) => {
            if (cancelled) return;
            url = URL.createObjectURL(blob);
            setPdfUrl(url);
            renderedOnce.current = true;
            setRenderError(null);
            if (reportId && counted.current !== reportId) {
              counted.current = reportId;
              countReport({ report_id: reportId }).catch(() => {});
            }
          })
          .catch((error: unknown) => !cancelled && setRenderError(error instanceof Error ? error.message : String(error)))
          .finally(() => !cancelled && setRendering(false)),
      renderedOnce.current ? PREVIEW_DEBOUNCE_MS : 0,
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
      if (url) URL.revokeObjectURL(url);
    };
  }, [printed, ready, reportId, countReport]);

  return { pdfUrl, rendering, renderError };
}
