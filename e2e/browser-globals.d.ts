// Playwright callbacks (addInitScript, evaluate) run in the page: give e2e code the DOM types.
/// <reference lib="dom" />
