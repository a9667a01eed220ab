import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Last-resort error screen when the page frame itself fails; a reload is the honest way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <main id="main" className="page page--narrow load-error" role="alert">
      <h1>Something went wrong</h1>
      <p>CMA Studio hit an unexpected error{detail ? `: ${detail}` : '.'}</p>
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <a className="button button--secondary" href="/">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
