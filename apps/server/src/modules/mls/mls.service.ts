import pLimit from 'p-limit';
import type { Database } from '@cma/db';
import { createResoClient, type ResoClient } from '../../adapters/reso/reso-client';
import { appSecret } from '../../shared/app-secrets';
import type { FileStorage } from '../storage/file-storage';
import type { ListingsRepository } from '../listings/listings.repository';
import type { MlsRepository, MlsSourceRow, SourceCounts } from './mls.repository';
import { isSealed, openSecret, sealSecret } from './mls-secrets';
import { createPhotoUrls, storePendingPhotos } from './mls-photos';
import { MlsBusyError, syncSource, type MlsLog, type SyncOptions, type SyncRun } from './mls-sync';

// MLS sources for the operator (`cma mls …`) and the server's jobs: adding a source, syncing it with its photos,
// its state and health. Credentials are opened only to build a RESO client; they are never returned or logged.

export const MLS_SOURCE_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const MLS_SYNC_INTERVAL_MS = 15 * 60 * 1000;
/** Photos kept per listing: a CMA shows a few; an MLS may have 50 (decision 2802). */
export const MLS_PHOTOS_PER_LISTING = 12;
export const SHORTCUT_SOURCE_NAME = 'reso';
const DEFAULT_PAGE_SIZE = 200;
/** The job queue of photo files whose deletion failed (the servers try them again). */
export const MLS_PHOTO_FILES_DELETE_QUEUE = 'mls.photo-files-delete';
/** The recurring job that queues each source's sync (mls.jobs.ts): its queue and slot name. */
export const MLS_SYNC_DISPATCH = { queue: 'mls.sync-dispatch', slotName: 'mls-sync-dispatch' } as const;

export class MlsInputError extends Error {}

export type MlsCredentials = { token: string } | { tokenUrl: string; clientId: string; clientSecret: string; scope?: string | null };

export interface AddSourceInput {
  name: string;
  title?: string | null;
  resoUrl: string;
  /** null only for the RESO_URL shortcut without RESO_TOKEN (an open feed). */
  credentials: MlsCredentials | null;
  /** Extra $filter for every Property query (MLS Grid: OriginatingSystemName eq 'actris'). */
  propertyFilter?: string | null;
  /** Rows per page ($top), as the vendor allows: default 200 (Bridge's cap); Trestle 1,000; MLS Grid 5,000. */
  pageSize?: number | null;
}

export type SourceHealth = 'never synced' | 'syncing' | 'ok' | 'failing' | 'stale' | 'no feed';

/** A source as the operator sees it: no credential, only which kind there is. */
export interface SourceState {
  name: string;
  title: string;
  feed: string | null;
  auth: 'token' | 'oauth2' | null;
  secretEncrypted: boolean;
  listings: number;
  photos: number;
  photosPending: number;
  photosFailed: number;
  watermark: string | null;
  lastSyncAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  health: SourceHealth;
  memberResource: boolean | null;
}

