// The CMA's listing pool: every listing the agent loaded, kept in IndexedDB (decision 2131) so a reload or a restore
// keeps them all. This module is its only owner; the store keeps the chosen records and a bounded subset for the state.
import { useEffect, useSyncExternalStore } from 'react';
import { clear, createStore, get, set, type UseStore } from 'idb-keyval';
import { LISTING_POOL_MAX_LISTINGS, type ListingPoolRecord } from '@cma/contracts';
import { browserDataOwner } from '../session/session';

export type ListingRecord = ListingPoolRecord;

export interface ListingPoolSnapshot {
  /** 'loading' until the browser's copy has been read (the screens wait rather than show an empty pool). */
  status: 'idle' | 'loading' | 'ready';
  records: readonly ListingRecord[];
  /** Fingerprint of exactly these listings: the server's copy is replaced only when it differs. */
  hash: string;
}

interface StoredPool {
  owner: string | null;
  hash: string;
  records: ListingRecord[];
}

const DATABASE = 'cma-listing-pool';
const POOL_KEY = 'pool';
const UPLOADS_KEY = 'uploads';

/** 64-bit FNV-1a over the listings' ids in order (two 32-bit halves), as 16 hex digits; no secure context needed. */
export function listingPoolHash(records: readonly ListingRecord[]): string {
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (const record of records) {
    const id = `${record.uuid}\n`;
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000193) ^ (a >>> 13);
    }
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The listing records in a list read from a saved state (anything without a uuid is not one). */
export function listingRecordsOf(list: unknown): ListingRecord[] {
  return Array.isArray(list) ? list.filter((item): item is ListingRecord => !!item && typeof item === 'object' && typeof (item as { uuid?: unknown }).uuid === 'string') : [];
}

const EMPTY: ListingPoolSnapshot = { status: 'idle', records: [], hash: listingPoolHash([]) };
let snapshot: ListingPoolSnapshot = EMPTY;
let loading: Promise<void> | null = null;
/** Bumped by every change, so a read from IndexedDB that finishes late never overwrites a newer pool. */
let generation = 0;
let writes: Promise<unknown> = Promise.resolve();
const listeners = new Set<() => void>();
let database: UseStore | null | undefined;
/** Uploads remembered when IndexedDB is unavailable. */
const memoryUploads: Record<string, string> = {};

function idb(): UseStore | null {
  if (database === undefined) database = typeof indexedDB === 'undefined' ? null : createStore(DATABASE, 'pool');
  return database;
}

function publish(next: ListingPoolSnapshot): void {
  snapshot = next;
  for (const listener of listeners) listener();
}

/** Queues a write after the ones before it (IndexedDB unavailable or full: the pool still works for this visit). */
function write(task: (store: UseStore) => Promise<unknown>): Promise<void> {
  const store = idb();
  if (!store) return Promise.resolve();
  const next = writes.then(() => task(store)).catch((error: unknown) => console.warn('The listing pool could not be kept in this browser.', error));
  writes = next;
  return next.then(() => undefined);
}

function keep(records: ListingRecord[]): Promise<void> {
  generation++;
  const hash = listingPoolHash(records);
  publish({ status: 'ready', records, hash });
  const stored: StoredPool = { owner: browserDataOwner(), hash, records };
  return write((store) => set(POOL_KEY, stored, store));
}

/** Reads the browser's copy once; another agent's copy (or an unreadable one) is dropped, never shown. */
export function loadListingPool(): Promise<void> {
  if (snapshot.status === 'ready') return Promise.resolve();
  if (loading) return loading;
  const store = idb();
  if (!store) {
    publish({ ...snapshot, status: 'ready' });
    return Promise.resolve();
  }
  const started = generation;
  publish({ ...snapshot, status: 'loading' });
  loading = get<StoredPool>(POOL_KEY, store)
    .catch(() => undefined)
    .then(async (stored) => {
      if (generation !== started) return;
      if (stored && stored.owner !== browserDataOwner()) {
        await write((s) => clear(s));
        stored = undefined;
      }
      const records = Array.isArray(stored?.records) ? stored.records : [];
      publish({ status: 'ready', records, hash: stored?.hash ?? listingPoolHash(records) });
    })
    .finally(() => {
      loading = null;
      if (snapshot.status !== 'ready') publish({ ...snapshot, status: 'ready' });
    });
  return loading;
}

export function listingPoolSnapshot(): ListingPoolSnapshot {
  return snapshot;
}

/** The pool as a screen shows it, read from the browser on first use. */
export function useListingPool(): ListingPoolSnapshot {
  const current = useSyncExternalStore(subscribe, listingPoolSnapshot, () => EMPTY);
  useEffect(() => {
    void loadListingPool();
  }, []);
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What `addListings` did: how many were new, and how many the limit left out (the screen says so). */
export interface AddedListings {
  added: number;
  leftOut: number;
}

/** Adds listings not in the pool yet (same uuid: kept once), up to LISTING_POOL_MAX_LISTINGS. */
export function addListings(records: readonly ListingRecord[]): AddedListings {
  const known = new Set(snapshot.records.map((r) => r.uuid));
  const fresh: ListingRecord[] = [];
  for (const record of records) {
    if (known.has(record.uuid)) continue;
    known.add(record.uuid);
    fresh.push(record);
  }
  const room = Math.max(0, LISTING_POOL_MAX_LISTINGS - snapshot.records.length);
  const added = fresh.slice(0, room);
  if (added.length > 0) void keep([...snapshot.records, ...added]);
  return { added: added.length, leftOut: fresh.length - added.length };
}

/** The pool becomes exactly these listings (a restored report's, or the ones an undo brings back). */
export function replaceListings(records: readonly ListingRecord[]): Promise<void> {
  return keep(records.slice(0, LISTING_POOL_MAX_LISTINGS));
}

/** Listings a store from before pools persisted: they become the pool when it is still empty (nothing is lost on upgrade). */
export async function seedListingPool(records: readonly ListingRecord[]): Promise<void> {
  await loadListingPool();
  if (snapshot.records.length === 0 && records.length > 0) await replaceListings(records);
}

/** Empties the pool and everything this module keeps in the browser (sign-out, a 401, another agent, a new CMA). */
export function clearListingPool(): Promise<void> {
  generation++;
  for (const id of Object.keys(memoryUploads)) delete memoryUploads[id];
  publish({ status: 'ready', records: [], hash: listingPoolHash([]) });
  return write((store) => clear(store));
}

/** The pool's hash last uploaded for (or downloaded from) a history entry, if any. */
export async function savedPoolHash(historyId: number): Promise<string | undefined> {
  const store = idb();
  const uploads = store ? await get<Record<string, string>>(UPLOADS_KEY, store).catch(() => undefined) : memoryUploads;
  return uploads?.[String(historyId)];
}

export function rememberSavedPool(historyId: number, hash: string): Promise<void> {
  memoryUploads[String(historyId)] = hash;
  return write(async (store) => set(UPLOADS_KEY, { ...((await get<Record<string, string>>(UPLOADS_KEY, store)) ?? {}), [String(historyId)]: hash }, store));
}
