// The landing page the server renders (decision 0902): where the page and its data go in the web build's template, and
// the data the browser is handed along with it. No zod here: the web app's first chunk imports this.
import type { SubscriptionPlan } from './billing';
import type { FaqEntry } from './content';

/** The answers of GET /api/faq-list and GET /api/subscription-plan-list the page was rendered with. */
export interface LandingData {
  faqs: FaqEntry[];
  plans: SubscriptionPlan[];
}

/** The <script type="application/json"> element that carries the LandingData, just after #root. */
export const LANDING_DATA_ELEMENT_ID = 'cma-landing-data';
/** Markers in the template (dist/ssr/landing.html): the rendered page goes inside #root, its data right after it. */
export const LANDING_PAGE_OUTLET = '<!--cma-landing-page-->';
export const LANDING_DATA_OUTLET = '<!--cma-landing-data-->';
