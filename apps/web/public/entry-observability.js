// Web vitals and error reporting from the first paint of a public entry page (issue 21, decision 2160): the app, which
// starts them for good (src/app/observability.ts), loads only when the visitor acts, and a visitor who only reads never
// loads it. Until the app has started them, this script
// - records LCP, CLS and INP where the app keeps them (window.__CMA_WEB_VITALS__, in milliseconds and unitless as
//   web-vitals gives them);
// - catches window errors and unhandled rejections and hands them to /entry-error-report.js, which sends them to the
//   app's Sentry project. That script loads at the first error only: a page without errors runs none of it.
// The build joins this with entry-boot.js into one minified file (scripts/prerender.mjs): one request, 1.5 KB gzipped.
(function () {
  var vitals = (window.__CMA_WEB_VITALS__ = window.__CMA_WEB_VITALS__ || {});
  var observers = [];
  function observe(type, onEntry, options) {
    try {
      var observer = new PerformanceObserver(function (list) {
        list.getEntries().forEach(onEntry);
      });
      observer.observe(Object.assign({ type: type, buffered: true }, options));
      observers.push(observer);
      return true;
    } catch {
      // This browser does not report this kind of entry.
    }
  }
  observe('largest-contentful-paint', function (entry) {
    vitals.LCP = entry.startTime;
  });
  // CLS as web-vitals counts it: the largest burst of shifts not caused by input (under 1 s apart, at most 5 s long).
  var burst = 0;
  var burstStart = 0;
  var lastShift = 0;
  var shiftsObserved = observe('layout-shift', function (entry) {
    if (entry.hadRecentInput) return;
    if (burst && entry.startTime - lastShift < 1000 && entry.startTime - burstStart < 5000) burst += entry.value;
    else {
      burst = entry.value;
      burstStart = entry.startTime;
    }
    lastShift = entry.startTime;
    vitals.CLS = Math.max(vitals.CLS, burst);
  });
  if (shiftsObserved) vitals.CLS = vitals.CLS || 0; // no shift is a CLS of 0, as web-vitals reports it
  // INP: the slowest interaction (web-vitals takes the 98th percentile, the same thing below 50 interactions).
  observe(
    'event',
    function (entry) {
      if (entry.interactionId) vitals.INP = Math.max(vitals.INP || 0, entry.duration);
    },
    { durationThreshold: 40 },
  );
  document.addEventListener(
    'cma:web-vitals-started',
    function () {
      observers.forEach(function (observer) {
        observer.disconnect();
      });
    },
    { once: true },
  );


  var errors = (window.__CMA_EARLY_ERRORS__ = []);
  function onError(event) {
    if (window.__CMA_REPORT_ERROR__) return window.__CMA_REPORT_ERROR__(event);
    if (errors.push(event) > 1) return; // the report script is on its way
    var sender = document.createElement('script');
    sender.src = '/entry-error-report.js';
    document.head.appendChild(sender);
  }
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onError);
  document.addEventListener(
    'cma:error-reporting-started',
    function () {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onError);
    },
    { once: true },
  );
})();
