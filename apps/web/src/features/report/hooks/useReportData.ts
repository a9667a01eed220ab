// The report builder's choices (report_data, typed by the CMA document) and the page choice they make with the
// agent's defaults and brand kit — the same rule every print applies (reportPageChoice).
import { useMemo } from 'react';
import { readReportData, type ReportData } from '@cma/cma';
import { filledBrandPages, type ReportBranding } from '@cma/report/print-branding';
import { reportPageChoice, type PageChoice } from '@cma/report/pages';
import { useAppDispatch } from '../../../app/hooks';
import { updateCmaWorkflow, type CmaWorkflowState } from '../../../shared/cma-workflow/cmaWorkflowSlice';
import type { CustomPage } from '@cma/contracts';

export function useReportData(report: Pick<CmaWorkflowState, 'report_data'>, branding: ReportBranding | undefined, uploads: readonly CustomPage[] | undefined) {
  const dispatch = useAppDispatch();
  const data = useMemo(() => readReportData(report.report_data), [report.report_data]);
  const customIds = useMemo(() => (data.customPages ?? []).map((page) => page.id), [data.customPages]);
  const availableIds = useMemo(() => customIds.filter((id) => uploads?.some((u) => u.id === id)), [customIds, uploads]);
  const pageChoice = useMemo(
    () => reportPageChoice(data.pages, branding?.default_pages ?? undefined, filledBrandPages(branding), availableIds),
    [data.pages, branding, availableIds],
  );
  /** Changes some of report_data's keys, keeping the others as saved. */
  const setReportData = (patch: Partial<{ [K in keyof ReportData]: ReportData[K] | undefined }>) =>
    dispatch(updateCmaWorkflow({ report_data: { ...(report.report_data ?? {}), ...patch } }));
  const setPages = (pages: PageChoice) => setReportData({ pages });
  return {
    data,
    customIds,
    availableIds,
    pageChoice,
    setReportData,
    setPages,
    isOn: (id: string) => pageChoice.some((entry) => entry.id === id && entry.on),
    /** Switches a page on where it stands in the list (the agent already placed it, or its default place). */
    turnOn: (id: string) => setPages(pageChoice.map((entry) => (entry.id === id ? { ...entry, on: true } : entry))),
  };
}
