import { LANDING_DATA_ELEMENT_ID, type LandingData } from '@cma/contracts';
import { publicSiteApi } from '../features/public-site/publicSiteApi';
import type { AppStore } from './store';

// The server renders the landing page with its FAQ and plans and hands them along in a JSON script element (decision
// 0902): entered in the API cache before the first render, they make it match that HTML without asking again.

/** Enters the data in the API cache as answered queries (synchronously, before the first render). */
export function seedLandingData(store: AppStore, data: LandingData): void {
  store.dispatch(
    publicSiteApi.util.upsertQueryEntries([
      { endpointName: 'getFaqList', arg: undefined, value: data.faqs },
      { endpointName: 'pricingTeaserPlans', arg: undefined, value: data.plans },
    ]),
  );
}

/** The data the server put in the page, if it did and it is whole. */
export function readLandingData(doc: Document = document): LandingData | undefined {
  const text = doc.getElementById(LANDING_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as Partial<LandingData>;
    return Array.isArray(data.faqs) && Array.isArray(data.plans) ? { faqs: data.faqs, plans: data.plans } : undefined;
  } catch {
    return undefined;
  }
}
