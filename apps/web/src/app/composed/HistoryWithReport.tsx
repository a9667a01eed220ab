import { HistoryPage } from '../../features/history/pages/HistoryPage';
import { useRestoreSavedReport } from '../../features/report/useRestoreSavedReport';

// /history = the history feature's page; opening (on /report) and duplicating (as a new CMA) come from the report feature.
export default function HistoryWithReport() {
  const original = useRestoreSavedReport('/report');
  const copy = useRestoreSavedReport('/confirm-subject', 'copy');
  return <HistoryPage openReport={original.restore} duplicateReport={copy.restore} opening={original.restoring || copy.restoring} />;
}
