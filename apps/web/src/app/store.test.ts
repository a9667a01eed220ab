import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { derivedKeys } from '@cma/cma';
import type { Storage as PersistStorage } from 'redux-persist';
import { createAppStore, holdsFreshVisitorState, PERSIST_KEY, PERSIST_TIMEOUT_MS, PERSIST_VERSION } from './store';
import { api } from '../shared/api/api';
import { initialCmaWorkflowState, resetCmaWorkflow, restoreCmaWorkflow, updateCmaWorkflow } from '../shared/cma-workflow/cmaWorkflowSlice';
import { initialLoginState, setLoginState, setPromocode } from '../shared/session/loginSlice';
import { browserDataReleased, sessionEnded } from '../shared/session/sessionActions';
import { addListings, listingPoolSnapshot, loadListingPool } from '../shared/listing-pool/listingPool';
import { createStore, keys } from 'idb-keyval';

/** What the listing pool keeps in this browser's IndexedDB (fake-indexeddb: the real API, in memory). */
const browserPoolKeys = () => keys(createStore('cma-listing-pool', 'pool'));

// A real in-memory storage engine with redux-persist's async contract, to watch what is written under which key.
function memoryStorage(): PersistStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: async (key: string) => items.get(key) ?? null,
    setItem: async (key: string, value: string) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  };
}

