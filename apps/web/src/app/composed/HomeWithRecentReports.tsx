import HomePage from '../../features/cma/pages/HomePage';
import { RecentReports } from '../../features/report/components/RecentReports';

// /home = the cma feature's start page with the report feature's recent saved reports (opened as the HISTORY menu opens them).
export default function HomeWithRecentReports() {
  return <HomePage recentReports={<RecentReports />} />;
}
