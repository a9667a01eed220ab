import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { HISTORY_NAME_MAX_CHARS, type HistoryListItem } from '@cma/contracts';
import { entryTitle, formatDateTime, linkLine, rangeText, sendLines, statusBadge, valueText } from '../model/entrySummary';

export interface HistoryEntryActions {
  onOpen(id: number): void;
  onDuplicate(id: number): void;
  onDelete(item: HistoryListItem): void;
  /** Resolves to an error message, or null once renamed. */
  onRename(id: number, name: string | null): Promise<string | null>;
}

/** The DOM id of an entry, so the page can move focus to it after a delete or an undo. */
export const entryElementId = (id: number) => `history-entry-${id}`;

/** One saved report: what it is, what it is worth, whether the client got it; open, rename, duplicate, delete. */
export function HistoryEntryCard({ item, busy, actions }: { item: HistoryListItem; busy: boolean; actions: HistoryEntryActions }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const title = entryTitle(item);
  const value = valueText(item);
  const range = rangeText(item);
  const sends = sendLines(item);
  const links = linkLine(item);
  const badge = statusBadge(item);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  function stopEditing() {
    returnFocus.current = true;
    setEditing(false);
  }

  return (
    <article id={entryElementId(item.id)} className="history-entry" aria-labelledby={titleId} tabIndex={-1} data-testid="history-entry">
      <div className="history-entry__main">
        {editing ? (
          <RenameForm item={item} titleId={titleId} onRename={actions.onRename} onClose={stopEditing} />
        ) : (
          <h2 id={titleId} className="history-entry__title">
            {title}
          </h2>
        )}
        {item.name && !editing && <p className="history-entry__address">{item.address}</p>}
        <p className="history-entry__meta">
          Saved {formatDateTime(item.updated_at)}
          {' · '}
          {item.client_name ? <>Client: <strong>{item.client_name}</strong></> : 'No client name'}
        </p>
      </div>
      <dl className="history-entry__figures">
        <div>
          <dt>Value</dt>
          <dd>{value ?? 'Not valued yet'}</dd>
        </div>
        <div>
          <dt>Likely range</dt>
          <dd>{range ?? '—'}</dd>
        </div>
      </dl>
      <div className="history-entry__status">
        {badge === 'Not sent' ? <p>Not sent or shared yet.</p> : <span className={`history-badge history-badge--${badge.toLowerCase()}`}>{badge}</span>}
        {sends.lines.length > 0 && (
          <ul className="history-entry__sends" aria-label="E-mails to the client">
            {sends.lines.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
            {sends.more && <li>{sends.more}</li>}
          </ul>
        )}
        {links && <p data-testid="history-entry-links">{links}</p>}
      </div>
      <div className="history-entry__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => actions.onOpen(item.id)}>
          Open<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="button button--ghost" ref={renameButton} disabled={busy || editing} onClick={() => setEditing(true)}>
          Rename<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="button button--ghost" disabled={busy} onClick={() => actions.onDuplicate(item.id)}>
          Duplicate<span className="visually-hidden"> {title}</span>
        </button>
        <button type="button" className="button button--ghost history-entry__delete" disabled={busy} onClick={() => actions.onDelete(item)}>
          Delete<span className="visually-hidden"> {title}</span>
        </button>
      </div>
    </article>
  );
}

/** The entry's title as a text field: Enter saves, Escape cancels; empty goes back to the address. */
function RenameForm({ item, titleId, onRename, onClose }: { item: HistoryListItem; titleId: string; onRename: HistoryEntryActions['onRename']; onClose(): void }) {
  const [text, setText] = useState(item.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    const message = await onRename(item.id, text.trim() === '' ? null : text.trim());
    setSaving(false);
    if (message) setError(message);
    else onClose();
  }

  return (
    <form className="history-rename" onSubmit={(event) => void submit(event)}>
      <label id={titleId} htmlFor={inputId} className="history-rename__label">
        Name for {item.address}
      </label>
      <input
        id={inputId}
        className="history-rename__input"
        value={text}
        maxLength={HISTORY_NAME_MAX_CHARS}
        placeholder={item.address}
        autoFocus
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onClose();
          }
        }}
      />
      <span id={hintId} className="history-rename__hint">
        Leave empty to show the address.
      </span>
      {error && (
        <span id={errorId} className="history-rename__error" role="alert">
          {error}
        </span>
      )}
      <div className="history-rename__buttons">
        <button type="submit" className="button button--primary" disabled={saving}>
          Save name
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
