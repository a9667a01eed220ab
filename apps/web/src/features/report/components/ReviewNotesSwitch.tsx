/**
 * Review notes (issue 27): the agent's own warnings (a large net adjustment, no bracketing on size…) are for the agent;
 * they print on the client's PDF and live page only when the agent turns them on here.
 */
export function ReviewNotesSwitch({ notes, on, onChange }: { notes: readonly string[]; on: boolean; onChange(on: boolean): void }) {
  return (
    <section className="card report-editor" aria-labelledby="review-notes-title">
      <h2 id="review-notes-title" className="h4">
        Review notes
      </h2>
      <label className="report-page__check">
        <input type="checkbox" checked={on} onChange={(e) => onChange(e.target.checked)} aria-describedby="review-notes-hint" /> Print my review notes for the client
      </label>
      <p id="review-notes-hint" className="report-editor__note">
        {notes.length === 0
          ? 'This report has no review notes.'
          : `${on ? 'The PDF and the live page print' : 'Off: the client does not see'} ${notes.length === 1 ? 'the note' : `the ${notes.length} notes`} from /review (${notes[0]}${notes.length > 1 ? ' …' : ''}).`}
      </p>
    </section>
  );
}
