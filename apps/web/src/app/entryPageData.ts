import { ENTRY_PAGE_DATA_ELEMENT_ID, type EntryPageData } from '@cma/contracts';
import { api } from '../shared/api/api';
import { billingApi } from '../features/billing/billingApi';
import { publicSiteApi } from '../features/public-site/publicSiteApi';
import type { AppStore } from './store';

// The server renders the public entry pages with the public answers they show and hands those along in a JSON script
// element (decisions 0902, 2100): entered in the API cache before the first render, they make it match that HTML
// without asking again.

/** Enters the data in the API cache as answered queries (synchronously, before the first render). */
export function seedEntryPageData(store: AppStore, data: EntryPageData): void {
  if (data.faqs) store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getFaqList', arg: undefined, value: data.faqs }]));
  if (data.config) store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getClientConfig', arg: undefined, value: data.config }]));
  if (data.plans) {
    // The landing page's pricing teaser and /subscription-plan ask the same call under their own names.
    store.dispatch(publicSiteApi.util.upsertQueryEntries([{ endpointName: 'pricingTeaserPlans', arg: undefined, value: data.plans }]));
    store.dispatch(billingApi.util.upsertQueryEntries([{ endpointName: 'subscriptionPlanList', arg: undefined, value: data.plans }]));
  }
}

/** The data the server put in the page, if it did and it reads as an object. */
export function readEntryPageData(doc: Document = document): EntryPageData | undefined {
  const text = doc.getElementById(ENTRY_PAGE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as EntryPageData & Record<string, unknown>;
    if (!data || typeof data !== 'object') return undefined;
    return {
      ...(Array.isArray(data.faqs) ? { faqs: data.faqs } : {}),
      ...(Array.isArray(data.plans) ? { plans: data.plans } : {}),
      ...(data.config && typeof data.config === 'object' ? { config: data.config } : {}),
    };
  } catch {
    return undefined;
  }
}
