import { LANDING_DATA_ELEMENT_ID, LANDING_DATA_OUTLET, LANDING_PAGE_OUTLET, type LandingData } from '@cma/contracts';

/** The web build's server-side render (apps/web/src/prerender.tsx): the #root HTML of a path for a signed-out visitor. */
export type RenderPage = (path: string, data: LandingData) => Promise<string>;

/** The FAQ and the plans change rarely (migrations, an operator); a rendered page serves this long per instance. */
export const LANDING_PAGE_TTL_MS = 60_000;

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators JavaScript dislikes. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface LandingServiceOptions {
  template: string;
  renderPage: () => Promise<RenderPage>;
  fetchData: () => Promise<LandingData>;
  now: () => Date;
  /** A background re-render failed (the previous page goes on serving). */
  onRefreshError: (error: unknown) => void;
  ttlMs?: number;
}

/**
 * The landing page rendered with its live data (decision 0902): painted complete without JavaScript, FAQ included for
 * visitors and crawlers, the year in the footer current. One render serves every visitor for ttlMs; while a new one is
 * made, the previous page keeps being served. A failed render rejects (the caller serves the build-time page).
 */
export function createLandingService(options: LandingServiceOptions) {
  const ttlMs = options.ttlMs ?? LANDING_PAGE_TTL_MS;
  if (!options.template.includes(LANDING_PAGE_OUTLET) || !options.template.includes(LANDING_DATA_OUTLET)) {
    throw new Error('the landing template has no outlets: rebuild the web app (npm run build)');
  }
  let current: { html: string; renderedAt: number } | undefined;
  let rendering: Promise<string> | undefined;

  async function render(): Promise<string> {
    const [renderPage, data] = await Promise.all([options.renderPage(), options.fetchData()]);
    const page = await renderPage('/', data);
    const dataScript = `<script type="application/json" id="${LANDING_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
    // Replacer functions: `$&` and the like in a FAQ answer must stay text.
    return options.template.replace(LANDING_PAGE_OUTLET, () => page).replace(LANDING_DATA_OUTLET, () => dataScript);
  }

  function refresh(): Promise<string> {
    rendering ??= render()
      .then((html) => {
        current = { html, renderedAt: options.now().getTime() };
        return html;
      })
      .finally(() => {
        rendering = undefined;
      });
    return rendering;
  }

  return {
    async page(): Promise<string> {
      if (!current) return refresh();
      const age = options.now().getTime() - current.renderedAt;
      if (age >= ttlMs || age < 0) refresh().catch(options.onRefreshError); // the old page serves meanwhile; a failure retries next time
      return current.html;
    },
  };
}
export type LandingService = ReturnType<typeof createLandingService>;
