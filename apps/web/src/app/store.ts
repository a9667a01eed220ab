import { combineReducers, configureStore, createListenerMiddleware, isAnyOf } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore, type Storage as PersistStorage } from 'redux-persist';
import { api } from '../shared/api/api';
import { loginSlice } from '../features/accounts/store/loginSlice';
import { reportSlice } from '../features/report/store/reportSlice';
import { forgetListings } from '../features/cma/model/listingPool';
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
  [reportSlice.name]: reportSlice.reducer,
  [api.reducerPath]: api.reducer,
});

export function persistConfigFor(storage: PersistStorage) {
  // The API cache is refetched, never persisted.
  return { key: PERSIST_KEY, storage, timeout: PERSIST_TIMEOUT_MS, blacklist: [api.reducerPath] };
}

/** What the browser keeps outside the store (the listing pool) goes with the agent's session too. */
function browserDataCleanup() {
  const listener = createListenerMiddleware();
  listener.startListening({ matcher: isAnyOf(sessionEnded, browserDataReleased), effect: () => forgetListings() });
  return listener.middleware;
}

export function createAppStore(storage: PersistStorage = localStorageEngine) {
  const store = configureStore({
    reducer: persistReducer(persistConfigFor(storage), rootReducer),
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
        // The report store carries big comparable lists; the dev-only checks would slow typing.
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
