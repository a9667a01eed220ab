import { useSyncExternalStore } from 'react';

// The session lives in localStorage as spec §3 says: `token` and `subscribed`. Every read and write goes through here.
export const TOKEN_KEY = 'token';
export const SUBSCRIBED_KEY = 'subscribed';
/** The account the browser's CMA data (store, listing pool) belongs to; a different agent signing in drops it. */
export const DATA_OWNER_KEY = 'dataOwner';

export interface Session {
  token: string;
  subscribed: boolean;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode): behave as signed out
  }
}

export function getToken(): string {
  return storage()?.getItem(TOKEN_KEY) ?? '';
}

/** The stored subscribed flag must equal 1 (spec §9); '1' and 1 both count, anything else does not. */
export function isSubscribedFlag(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '' && Number(value) === 1;
}

/** Logged in and subscribed: the token is non-empty and the subscribed flag equals 1 (spec §4). */
export function isSubscribedSession(): boolean {
  return getToken().trim() !== '' && isSubscribedFlag(storage()?.getItem(SUBSCRIBED_KEY));
}

export function hasToken(): boolean {
  return getToken().trim() !== '';
}

export function saveSession(token: string, subscribed: number | boolean): void {
  const store = storage();
  if (!store) return;
  store.setItem(TOKEN_KEY, token);
  store.setItem(SUBSCRIBED_KEY, String(Number(subscribed) === 1 ? 1 : 0));
  notify();
}

export function setSubscribed(subscribed: number | boolean): void {
  storage()?.setItem(SUBSCRIBED_KEY, String(Number(subscribed) === 1 ? 1 : 0));
  notify();
}

/** Clears ALL of localStorage, as the error catalogue and logout require (spec §4, §8). */
export function clearAllStorage(): void {
  storage()?.clear();
  notify();
}

/**
 * Marks the browser's CMA data as `accountId`'s (null: a new account, whose id the sign-up answer does not carry).
 * Returns true when the data there belonged to someone else, or to nobody known, and must be dropped.
 */
export function claimBrowserData(accountId: string | null): boolean {
  const store = storage();
  const previous = store?.getItem(DATA_OWNER_KEY) ?? null;
  if (accountId === null) store?.removeItem(DATA_OWNER_KEY);
  else store?.setItem(DATA_OWNER_KEY, accountId);
  return accountId === null || previous !== accountId;
}

/** The account the browser's CMA data belongs to (null: a new account, or nobody signed in since storage was cleared). */
export function browserDataOwner(): string | null {
  return storage()?.getItem(DATA_OWNER_KEY) ?? null;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out changes our session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY || event.key === SUBSCRIBED_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function snapshot(): string {
  return `${getToken()}\u0000${storage()?.getItem(SUBSCRIBED_KEY) ?? ''}`;
}

/**
 * Re-renders when the session changes through these helpers or in another tab. Read from the snapshot, so hydrating
 * a server-rendered page first renders it signed out, as the server did, and then re-renders with the stored session.
 */
export function useSessionState(): { signedIn: boolean; subscribedSession: boolean } {
  const current = useSyncExternalStore(subscribeToSession, snapshot, () => SIGNED_OUT_SNAPSHOT);
  const [token = '', subscribed] = current.split('\u0000');
  const signedIn = token.trim() !== '';
  return { signedIn, subscribedSession: signedIn && isSubscribedFlag(subscribed) };
}
const SIGNED_OUT_SNAPSHOT = '\u0000';