export interface MlsServiceDeps {
  database: Database;
  repository: MlsRepository;
  listings: ListingsRepository;
  storage: FileStorage;
  now: () => Date;
  log: MlsLog;
  secretKey: string | null;
  /** Files whose deletion failed are handed here to be tried again later (the server's job queue). */
  retryFileDeletion?: (keys: string[]) => Promise<void>;
  /** Tests: a RESO client factory (e.g. with a fake clock). */
  clientOptions?: { sleep?: (ms: number) => Promise<void>; maxWaitMs?: number; fetchFn?: typeof fetch };
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function checkUrl(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new MlsInputError(`${flag} must be an http(s) URL (got ${JSON.stringify(value.slice(0, 80))})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new MlsInputError(`${flag} must be an http(s) URL`);
  if (url.username || url.password) throw new MlsInputError(`${flag} must not carry a user name or password`);
  return url.toString().replace(/\/+$/, '');
}

export function healthOf(source: MlsSourceRow, now: Date): SourceHealth {
  if (!source.reso_url) return 'no feed';
  const at = (value: Date | string | null) => (value === null ? null : new Date(value).getTime());
  const success = at(source.last_success_at);
  const error = at(source.last_error_at);
  const started = at(source.last_sync_started_at);
  const finished = at(source.last_sync_finished_at);
  if (started !== null && (finished === null || started > finished) && now.getTime() - started < 30 * 60 * 1000) return 'syncing';
  if (success === null && error === null) return 'never synced';
  if (error !== null && (success === null || error >= success)) return 'failing';
  if (success !== null && now.getTime() - success > 3 * MLS_SYNC_INTERVAL_MS) return 'stale';
  return 'ok';
}

export function createMlsService(deps: MlsServiceDeps) {
  const { database, repository, listings, storage, now, log } = deps;
  const photoUrls = createPhotoUrls(memo(() => appSecret(database, 'mls-photo-url-key')));
  // One client per source and credentials (it keeps the OAuth2 token between requests and syncs).
  const clients = new Map<string, { stamp: string; client: ResoClient }>();
  const deletions = pLimit(8);

  function clientOf(source: MlsSourceRow): ResoClient {
    if (!source.reso_url) throw new MlsInputError(`MLS source ${source.name} has no RESO Web API feed (add one with cma mls add ${source.name} --reso-url …)`);
    const stamp = [source.reso_url, source.auth_kind, source.token_url, source.client_id, source.oauth_scope, source.secret, source.page_size].join('\u0000');
    const cached = clients.get(source.id);
    if (cached?.stamp === stamp) return cached.client;
    const secret = source.secret ? openSecret(source.secret, source.name, deps.secretKey) : '';
    const client = createResoClient({
      url: source.reso_url,
      pageSize: source.page_size,
      auth:
        source.auth_kind === 'oauth2'
          ? { kind: 'oauth2', tokenUrl: source.token_url!, clientId: source.client_id!, clientSecret: secret, scope: source.oauth_scope }
          : source.auth_kind === 'token'
            ? { kind: 'token', token: secret }
            : null,
      ...deps.clientOptions,
    });
    clients.set(source.id, { stamp, client });
    return client;
  }

  async function deleteFiles(keys: string[]): Promise<void> {
    const failed: string[] = [];
    await Promise.all(keys.map((key) => deletions(() => storage.delete(key).catch(() => void failed.push(key)))));
    if (failed.length === 0) return;
    log.warn({ files: failed.length }, 'MLS photo files not deleted; tried again later');
    await deps.retryFileDeletion?.(failed);
  }

  const syncDeps = { repository, listings, now, log, deleteFiles, photosPerListing: MLS_PHOTOS_PER_LISTING };
  const photoDeps = {
    repository,
    storage,
    now,
    log,
    deleteFiles,
    clientFor: async (sourceId: string) => clientOf((await repository.findById(sourceId))!),
    mediaModeOf: async (sourceId: string) => (await repository.findById(sourceId))?.media_mode ?? null,
  };

  /** Adds a source, or replaces the feed and credentials of the one with that name. */
  async function addSource(input: AddSourceInput): Promise<{ created: boolean; encrypted: boolean }> {
    if (!MLS_SOURCE_NAME.test(input.name)) {
      throw new MlsInputError(`the MLS name must be 1–40 lower-case letters, digits, - or _, starting with a letter or digit (got ${JSON.stringify(input.name.slice(0, 60))})`);
    }
    const resoUrl = checkUrl(input.resoUrl, '--reso-url');
    const c = input.credentials;
    const oauth = c !== null && 'tokenUrl' in c;
    const secret = c === null ? null : 'tokenUrl' in c ? c.clientSecret : c.token;
    if (secret !== null && !secret.trim()) throw new MlsInputError(oauth ? '--client-secret must not be empty' : '--token must not be empty');
    if (c !== null && 'tokenUrl' in c && !c.clientId.trim()) throw new MlsInputError('--client-id must not be empty');
    const fields = {
      title: input.title?.trim() || input.name,
      resoUrl,
      authKind: c === null ? null : oauth ? ('oauth2' as const) : ('token' as const),
      tokenUrl: c !== null && 'tokenUrl' in c ? checkUrl(c.tokenUrl, '--token-url') : null,
      clientId: c !== null && 'tokenUrl' in c ? c.clientId.trim() : null,
      oauthScope: c !== null && 'tokenUrl' in c ? c.scope?.trim() || null : null,
      secret: secret === null ? null : sealSecret(secret, input.name, deps.secretKey),
      propertyFilter: input.propertyFilter?.trim() || null,
      pageSize: input.pageSize ?? DEFAULT_PAGE_SIZE,
    };
    if (!Number.isInteger(fields.pageSize) || fields.pageSize < 1 || fields.pageSize > 5000) throw new MlsInputError('--page-size must be a whole number from 1 to 5000');
    const existing = await repository.findByName(input.name);
    if (existing) await repository.updateFeed(existing.id, fields);
    else await repository.create({ name: input.name, ...fields });
    return { created: !existing, encrypted: deps.secretKey !== null };
  }

  async function sourceNamed(name: string): Promise<MlsSourceRow> {
    const source = await repository.findByName(name);
    if (!source) throw new MlsInputError(`no MLS source named ${name} (cma mls list shows them)`);
    return source;
  }

  async function stateOf(source: MlsSourceRow, counts?: SourceCounts): Promise<SourceState> {
    const c = counts ?? (await repository.counts(source.id));
    return {
      name: source.name,
      title: source.title,
      feed: source.reso_url,
      auth: source.auth_kind,
      secretEncrypted: source.secret ? isSealed(source.secret) : false,
      ...c,
      watermark: iso(source.watermark),
      lastSyncAt: iso(source.last_sync_finished_at),
      lastSuccessAt: iso(source.last_success_at),
      lastError: source.last_error,
      lastErrorAt: iso(source.last_error_at),
      health: healthOf(source, now()),
      memberResource: source.has_member_resource,
    };
  }

  return {
    repository,
    photoUrls,
    deleteFiles,
    addSource,

    async list(): Promise<SourceState[]> {
      return Promise.all((await repository.list()).map((source) => stateOf(source)));
    },

    state: async (name: string) => stateOf(await sourceNamed(name)),

    /**
     * Syncs a source's listings (resuming from its watermark). With `waitMs`, waits that long for another process's
     * sync of it to end first; otherwise that is an MlsBusyError.
     */
    async sync(name: string, options: SyncOptions & { waitMs?: number; onWait?: () => void }): Promise<SyncRun> {
      const until = Date.now() + (options.waitMs ?? 0);
      for (let waited = false; ; waited = true) {
        const source = await sourceNamed(name);
        try {
          return await syncSource(syncDeps, source, clientOf(source), options);
        } catch (error) {
          if (!(error instanceof MlsBusyError) || Date.now() > until) throw error;
          if (!waited) options.onWait?.();
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
      }
    },

    /** A scheduled sync of a source by id (MlsBusyError when another process has it). */
    async syncById(id: string, options: SyncOptions): Promise<SyncRun | null> {
      const source = await repository.findById(id);
      if (!source?.reso_url) return null;
      return syncSource(syncDeps, source, clientOf(source), options);
    },

    /** Downloads and stores the due photos of a source (by name or id), or of every source. */
    storePhotos: (options: { sourceId: string | null; deadline?: number }) => storePendingPhotos(photoDeps, options),

    sourceNamed,

    /**
     * The feed's members with these MemberMlsIds, each active or not (by MemberStatus) with their name; null when the
     * source has no Member resource to ask (a feedless source, or a vendor that does not serve one).
     */
    async members(source: MlsSourceRow, memberIds: string[]): Promise<Map<string, { active: boolean; name: string | null }> | null> {
      if (!source.reso_url) return null;
      const client = clientOf(source);
      let hasMembers = source.has_member_resource;
      if (hasMembers === null) {
        hasMembers = await client.serves('Member');
        await repository.saveDetected(source.id, { hasMemberResource: hasMembers });
      }
      if (!hasMembers) return null;
      const found = new Map<string, { active: boolean; name: string | null }>();
      for (const member of await client.members(memberIds)) {
        const id = typeof member.MemberMlsId === 'string' || typeof member.MemberMlsId === 'number' ? String(member.MemberMlsId) : null;
        if (!id) continue;
        const name = typeof member.MemberFullName === 'string' ? member.MemberFullName : [member.MemberFirstName, member.MemberLastName].filter((p) => typeof p === 'string').join(' ') || null;
        const active = typeof member.MemberStatus === 'string' && member.MemberStatus.trim().toLowerCase() === 'active';
        // One id listed twice (an agent in two offices): active if either record is.
        found.set(id, { active: active || (found.get(id)?.active ?? false), name });
      }
      return found;
    },

    /** Sources with a feed, for the scheduler. */
    async feedSourceIds(): Promise<string[]> {
      return (await repository.list()).filter((s) => s.reso_url).map((s) => s.id);
    },

    /** RESO_URL/RESO_TOKEN stay a shortcut for one source, named 'reso': the environment says what its feed is. */
    async ensureShortcutSource(reso: { url: string; token?: string }): Promise<void> {
      const source = await repository.findByName(SHORTCUT_SOURCE_NAME);
      const token = source?.secret ? openSecret(source.secret, source.name, deps.secretKey) : null;
      if (source && source.reso_url === checkUrl(reso.url, 'RESO_URL') && token === (reso.token ?? null)) return;
      await addSource({ name: SHORTCUT_SOURCE_NAME, title: source?.title ?? 'RESO feed', resoUrl: reso.url, credentials: reso.token ? { token: reso.token } : null });
    },

    /** With MLS_SECRET_KEY set, secrets stored before it was are encrypted (every instance may run this; it is idempotent). */
    async sealPlainSecrets(): Promise<number> {
      if (!deps.secretKey) return 0;
      let sealed = 0;
      for (const source of await repository.list()) {
        if (!source.secret || isSealed(source.secret)) continue;
        await repository.setSecret(source.id, sealSecret(openSecret(source.secret, source.name, null), source.name, deps.secretKey));
        sealed++;
      }
      return sealed;
    },
  };
}
export type MlsService = ReturnType<typeof createMlsService>;

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make().catch((error) => {
    value = undefined;
    throw error;
  }));
}
