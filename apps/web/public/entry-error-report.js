// Sends the errors /entry-observability.js caught before the app started its error reporting (issue 21, decision 2160)
// to the same Sentry project as the app (src/app/observability.ts): the build's DSN (data-dsn on the boot script), else the
// server's (/api/config, in the page's data element). Loaded at a page's first error only; nothing is sent without a DSN.
(function () {
  var queued = window.__CMA_EARLY_ERRORS__ || [];
  var dsn = document.querySelector('script[data-dsn]');
  dsn = dsn && dsn.getAttribute('data-dsn');
  if (!dsn) {
    try {
      // The element is ENTRY_PAGE_DATA_ELEMENT_ID (packages/contracts), the answers the server rendered the page with.
      dsn = JSON.parse(document.getElementById('cma-page-data').textContent).config.sentryDsn;
    } catch {
      // A page rendered without data (the build-time landing page): only the build's DSN applies.
    }
  }
  // https://<public key>@<host>[/<path>]/<project id> → Sentry's envelope endpoint for that project.
  var parts = dsn && /^(https?:\/\/)([^@/]+)@([^/]+(?:\/.*)?)\/(\d+)$/.exec(dsn.trim());
  var endpoint = parts && parts[1] + parts[3] + '/api/' + parts[4] + '/envelope/?sentry_version=7&sentry_key=' + parts[2];
  var sent = 0;

  /** One ErrorEvent or PromiseRejectionEvent as a Sentry event, like the SDK's global handlers make them. */
  function send(event) {
    if (!endpoint || ++sent > 10) return; // a failing loop must not flood the project
    var rejection = 'reason' in event;
    var error = rejection ? event.reason : event.error;
    if (!(error instanceof Error)) error = null;
    var id = '';
    while (id.length < 32) id += Math.floor(Math.random() * 16).toString(16);
    var report = {
      event_id: id,
      timestamp: Date.now() / 1000,
      platform: 'javascript',
      level: 'error',
      exception: {
        values: [
          {
            type: error ? error.name : rejection ? 'UnhandledRejection' : 'Error',
            value: error ? error.message : rejection ? 'Non-Error promise rejection captured with value: ' + String(event.reason) : event.message,
            stacktrace: event.filename ? { frames: [{ filename: event.filename, lineno: event.lineno, colno: event.colno, in_app: true }] } : undefined,
            mechanism: { type: rejection ? 'onunhandledrejection' : 'onerror', handled: false },
          },
        ],
      },
      request: { url: location.href, headers: { 'User-Agent': navigator.userAgent } },
      tags: { before_app: 'yes' },
      extra: { stack: error ? String(error.stack) : undefined },
    };
    var envelope = JSON.stringify({ event_id: id, sent_at: new Date().toISOString() }) + '\n{"type":"event"}\n' + JSON.stringify(report);
    // text/plain, as Sentry's browser SDK sends it (no CORS preflight); keepalive: it is sent even if the visitor leaves.
    fetch(endpoint, { method: 'POST', body: envelope, keepalive: true }).catch(function () {});
  }
  window.__CMA_REPORT_ERROR__ = send;
  queued.forEach(send);
  queued.length = 0;
})();
