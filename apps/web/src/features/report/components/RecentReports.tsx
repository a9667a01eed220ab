import { useGetHistoryPageQuery } from '../api/reportApi';
import { useRestoreSavedReport } from '../useRestoreSavedReport';

/** The five most recently saved reports (a summary page of the history), each opened as the HISTORY menu opens it. */
export function RecentReports() {
  const { data, isLoading, isError } = useGetHistoryPageQuery(1, { refetchOnMountOrArgChange: true });
  const { restore, restoring } = useRestoreSavedReport();
  const entries = data?.data ?? [];
  return (
    <section className="card" aria-labelledby="recent-reports-title">
      <h2 id="recent-reports-title" className="card__title">Recent reports</h2>
      {isLoading && <p>Loading…</p>}
      {isError && <p className="cma-empty">Saved reports are not available right now.</p>}
      {!isLoading && !isError && entries.length === 0 && <p className="cma-empty">No saved reports yet. Reports saved from the report page appear here.</p>}
      {entries.length > 0 && (
        <ul className="cma-results">
          {entries.slice(0, 5).map((entry) => (
            <li key={entry.id}>
              <span>{entry.address}</span>
              <button type="button" className="button button--ghost" disabled={restoring} onClick={() => void restore(entry.id)} aria-label={`Open ${entry.address}`}>Open</button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

