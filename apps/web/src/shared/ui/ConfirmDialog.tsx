// The app's own confirmation: a modal <dialog> (focus kept inside, Escape cancels), never the browser's confirm().
import { useEffect, useId, useRef } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const messageId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal?.();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="confirm-dialog" role="alertdialog" aria-labelledby={titleId} aria-describedby={messageId} onCancel={(e) => { e.preventDefault(); onCancel(); }}>
      <h2 id={titleId} className="confirm-dialog__title">{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onConfirm}>{confirmLabel}</button>
        <button type="button" className="button button--ghost" onClick={onCancel} autoFocus>{cancelLabel}</button>
      </div>
    </dialog>
  );
}

/**
 * A short-lived notice with an Undo button (polite live region); it closes itself after `seconds`. With `focusUndo` the
 * button takes focus when it appears (the thing the keyboard was on is gone); the caller moves focus on when it closes.
 */
export function UndoNotice({ message, onUndo, onDone, seconds = 10, focusUndo = false }: { message: string; onUndo(): void; onDone(): void; seconds?: number; focusUndo?: boolean }) {
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const timer = setTimeout(() => done.current(), seconds * 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return (
    <div className="undo-notice" role="status" aria-live="polite">
      <span>{message}</span>
      <button type="button" className="button button--secondary" onClick={onUndo} autoFocus={focusUndo}>Undo</button>
    </div>
  );
}
