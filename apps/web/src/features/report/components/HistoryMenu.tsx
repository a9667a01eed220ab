import { useEffect, useId, useRef, useState } from 'react';
import { getToken } from '../../../shared/session/session';
import { useGetHistoryPageQuery } from '../api/reportApi';
import { useRestoreSavedReport } from '../useRestoreSavedReport';
import '../report.css';

/**
 * HISTORY dropdown of the logged-in header (spec §2): saved reports by address, a loader while loading,
 * previous/next arrows (previous disabled on page 1, next disabled without a next page). Choosing an entry
 * reloads the adjustment values, overwrites every report field and goes to /confirm-subject (spec §4).
 */
export function HistoryMenu() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const { restore, restoring } = useRestoreSavedReport();
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  // Spec §6: history is fetched only if a token exists; only while the menu is open.
  const hasToken = getToken() !== '';
  const history = useGetHistoryPageQuery(page, { skip: !open || !hasToken, refetchOnMountOrArgChange: true });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  async function choose(id: number) {
    if (await restore(id)) setOpen(false);
  }

  // A failed load stops the loader silently (spec §8): no error text, the list just stays empty.
  const loading = open && hasToken && (history.isFetching || restoring);
  const entries = history.isError ? [] : (history.data?.data ?? []);
  const hasNext = !history.isError && !!history.data?.next_page_url;

  return (
    <div className="dropdown" ref={containerRef}>
      <button
        type="button"
        className="nav-link dropdown__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        HISTORY <span aria-hidden="true" className="dropdown__caret">▾</span>
      </button>
      {open && (
        <div id={menuId} className="dropdown__menu history-menu" role="region" aria-label="Saved reports">
          {loading ? (
            <div className="history-menu__loader" role="status" aria-label="Loading saved reports">
              <span className="page-loader__spinner" aria-hidden="true" />
            </div>
          ) : entries.length === 0 ? (
            history.isError ? null : <p className="dropdown__empty">No saved reports yet. Reports you save from the report page appear here.</p>
          ) : (
            <ul className="history-menu__list">
              {entries.map((entry) => (
                <li key={entry.id}>
                  <button type="button" className="history-menu__entry" onClick={() => void choose(entry.id)} title={`Saved ${new Date(entry.updated_at).toLocaleString()}`}>
                    {entry.address}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="history-menu__pager">
            <button type="button" className="history-menu__arrow" aria-label="Previous page" disabled={page <= 1 || loading} onClick={() => setPage((p) => Math.max(1, p - 1))}>
              ‹
            </button>
            <span className="history-menu__page">Page {page}</span>
            <button type="button" className="history-menu__arrow" aria-label="Next page" disabled={!hasNext || loading} onClick={() => setPage((p) => p + 1)}>
              ›
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
