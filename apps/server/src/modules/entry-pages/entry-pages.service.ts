import { ENTRY_PAGE_DATA_ELEMENT_ID, ENTRY_PAGE_DATA_OUTLET, ENTRY_PAGE_HEAD_OUTLET, ENTRY_PAGE_OUTLET, type EntryPageData } from '@cma/contracts';

/** The web build's server-side render (apps/web/src/prerender.tsx): a path's #root HTML and <head> tags for a signed-out visitor. */
export type RenderPage = (path: string, data: EntryPageData) => Promise<{ html: string; head: string }>;

/** The FAQ and the plans change rarely (migrations, an operator); a rendered page serves this long per instance. */
export const ENTRY_PAGE_TTL_MS = 60_000;

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`, no line separators JavaScript dislikes. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export interface EntryPagesServiceOptions {
  template: string;
  renderPage: () => Promise<RenderPage>;
  /** The public answers `path` is rendered with. */
  fetchData: (path: string) => Promise<EntryPageData>;
  now: () => Date;
  /** A background re-render failed (the previous page goes on serving). */
  onRefreshError: (error: unknown) => void;
  ttlMs?: number;
}

/**
 * The public entry pages rendered with their live data (decisions 0902, 2100): painted complete without JavaScript,
 * FAQ and plans included for visitors and crawlers, the year in the footer current. One render per page serves every
 * visitor for ttlMs; while a new one is made, the previous page keeps being served. A failed render rejects (the caller
 * serves the fallback). Only the fixed paths the caller registers are rendered, so the cache cannot grow.
 */
export function createEntryPagesService(options: EntryPagesServiceOptions) {
  const ttlMs = options.ttlMs ?? ENTRY_PAGE_TTL_MS;
  if (![ENTRY_PAGE_HEAD_OUTLET, ENTRY_PAGE_OUTLET, ENTRY_PAGE_DATA_OUTLET].every((outlet) => options.template.includes(outlet))) {
    throw new Error('the entry page template has no outlets: rebuild the web app (npm run build)');
  }
  const rendered = new Map<string, { html: string; renderedAt: number }>();
  const rendering = new Map<string, Promise<string>>();

  async function render(path: string): Promise<string> {
    const [renderPage, data] = await Promise.all([options.renderPage(), options.fetchData(path)]);
    const page = await renderPage(path, data);
    const dataScript = `<script type="application/json" id="${ENTRY_PAGE_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
    // Replacer functions: `$&` and the like in a FAQ answer must stay text.
    return options.template
      .replace(ENTRY_PAGE_HEAD_OUTLET, () => page.head)
      .replace(ENTRY_PAGE_OUTLET, () => page.html)
      .replace(ENTRY_PAGE_DATA_OUTLET, () => dataScript);
  }

  function refresh(path: string): Promise<string> {
    let pending = rendering.get(path);
    if (!pending) {
      pending = render(path)
        .then((html) => {
          rendered.set(path, { html, renderedAt: options.now().getTime() });
          return html;
        })
        .finally(() => rendering.delete(path));
      rendering.set(path, pending);
    }
    return pending;
  }

  return {
    async page(path: string): Promise<string> {
      const current = rendered.get(path);
      if (!current) return refresh(path);
      const age = options.now().getTime() - current.renderedAt;
      if (age >= ttlMs || age < 0) refresh(path).catch(options.onRefreshError); // the old page serves meanwhile; a failure retries next time
      return current.html;
    },
  };
}
export type EntryPagesService = ReturnType<typeof createEntryPagesService>;
