import type { ReactNode } from 'react';
import { DEFAULT_REPORT_NAME } from '../../../shared/cma-workflow/cmaWorkflowSlice';

/** The Report card of /home and /review: the report's name and the client's, then what the page adds (the PDF colour). */
export function ReportCard({ reportName, clientName, onChange, children }: { reportName: string; clientName: string; onChange(patch: { reportName?: string; clientName?: string }): void; children?: ReactNode }) {
  return (
    <div className="card">
      <h2 className="card__title">Report</h2>
      <div className="cma-form-row">
        <label className="cma-field cma-field--grow">
          <span>Report name</span>
          <input value={reportName} onChange={(e) => onChange({ reportName: e.target.value })} placeholder={DEFAULT_REPORT_NAME} />
        </label>
        <label className="cma-field cma-field--grow">
          <span>Client name</span>
          <input value={clientName} onChange={(e) => onChange({ clientName: e.target.value })} autoComplete="off" />
        </label>
        {children}
      </div>
    </div>
  );
}
