import type { ReactNode } from 'react';

/** A form's submit button: disabled while the form is sent, and saying so ('Saving…') meanwhile. */
export function SubmitButton({ busy, busyText, disabled, className = 'button button--primary button--large', children }: { busy: boolean; busyText: string; disabled?: boolean; className?: string; children: ReactNode }) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyText : children}
    </button>
  );
}