async function bootstrapped(persistor: ReturnType<typeof createAppStore>['persistor']) {
  await vi.waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('workflow store defaults (spec §3 report store)', () => {
  it('starts with the spec defaults', () => {
    const { store } = createAppStore(memoryStorage());
    const report = store.getState().cmaWorkflow;
    expect(report.reportName).toBe('COMPARATIVE MARKET ANALYSIS');
    expect(report.clientName).toBe('');
    expect(report.range).toEqual({ start: '', end: '' });
    expect(report.pdfColor).toBe('#0070c0');
    expect(report.csvType).toBe('ReColorado');
    expect(derivedKeys(report).count).toBe(0);
    expect(report.inputAddressState).toBe(false);
    expect(report.isUploadCSV).toBe(true);
    for (const list of ['comaparables', 'extraComparables', 'removedComparables', 'csvNewData', 'allCsvData', 'base64Images', 'businessImages'] as const) {
      expect(report[list]).toEqual([]);
    }
  });

  it('the reset action returns every field to its default', () => {
    const { store } = createAppStore(memoryStorage());
    store.dispatch(updateCmaWorkflow({ reportName: 'Smith CMA', clientName: 'Ann Smith', csvType: 'PPAR', comaparables: [{ uuid: 'a' }] }));
    expect(store.getState().cmaWorkflow.clientName).toBe('Ann Smith');
    store.dispatch(resetCmaWorkflow());
    expect(store.getState().cmaWorkflow).toEqual(initialCmaWorkflowState);
  });

  it('restoring a history entry overwrites the restore keys and ignores unknown ones', () => {
    const { store } = createAppStore(memoryStorage());
    store.dispatch(updateCmaWorkflow({ clientName: 'Old client', extraComparables: [{ uuid: 'stale' }] }));
    const saved = { clientName: 'Ann Smith', reportName: 'Maple St', count: 2, range: { start: 590000, end: 615000 }, comaparables: [{ uuid: 'c1' }], notAField: 1 };
    store.dispatch(restoreCmaWorkflow(saved as never));
    const report = store.getState().cmaWorkflow;
    expect(report).toMatchObject({ clientName: 'Ann Smith', reportName: 'Maple St', range: { start: 590000, end: 615000 }, comaparables: [{ uuid: 'c1' }] });
    expect(report.extraComparables).toEqual([]);
    expect('notAField' in report).toBe(false);
    // Derived keys (count, checked…) are computed from the comparables when saved, not restored into the store.
    expect('count' in report).toBe(false);
  });

  it("ending the session drops the whole CMA and the listing pool (MLS rules) and puts the login state back to login", async () => {
    const storage = memoryStorage();
    const { store, persistor } = createAppStore(storage);
    await bootstrapped(persistor);
    await loadListingPool();
    addListings([{ uuid: 'listing-of-agent-a' }]);
    await vi.waitFor(async () => expect(await browserPoolKeys()).toContain('pool'));
    store.dispatch(updateCmaWorkflow({ propertyImages: ['a.jpg'], base64Images: ['data:image/png;base64,AA'], clientName: 'Agent A client', allCsvData: [{ uuid: 'listing-of-agent-a' }] }));
    store.dispatch(setLoginState('register'));
    store.dispatch(sessionEnded());
    expect(store.getState().cmaWorkflow).toEqual(initialCmaWorkflowState);
    expect(store.getState().login).toEqual(initialLoginState);
    await vi.waitFor(async () => expect(await browserPoolKeys()).toEqual([]));
    expect(listingPoolSnapshot().records).toEqual([]);
    await persistor.flush();
    expect(storage.items.get('persist:root')).not.toContain('agent-a');
    expect(storage.items.get('persist:root')).not.toContain('Agent A client');
  });

  it("another agent's sign-in drops the CMA and the listing pool but keeps the chosen plan of the sign-up under way", async () => {
    const { store } = createAppStore(memoryStorage());
    await loadListingPool();
    addListings([{ uuid: 'listing-of-agent-a' }]);
    store.dispatch(updateCmaWorkflow({ clientName: 'Agent A client', allCsvData: [{ uuid: 'listing-of-agent-a' }] }));
    store.dispatch(setPromocode('SPRING'));
    store.dispatch(browserDataReleased());
    expect(store.getState().cmaWorkflow).toEqual(initialCmaWorkflowState);
    await vi.waitFor(async () => expect(await browserPoolKeys()).toEqual([]));
    expect(listingPoolSnapshot().records).toEqual([]);
    expect(store.getState().login.promocode).toBe('SPRING');
  });
});

describe('persistence (spec §4)', () => {
  it('keeps no listing rows in localStorage (the pool is in IndexedDB); rows a version before pools left there become the pool', async () => {
    const storage = memoryStorage();
    const first = createAppStore(storage);
    await bootstrapped(first.persistor);
    first.store.dispatch(updateCmaWorkflow({ clientName: 'Ann Smith', allCsvData: [{ uuid: 'row-in-memory' }] }));
    await first.persistor.flush();
    expect(first.store.getState().cmaWorkflow.allCsvData).toEqual([{ uuid: 'row-in-memory' }]);
    expect(storage.items.get('persist:root')).toContain('Ann Smith');
    expect(storage.items.get('persist:root')).not.toContain('row-in-memory');

    const { clearListingPool } = await import('../shared/listing-pool/listingPool');
    await clearListingPool();
    const root = JSON.parse(storage.items.get('persist:root')!) as Record<string, string>;
    storage.items.set('persist:root', JSON.stringify({ ...root, cmaWorkflow: JSON.stringify({ ...JSON.parse(root.cmaWorkflow!), allCsvData: [{ uuid: 'older-row' }] }) }));
    const second = createAppStore(storage);
    await bootstrapped(second.persistor);
    await vi.waitFor(() => expect(listingPoolSnapshot().records).toEqual([{ uuid: 'older-row' }]));
    await second.persistor.flush();
    second.store.dispatch(updateCmaWorkflow({ clientName: 'Ann Smith again' }));
    await second.persistor.flush();
    expect(storage.items.get('persist:root')).not.toContain('older-row');
  });

  it("writes the login and workflow stores under the key 'root' and reads them back in a new session", async () => {
    const storage = memoryStorage();
    const first = createAppStore(storage);
    await bootstrapped(first.persistor);
    first.store.dispatch(updateCmaWorkflow({ clientName: 'Ann Smith' }));
    first.store.dispatch(setPromocode('SPRING'));
    await first.persistor.flush();
    expect(PERSIST_KEY).toBe('root');
    expect([...storage.items.keys()]).toEqual(['persist:root']);
    expect(storage.items.get('persist:root')).not.toContain('"api"');

    const second = createAppStore(storage);
    await bootstrapped(second.persistor);
    expect(second.store.getState().cmaWorkflow.clientName).toBe('Ann Smith');
    expect(second.store.getState().login.promocode).toBe('SPRING');
  });

  it("an agent's CMA in progress and chosen plan, stored by the app before the workflow slice moved, survive the upgrade", async () => {
    const storage = memoryStorage();
    const plan = { id: 2, title: 'Yearly' };
    const oldReport = { ...initialCmaWorkflowState, clientName: 'Ann Smith', selectedPropertyAddress: '12 Maple St', comaparables: [{ uuid: 'c1' }] };
    const oldLogin = { loginstate: 'register', subscriptionPlan: plan, allSubcriptionPlan: [plan], businessAndSubscriptionDetails: null, profileImage: 'me.jpg', passData: null, promocode: 'SPRING' };
    // What redux-persist wrote before (no version: -1): each slice JSON-encoded under its old key.
    storage.items.set('persist:root', JSON.stringify({ login: JSON.stringify(oldLogin), report: JSON.stringify(oldReport), _persist: JSON.stringify({ version: -1, rehydrated: true }) }));

    const { store, persistor } = createAppStore(storage);
    await bootstrapped(persistor);
    const state = store.getState();
    expect(state.cmaWorkflow).toEqual(oldReport);
    expect(state.subscriptionPlans).toEqual({ subscriptionPlan: plan, allSubcriptionPlan: [plan] });
    expect(state.login).toEqual({ loginstate: 'register', businessAndSubscriptionDetails: null, profileImage: 'me.jpg', passData: null, promocode: 'SPRING' });
    expect('report' in state).toBe(false);

    await persistor.flush();
    const written = JSON.parse(storage.items.get('persist:root')!) as Record<string, string>;
    expect(Object.keys(written).sort()).toEqual(['_persist', 'cmaWorkflow', 'login', 'subscriptionPlans']);
    expect(JSON.parse(written._persist!)).toMatchObject({ version: PERSIST_VERSION });
    expect(JSON.parse(written.cmaWorkflow!).clientName).toBe('Ann Smith');
  });

  it('gives up waiting for storage after 5000 ms and starts with the defaults', async () => {
    vi.useFakeTimers();
    const silentStorage: PersistStorage = {
      getItem: () => new Promise<string | null>(() => {}), // a storage that never answers
      setItem: async () => {},
      removeItem: async () => {},
    };
    vi.spyOn(console, 'error').mockImplementation(() => {}); // redux-persist logs the time-out
    const { store, persistor } = createAppStore(silentStorage);
    await vi.advanceTimersByTimeAsync(PERSIST_TIMEOUT_MS - 10);
    expect(persistor.getState().bootstrapped).toBe(false);
    await vi.advanceTimersByTimeAsync(20);
    expect(persistor.getState().bootstrapped).toBe(true);
    expect(PERSIST_TIMEOUT_MS).toBe(5000);
    expect(store.getState().cmaWorkflow.reportName).toBe('COMPARATIVE MARKET ANALYSIS');
  });
});

describe('holdsFreshVisitorState (decision 2100: hydrate the server page only when it can match)', () => {
  it('holds for a first-time visitor and after API answers arrive, not once the visitor has stored a step', async () => {
    const { store, persistor } = createAppStore(memoryStorage());
    await bootstrapped(persistor);
    expect(holdsFreshVisitorState(store.getState())).toBe(true);
    store.dispatch(api.util.upsertQueryEntries([{ endpointName: 'getFaqList', arg: undefined, value: [{ id: 1, question: 'Q', answer: 'A' }] }]));
    expect(holdsFreshVisitorState(store.getState())).toBe(true); // the API cache is the server's too
    store.dispatch(setLoginState('register'));
    expect(holdsFreshVisitorState(store.getState())).toBe(false);
  });

  it('does not hold for a visitor whose stored report differs from the defaults', async () => {
    const storage = memoryStorage();
    const { store, persistor } = createAppStore(storage);
    await bootstrapped(persistor);
    store.dispatch(updateCmaWorkflow({ clientName: 'Jordan' }));
    expect(holdsFreshVisitorState(store.getState())).toBe(false);
  });
});
