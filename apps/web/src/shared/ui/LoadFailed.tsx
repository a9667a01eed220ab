/** Said where data could not be loaded, with the button that asks again: 'Your subscription could not be loaded. Try again'. */
export function LoadFailed({ what, onRetry, className, linkClassName }: { what: string; onRetry(): void; className?: string; linkClassName: string }) {
  return (
    <p className={className} role="alert">
      {what} could not be loaded.{' '}
      <button type="button" className={linkClassName} onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
