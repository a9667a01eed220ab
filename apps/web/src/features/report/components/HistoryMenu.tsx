import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { HistoryEntry } from '@cma/contracts';
import { useAppDispatch } from '../../../app/hooks';
import { getToken } from '../../../shared/session/session';
import { notify } from '../../../shared/toast';
import { reportApi, useGetHistoryPageQuery } from '../api/reportApi';
import { restoreReport, updateReport } from '../store/reportSlice';
import { restoredFieldsOf } from '../store/savedState';
import '../report.css';

/** data.error of a failed call, when the server sent one (spec §8: adjustment values failure shows it). */
function errorOf(error: unknown): string | undefined {
  const data = (error as { data?: { error?: unknown } } | undefined)?.data;
  return typeof data?.error === 'string' && data.error ? data.error : undefined;
}

/**
 * HISTORY dropdown of the logged-in header (spec §2): saved reports by address, a loader while loading,
 * previous/next arrows (previous disabled on page 1, next disabled without a next page). Choosing an entry
 * reloads the adjustment values, overwrites every report field and goes to /confirm-subject (spec §4).
 */
export function HistoryMenu() {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [restoring, setRestoring] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  // Spec §6: history is fetched only if a token exists; only while the menu is open (entries carry whole reports).
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

  async function choose(entry: HistoryEntry) {
    let restored;
    try {
      restored = restoredFieldsOf(entry.state);
    } catch (error) {
      notify('error', error instanceof Error ? error.message : 'This saved report cannot be opened.');
      return;
    }
    setRestoring(true);
    // Spec §4: first reload the user's adjustment values, then overwrite every report field, then go on.
    const values = await dispatch(reportApi.endpoints.reloadAdjustmentValues.initiate(undefined, { forceRefetch: true }));
    if (values.error) {
      const message = errorOf(values.error);
      if (message) notify('error', message);
    }
    dispatch(reportApi.util.invalidateTags(['AdjustmentValues']));
    dispatch(restoreReport(restored.fields));
    dispatch(updateReport({ pdfColor: restored.pdfColor }));
    setRestoring(false);
    setOpen(false);
    navigate('/confirm-subject');
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
                  <button type="button" className="history-menu__entry" onClick={() => void choose(entry)} title={`Saved ${new Date(entry.updated_at).toLocaleString()}`}>
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
