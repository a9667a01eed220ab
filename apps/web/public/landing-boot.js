// The landing page arrives prerendered (scripts/prerender.mjs). Its app code starts loading once that page has
// painted its content, so on a slow phone the first paint does not wait behind ~150 KB of JavaScript.
// data-entry names the app's entry module.
(function () {
  var entry = document.currentScript && document.currentScript.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.appendChild(script);
  }
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the fallback below starts the app.
  }
  // Never later than this (a page opened in a background tab paints only when shown).
  setTimeout(start, 3000);

  // A button pressed before the app is running would do nothing: hold the press and replay it on the same element
  // (hydration keeps the prerendered elements) once the app says it is ready. Links work without the app.
  var held = [];
  function hold(event) {
    var control = event.target instanceof Element ? event.target.closest('button, [role="button"], summary') : null;
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(control) === -1) held.push(control);
  }
  document.addEventListener('click', hold, true);
  document.addEventListener(
    'cma:app-ready',
    function () {
      document.removeEventListener('click', hold, true);
      var replay = held;
      held = [];
      replay.forEach(function (control) {
        if (control.isConnected) control.click();
      });
    },
    { once: true },
  );
})();
