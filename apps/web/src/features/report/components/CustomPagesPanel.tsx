// The agent's uploaded PDF pages on /report: upload one (checked by the server), put it in this report (it joins the
// page list, where it can be moved like any page) or take it out, delete it from the account.
import { useState, type ChangeEvent } from 'react';
import { CUSTOM_PAGE_MAX_BYTES, type CustomPage } from '@cma/contracts';
import { MAX_CUSTOM_PDF_PAGES } from '@cma/report/pages';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { notify } from '../../../shared/toast';
import { useDeleteCustomPageMutation, useUploadCustomPageMutation } from '../api/reportApi';

export interface CustomPagesPanelProps {
  uploads: CustomPage[];
  /** Upload ids this report prints (report_data.customPages). */
  inReport: string[];
  onInReportChange(ids: string[]): void;
}

function failureMessage(error: unknown): string {
  const body = (error as { data?: { message?: unknown; data?: Record<string, string[]> } } | undefined)?.data;
  return body?.data?.pdf?.[0] ?? (typeof body?.message === 'string' ? body.message : 'Something went wrong.');
}

export function CustomPagesPanel({ uploads, inReport, onInReportChange }: CustomPagesPanelProps) {
  const [upload, uploading] = useUploadCustomPageMutation();
  const [remove] = useDeleteCustomPageMutation();
  const [problem, setProblem] = useState('');
  const [deleting, setDeleting] = useState<CustomPage | null>(null);
  const used = uploads.reduce((sum, page) => sum + page.page_count, 0);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > CUSTOM_PAGE_MAX_BYTES) return setProblem(`The PDF must be at most ${CUSTOM_PAGE_MAX_BYTES / 1024 / 1024} MB.`);
    const body = new FormData();
    body.append('pdf', file);
    try {
      const page = await upload(body).unwrap();
      setProblem('');
      onInReportChange([...inReport, page.id]);
      notify('success', `${page.name} was added to this report.`);
    } catch (error) {
      setProblem(failureMessage(error));
    }
  }

  async function onDelete(page: CustomPage) {
    setDeleting(null);
    try {
      await remove(page.id).unwrap();
      onInReportChange(inReport.filter((id) => id !== page.id));
      notify('success', `${page.name} was deleted.`);
    } catch (error) {
      notify('error', failureMessage(error));
    }
  }

  return (
    <section className="card report-editor" aria-labelledby="custom-pages-title">
      <h2 className="h4" id="custom-pages-title">
        Your own pages
      </h2>
      <p className="report-editor__hint">
        Add PDF pages of your own, such as a marketing plan: up to {MAX_CUSTOM_PDF_PAGES} pages in all ({used} used). They join the page list above, where you place them.
      </p>
      {uploads.length > 0 && (
        <ul className="custom-pages__list">
          {uploads.map((page) => (
            <li key={page.id} className="custom-pages__item">
              <label>
                <input
                  type="checkbox"
                  checked={inReport.includes(page.id)}
                  onChange={(e) => onInReportChange(e.target.checked ? [...inReport, page.id] : inReport.filter((id) => id !== page.id))}
                />{' '}
                {page.name} <span className="report-editor__count">({page.page_count} {page.page_count === 1 ? 'page' : 'pages'})</span>
              </label>
              <button type="button" className="link-button custom-pages__delete" onClick={() => setDeleting(page)} aria-label={`Delete ${page.name}`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={`button button--secondary custom-pages__upload${used >= MAX_CUSTOM_PDF_PAGES ? ' is-disabled' : ''}`}>
        {uploading.isLoading ? 'Uploading…' : 'Upload a PDF page'}
        <input type="file" accept="application/pdf,.pdf" onChange={(e) => void onChoose(e)} disabled={uploading.isLoading || used >= MAX_CUSTOM_PDF_PAGES} aria-label="Upload a PDF page" aria-describedby={problem ? 'custom-pages-error' : undefined} />
      </label>
      {problem && (
        <p id="custom-pages-error" className="report-page__error" role="alert">
          {problem}
        </p>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this page?"
        message={`${deleting?.name ?? 'The page'} is removed from your account and from every report that uses it.`}
        confirmLabel="Delete page"
        onConfirm={() => deleting && void onDelete(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
