import { DEFAULT_REPORT_NAME } from '../../../shared/cma-workflow/cmaWorkflowSlice';

/** The report's name and the client's, edited on /home and on /review. */
export function ReportNameFields({ reportName, clientName, onChange }: { reportName: string; clientName: string; onChange(patch: { reportName?: string; clientName?: string }): void }) {
  return (
    <>
      <label className="cma-field cma-field--grow">
        <span>Report name</span>
        <input value={reportName} onChange={(e) => onChange({ reportName: e.target.value })} placeholder={DEFAULT_REPORT_NAME} />
      </label>
      <label className="cma-field cma-field--grow">
        <span>Client name</span>
        <input value={clientName} onChange={(e) => onChange({ clientName: e.target.value })} autoComplete="off" />
      </label>
    </>
  );
}
