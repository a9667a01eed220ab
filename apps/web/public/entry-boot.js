// Starts the app on a public entry page (/, /login, /subscription-plan…), which arrives as finished HTML (decisions 0901,
// 0902, 2100). data-entry names the app's entry module; data-start says when to load it:
// - "intent": the server rendered the page with its data, so nothing is missing until the visitor acts. The app
//   (~145 KB of JavaScript) loads at the first pointer movement, touch, key, focus, wheel or scroll, or at once when a
//   session is stored (a signed-in visitor is sent on to /home). A visitor who only reads runs none of it.
// - "paint": the build-time page without data: the app loads once the page has painted and fetches the data itself.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var started = false;
  var ready = false;
  function start() {
    if (started) return;
    started = true;
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }

  if (script.getAttribute('data-start') === 'intent') {
    var hasSession = false;
    try {
      hasSession = !!localStorage.getItem('token');
    } catch {
      // Storage blocked: a visitor without a session.
    }
    if (hasSession) {
      start();
    } else {
      var intents = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
      var onIntent = function () {
        intents.forEach(function (type) {
          window.removeEventListener(type, onIntent, true);
        });
        start();
      };
      intents.forEach(function (type) {
        window.addEventListener(type, onIntent, { capture: true, passive: true });
      });
    }
  } else {
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
  }

  // A press before the app is running would do nothing (a button) or skip what the app does on it (a link that also sets
  // the login state): hold it, start the app, and replay it on the same element (hydration keeps the elements) once the
  // app says it is ready. A link on hold too long is followed as a plain link. A form sent before then (Enter in a field)
  // is held the same way: sent plainly it would put the password in the address.
  var held = [];
  var HOLD_LINKS_MS = 5000;
  function isInSiteLink(control, event) {
    if (control.tagName !== 'A') return false;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
    if (control.target || control.hasAttribute('download') || control.origin !== location.origin) return false;
    return !(control.pathname === location.pathname && control.hash); // an anchor on this page scrolls by itself
  }
  function hold(event) {
    var target = event.target instanceof Element ? event.target : null;
    var control = target && target.closest('button, [role="button"], a[href]');
    if (!control || (control.tagName === 'A' && !isInSiteLink(control, event))) return;
    event.preventDefault();
    event.stopPropagation();
    if (held.indexOf(control) === -1) held.push(control);
    start();
    if (control.tagName === 'A') {
      setTimeout(function () {
        if (!ready && held.indexOf(control) !== -1) location.assign(control.href);
      }, HOLD_LINKS_MS);
    }
  }
  function holdSubmit(event) {
    event.preventDefault();
    var submitter = event.submitter || (event.target instanceof HTMLFormElement && event.target.querySelector('[type="submit"]'));
    if (submitter && held.indexOf(submitter) === -1) held.push(submitter);
    start();
  }
  // What the visitor types before the app is live: the app's forms set their fields when they start, so the text is
  // given back to them (as typing would) once the app is ready.
  var typed = [];
  function remember(event) {
    var field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
    if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file') return;
    for (var i = 0; i < typed.length; i++) if (typed[i].field === field) typed.splice(i, 1);
    typed.push({ field: field, value: field.value });
  }
  function giveBackTyped() {
    typed.forEach(function (entry) {
      var field = entry.field;
      if (!field.isConnected || field.value === entry.value) return;
      // The prototype's setter: React listens for the value changing through it, then for the input event.
      var setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
      setter.call(field, entry.value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    typed = [];
  }
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', holdSubmit, true);
  document.addEventListener('input', remember, true);
  document.addEventListener(
    'cma:app-ready',
    function () {
      ready = true;
      document.removeEventListener('click', hold, true);
      document.removeEventListener('submit', holdSubmit, true);
      document.removeEventListener('input', remember, true);
      giveBackTyped();
      var replay = held;
      held = [];
      replay.forEach(function (control) {
        if (control.isConnected) control.click();
      });
    },
    { once: true },
  );
})();
