// The report's cover letter, edited on /report: starts from the agent's template (or the built-in letter); the
// placeholders are filled when the report prints.
import { COVER_LETTER_MAX_LENGTH } from '@cma/contracts';
import { COVER_LETTER_PLACEHOLDERS } from '@cma/report/cover-letter';
import { PageOffNote } from './PageOffNote';

export interface CoverLetterEditorProps {
  /** The report's own letter, or null when it follows the template. */
  letter: string | null;
  /** The agent's template, else the built-in letter. */
  template: string;
  onChange(letter: string | null): void;
  pageOn: boolean;
  onTurnPageOn(): void;
}

export function CoverLetterEditor({ letter, template, onChange, pageOn, onTurnPageOn }: CoverLetterEditorProps) {
  const text = letter ?? template;
  return (
    <details className="card report-editor" open={pageOn && letter !== null ? true : undefined}>
      <summary className="h4">Cover letter</summary>
      {!pageOn && <PageOffNote page="cover letter" action="Print it after the cover" onTurnPageOn={onTurnPageOn} />}
      <label className="report-page__field">
        <span>Letter for this report</span>
        <textarea rows={12} maxLength={COVER_LETTER_MAX_LENGTH} value={text} onChange={(e) => onChange(e.target.value)} aria-describedby="cover-letter-hint" />
      </label>
      <p id="cover-letter-hint" className="report-editor__hint">
        {COVER_LETTER_PLACEHOLDERS.join(', ')} become the client&apos;s name, the home&apos;s address and your name when the report prints. {text.length.toLocaleString('en-US')} of{' '}
        {COVER_LETTER_MAX_LENGTH.toLocaleString('en-US')} characters.
      </p>
      <button type="button" className="button button--ghost" onClick={() => onChange(null)} disabled={letter === null}>
        Reset to my template
      </button>
    </details>
  );
}
