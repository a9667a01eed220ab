import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { HISTORY_UNDO_SECONDS, type HistoryListItem } from '@cma/contracts';
import { ConfirmDialog, UndoNotice } from '../../../shared/ui/ConfirmDialog';
import { PageLoader } from '../../../shared/ui/PageLoader';
import { useDocumentTitle } from '../../../shared/ui/useDocumentTitle';
import { notify, SOMETHING_WENT_WRONG } from '../../../shared/toast';
import { useDeleteHistoryMutation, useListHistoryQuery, useRenameHistoryMutation, useUndoDeleteHistoryMutation } from '../api/historyApi';
import { entryTitle } from '../model/entrySummary';
import { entryElementId, HistoryEntryCard, type HistoryEntryActions } from '../components/HistoryEntryCard';
import '../history.css';

const SEARCH_DELAY_MS = 300;
const HEADING_ID = 'history-heading';

/** The server's message for a failed call (a 422 names the field), else the app's generic one. */
function messageOf(error: unknown): string {
  const body = ((error as FetchBaseQueryError | undefined)?.data ?? {}) as { message?: unknown };
  return typeof body.message === 'string' && body.message ? body.message : SOMETHING_WENT_WRONG;
}

export interface HistoryPageProps {
  /** Opens the saved report on the report step; resolves to whether it opened. */
  openReport(id: number): Promise<boolean>;
  /** Opens a copy as a new, unsaved CMA on /confirm-subject; resolves to whether it opened. */
  duplicateReport(id: number): Promise<boolean>;
  opening: boolean;
}

/**
 * /history: every saved report with its date, client, value and range, whether it was sent or shared and how often
 * the client opened it; search (kept in the URL), rename, duplicate, delete with undo, paging.
 */
