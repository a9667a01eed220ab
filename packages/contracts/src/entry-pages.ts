// The public entry pages the server renders (decisions 0902, 2100): which pages, the public answers each is rendered with,
// where the page, its head and its data go in the web build's template. No zod here: the web app's first chunk imports this.
import type { SubscriptionPlan } from './billing';
import type { FaqEntry, PublicConfig } from './content';

/** The answers of the public GET calls an entry page was rendered with (each only when the page shows it). */
export interface EntryPageData {
  /** GET /api/faq-list */
  faqs?: FaqEntry[];
  /** GET /api/subscription-plan-list */
  plans?: SubscriptionPlan[];
  /** GET /api/config (the company's contact details in the footer and on Contact Us) */
  config?: PublicConfig;
}
export type EntryPageDataKey = keyof EntryPageData;

/** Where the server takes each piece of EntryPageData from: what the browser would ask. */
export const ENTRY_PAGE_DATA_SOURCES: Record<EntryPageDataKey, string> = {
  faqs: '/api/faq-list',
  plans: '/api/subscription-plan-list',
  config: '/api/config',
};

export interface EntryPage {
  /** The data it renders with. */
  data: readonly EntryPageDataKey[];
  /** Renders differently by its query string (/login?scan=true): with one, the server sends the empty shell instead. */
  readsQuery?: boolean;
}

/**
 * Every public page a visitor may arrive on (spec §2). The server renders these for a signed-out visitor and the app
 * loads when the visitor acts; any other path gets the empty shell (app.html). /reset-password/:token is left out on
 * purpose: its path is a secret, never to be kept in a shared render cache.
 */
export const ENTRY_PAGES: Record<string, EntryPage> = {
  '/': { data: ['faqs', 'plans', 'config'] },
  '/login': { data: ['config'], readsQuery: true },
  '/forgot-password': { data: ['config'] },
  '/subscription-plan': { data: ['plans', 'config'] },
  '/request-demo': { data: ['config'] },
  '/about-us': { data: ['config'] },
  '/privacy-policy': { data: ['config'] },
  '/terms-condition': { data: ['config'] },
  '/contact-us': { data: ['config'] },
};

/** The <script type="application/json"> element that carries the EntryPageData, just after #root. */
export const ENTRY_PAGE_DATA_ELEMENT_ID = 'cma-page-data';
/** Markers in the template (dist/ssr/entry.html): the page's title and meta tags, the page inside #root, its data after it. */
export const ENTRY_PAGE_HEAD_OUTLET = '<!--cma-page-head-->';
export const ENTRY_PAGE_OUTLET = '<!--cma-page-->';
export const ENTRY_PAGE_DATA_OUTLET = '<!--cma-page-data-->';
