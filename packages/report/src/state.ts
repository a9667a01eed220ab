// The saved report state is the CMA document (@cma/cma); the report's names for it, kept for its callers.
export {
  CMA_STATE_KEYS as REPORT_STATE_KEYS,
  CMA_STATE_VERSION as REPORT_STATE_VERSION,
  CmaStateError as ReportStateError,
  DEFAULT_PDF_COLOR,
  DEFAULT_REPORT_NAME,
  migrateCmaState as migrateReportState,
  toSavedState,
  type AdjustmentFormulas,
  type CmaState as ReportState,
  type CmaStateKey as ReportStateKey,
  type PropertyRow,
  type ReportData,
  type ReportRange,
  type ReviewData,
} from '@cma/cma';
