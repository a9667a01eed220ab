/** Said in a /report editor whose page the report does not print, with the button that prints it. */
export function PageOffNote({ page, action = 'Print it', onTurnPageOn }: { page: string; action?: string; onTurnPageOn(): void }) {
  return (
    <p className="report-editor__note">
      The {page} page is off.{' '}
      <button type="button" className="link-button" onClick={onTurnPageOn}>
        {action}
      </button>
    </p>
  );
}