export function HistoryPage({ openReport, duplicateReport, opening }: HistoryPageProps) {
  useDocumentTitle('Saved reports');
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const list = useListHistoryQuery({ q: query, page }, { refetchOnMountOrArgChange: true });
  const [renameEntry] = useRenameHistoryMutation();
  const [deleteEntry] = useDeleteHistoryMutation();
  const [undoDelete] = useUndoDeleteHistoryMutation();

  // The search box types freely; the URL (and the request) follow once typing pauses.
  const [text, setText] = useState(query);
  const pushedQuery = useRef(query);
  useEffect(() => {
    if (query !== pushedQuery.current) {
      pushedQuery.current = query; // back/forward or a link changed the URL
      setText(query);
    }
  }, [query]);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === pushedQuery.current) return;
    const timer = setTimeout(() => {
      pushedQuery.current = wanted;
      setParams(wanted ? { q: wanted } : {}, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);

  const goToPage = useCallback(
    (next: number) => {
      setParams({ ...(query ? { q: query } : {}), ...(next > 1 ? { page: String(next) } : {}) });
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
      setFocusTarget(HEADING_ID);
    },
    [query, setParams],
  );

  // Deleted entries leave the list at once, before the server's list comes back.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<HistoryListItem | null>(null);
  const [undo, setUndo] = useState<{ id: number; title: string; focusAfter: string } | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  const entries = (list.data?.data ?? []).filter((item) => !hidden.has(item.id));

  // Focus moves where the agent's attention is after a delete, an undo or a page change, once that element exists.
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(focusTarget);
    if (element) {
      element.focus({ preventScroll: focusTarget === HEADING_ID });
      setFocusTarget(null);
    } else if (!list.isFetching) {
      document.getElementById(HEADING_ID)?.focus();
      setFocusTarget(null);
    }
  }, [focusTarget, list.data, list.isFetching]);

  // A page emptied by deletes goes back to the last page that has entries.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;
  useEffect(() => {
    if (list.data && !list.isFetching && list.data.data.length === 0 && page > lastPage) goToPage(lastPage);
  }, [list.data, list.isFetching, page, lastPage, goToPage]);

  async function confirmDelete() {
    const item = confirming;
    setConfirming(null);
    if (!item) return;
    const ids = entries.map((entry) => entry.id);
    const at = ids.indexOf(item.id);
    const neighbour = ids[at + 1] ?? ids[at - 1];
    const focusAfter = neighbour != null ? entryElementId(neighbour) : HEADING_ID;
    setHidden((set) => new Set(set).add(item.id));
    try {
      await deleteEntry(item.id).unwrap();
      // The keyboard lands on Undo (the entry it was on is gone); when the notice closes it moves to the next entry.
      setUndo({ id: item.id, title: entryTitle(item), focusAfter });
    } catch (error) {
      setHidden((set) => withoutId(set, item.id));
      setFocusTarget(entryElementId(item.id));
      notify('error', messageOf(error));
    }
  }

  async function undoLastDelete() {
    const last = undo;
    setUndo(null);
    if (!last) return;
    try {
      await undoDelete(last.id).unwrap();
      setHidden((set) => withoutId(set, last.id));
      await list.refetch();
      setFocusTarget(entryElementId(last.id));
      notify('success', `“${last.title}” is back in your history.`);
    } catch (error) {
      setFocusTarget(last.focusAfter);
      notify('error', messageOf(error));
    }
  }

  const actions: HistoryEntryActions = {
    onOpen: (id) => void openReport(id),
    onDuplicate: (id) => {
      void duplicateReport(id).then((opened) => {
        if (opened) notify('info', 'A copy is open as a new CMA. Nothing is saved until you save it.');
      });
    },
    onDelete: (item) => setConfirming(item),
    onRename: async (id, name) => {
      try {
        await renameEntry({ id, name }).unwrap();
        return null;
      } catch (error) {
        return messageOf(error);
      }
    },
  };

  const total = list.data ? list.data.total - [...hidden].filter((id) => list.data!.data.some((item) => item.id === id)).length : 0;

  return (
    <section className="history-page" aria-labelledby={HEADING_ID}>
      <header className="history-page__header">
        <h1 id={HEADING_ID} tabIndex={-1}>
          Saved reports
        </h1>
        <p>Every report you saved, sent or shared, with what your client received and when they opened it.</p>
      </header>

      <form className="history-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="history-search-input">Search by address, client or name</label>
        <input
          id="history-search-input"
          type="search"
          value={text}
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
        />
      </form>

      <div className="history-page__count" role="status" aria-live="polite">
        {opening ? 'Opening the report…' : list.data && !list.isFetching ? (total > 0 || query ? countText(total, query) : '') : list.isFetching && list.data ? 'Searching…' : ''}
      </div>

      {list.isLoading ? (
        <PageLoader label="Loading your saved reports…" />
      ) : list.isError ? (
        <p className="history-page__error" role="alert">
          Your saved reports could not be loaded.{' '}
          {messageOf(list.error) !== SOMETHING_WENT_WRONG && `${messageOf(list.error)} `}
          <button type="button" className="history-page__link" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : entries.length === 0 ? (
        query ? (
          <div className="history-empty">
            <p>No saved report matches “{query}”.</p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setText('');
                document.getElementById('history-search-input')?.focus(); // the button goes with the empty result
              }}
            >
              Clear the search
            </button>
          </div>
        ) : list.isFetching ? null : (
          <div className="history-empty">
            <p>No saved reports yet. A report you save, send or share from the report step shows here.</p>
            <Link to="/home" className="button button--primary">
              Start a CMA
            </Link>
          </div>
        )
      ) : (
        <ol className="history-list" aria-busy={list.isFetching} aria-label="Saved reports">
          {entries.map((item) => (
            <li key={item.id}>
              <HistoryEntryCard item={item} busy={opening} actions={actions} />
            </li>
          ))}
        </ol>
      )}

      {list.data && lastPage > 1 && (
        <nav className="history-pager" aria-label="Pages of saved reports">
          <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
            Previous page
          </button>
          <span>
            Page {Math.min(page, lastPage)} of {lastPage}
          </span>
          <button type="button" className="button button--ghost" disabled={list.data.next_page == null} onClick={() => goToPage(page + 1)}>
            Next page
          </button>
        </nav>
      )}

      <ConfirmDialog
        open={confirming !== null}
        title="Delete this saved report?"
        message={confirming ? `“${entryTitle(confirming)}” leaves your history and its live links stop opening. You can undo this for ${HISTORY_UNDO_SECONDS} seconds.` : ''}
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
      {undo && (
        <UndoNotice
          key={undo.id}
          message={`Deleted “${undo.title}”.`}
          seconds={HISTORY_UNDO_SECONDS}
          focusUndo
          onUndo={() => void undoLastDelete()}
          onDone={() => {
            if (document.activeElement?.closest('.undo-notice')) setFocusTarget(undo.focusAfter);
            setUndo(null);
          }}
        />
      )}
    </section>
  );
}

function withoutId(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  next.delete(id);
  return next;
}

function countText(total: number, query: string): string {
  const reports = `${total.toLocaleString('en-US')} saved ${total === 1 ? 'report' : 'reports'}`;
  return query ? `${reports} ${total === 1 ? 'matches' : 'match'} “${query}”.` : `${reports}.`;
}
