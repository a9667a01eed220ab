import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, createMigrate, createTransform, type PersistConfig, persistReducer, persistStore, type PersistedState, type Storage as PersistStorage } from 'redux-persist';
import { api } from '../shared/api/api';
import { loginSlice } from '../shared/session/loginSlice';
import { subscriptionPlansSlice } from '../features/billing/store/subscriptionPlansSlice';
import { cmaWorkflowSlice, type CmaWorkflowState } from '../shared/cma-workflow/cmaWorkflowSlice';
import { browserDataReleased, sessionEnded } from '../shared/session/sessionActions';

// Spec §4/§9: the store is persisted under key 'root' with a 5000 ms rehydration time-out.
export const PERSIST_KEY = 'root';
export const PERSIST_TIMEOUT_MS = 5000;

/** redux-persist's engine over window.localStorage (its CJS storage module does not survive the ESM build). */
export const localStorageEngine: PersistStorage = {
  getItem: async (key) => globalThis.localStorage?.getItem(key) ?? null,
  setItem: async (key, value) => globalThis.localStorage?.setItem(key, value),
  removeItem: async (key) => globalThis.localStorage?.removeItem(key),
};

export const rootReducer = combineReducers({
  [loginSlice.name]: loginSlice.reducer,
  [subscriptionPlansSlice.name]: subscriptionPlansSlice.reducer,
  [cmaWorkflowSlice.name]: cmaWorkflowSlice.reducer,
  [api.reducerPath]: api.reducer,
});

/** The persisted shape's version; each step below carries a browser's stored state forward (decision 2120). */
export const PERSIST_VERSION = 1;

type StoredSlices = Record<string, unknown> & { _persist: NonNullable<PersistedState>['_persist'] };

export const persistMigrations = {
  // 1: the workflow moved from `report` to `cmaWorkflow`, the sign-up's plans from `login` to `subscriptionPlans`.
  1: (state: PersistedState): PersistedState => {
    if (!state) return state;
    const { report, login, ...rest } = state as StoredSlices;
    const next: StoredSlices = { ...rest };
    if (report !== undefined && next.cmaWorkflow === undefined) next.cmaWorkflow = report;
    if (login && typeof login === 'object') {
      const { subscriptionPlan = null, allSubcriptionPlan = [], ...loginFields } = login as Record<string, unknown>;
      next.login = loginFields;
      next.subscriptionPlans ??= { subscriptionPlan, allSubcriptionPlan };
    }
    return next;
  },
};

/**
 * The listing pool lives in IndexedDB (decision 2131): localStorage keeps the CMA without its listings (`allCsvData` is
 * rebuilt from the pool where the saved state is made), so thousands of rows never sit in it twice.
 */
const withoutListingRows = createTransform<unknown, unknown>(
  (workflow) => {
    const { allCsvData } = workflow as Pick<CmaWorkflowState, 'allCsvData'>;
    return Array.isArray(allCsvData) && allCsvData.length > 0 ? { ...(workflow as CmaWorkflowState), allCsvData: [] } : workflow;
  },
  (stored) => stored,
  { whitelist: [cmaWorkflowSlice.name] },
);

export function persistConfigFor(storage: PersistStorage): PersistConfig<RootState> {
  // The API cache is refetched, never persisted.
  return {
    key: PERSIST_KEY,
    storage,
    timeout: PERSIST_TIMEOUT_MS,
    blacklist: [api.reducerPath],
    version: PERSIST_VERSION,
    migrate: createMigrate(persistMigrations, { debug: false }),
    transforms: [withoutListingRows],
  };
}

/**
 * What the browser keeps outside the store (the listing pool in IndexedDB) goes with the agent's session too. Loaded
 * only then, so the landing page's first chunk does not carry the pool's code.
 */
const seedBrowserListingPool = (rows: unknown[]) => import('../shared/listing-pool/listingPool').then((pool) => pool.seedListingPool(pool.listingRecordsOf(rows)));
export const clearBrowserListingPool = () => import('../shared/listing-pool/listingPool').then((pool) => pool.clearListingPool());

function browserDataCleanup() {
  const listener = createListenerMiddleware();
  listener.startListening({ matcher: isAnyOf(sessionEnded, browserDataReleased), effect: () => clearBrowserListingPool() });
  // A store persisted by a version before pools still holds its listings: they become the pool, then leave localStorage.
  listener.startListening({
    predicate: (action) => action.type === REHYDRATE,
    effect: (action) => {
      const rows = (action as { payload?: { cmaWorkflow?: { allCsvData?: unknown } } }).payload?.cmaWorkflow?.allCsvData;
      if (Array.isArray(rows) && rows.length > 0) void seedBrowserListingPool(rows);
    },
  });
  return listener.middleware;
}

export function createAppStore(storage: PersistStorage = localStorageEngine) {
  const store = configureStore({
    reducer: persistReducer(persistConfigFor(storage), rootReducer),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        // The workflow store carries big comparable lists; the dev-only checks would slow typing.
        immutableCheck: { warnAfter: 200 },
      })
        .prepend(browserDataCleanup())
        .concat(api.middleware),
  });
  const persistor = persistStore(store);
  setupListeners(store.dispatch);
  return { store, persistor };
}

/**
 * True when the stored slices are what a first-time visitor starts with: the server renders the entry pages with that
 * store (decision 2100), so only then can the browser's first render match its HTML and hydrate it.
 */
export function holdsFreshVisitorState(state: RootState): boolean {
  const fresh = rootReducer(undefined, { type: '@@cma/fresh-visitor' });
  return (Object.keys(fresh) as (keyof RootState)[]).every((slice) => slice === api.reducerPath || JSON.stringify(state[slice]) === JSON.stringify(fresh[slice]));
}

export type AppStore = ReturnType<typeof createAppStore>['store'];
export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = AppStore['dispatch'];
