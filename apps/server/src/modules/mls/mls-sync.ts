import { createHash, randomUUID } from 'node:crypto';
import { parseListingsCsv } from '@cma/listings-import';
import { ResoError, type ResoClient, type ResoEntity } from '../../adapters/reso/reso-client';
import type { ListingInput, ListingsRepository } from '../listings/listings.repository';
import type { MlsRepository, MlsSourceRow, WantedPhoto } from './mls.repository';
import { isWithdrawn, listingKeyOf, mediaByListingKey, photosOfMedia, propertyProblem, resoPropertiesCsv, timestampOf } from './reso-mapping';

// One MLS source's replication (decision 2800): Properties changed since the saved watermark, page by page; withdrawn
// listings removed (MlgCanView false, a withdrawn status, or — once a day for feeds without MlgCanView — a key that
// left the feed); each listing's Media become photo rows that the photo store downloads.

export interface MlsLog {
  info(data: Record<string, unknown>, message: string): void;
  warn(data: Record<string, unknown>, message: string): void;
}

export interface MlsSyncDeps {
  repository: MlsRepository;
  listings: ListingsRepository;
  now: () => Date;
  log: MlsLog;
  /** Deletes stored photo files (of removed listings or replaced photos); never throws. */
  deleteFiles(keys: string[]): Promise<void>;
  photosPerListing: number;
}

export interface SyncOptions {
  /** Who holds the source's lease while this sync runs. */
  owner: string;
  /** Stop after the page that passes this time (ms since epoch); the next run resumes from the watermark. */
  deadline?: number;
  /** 'always': reconcile keys at the end (an operator's sync); 'auto': when the last one is a day old. */
  reconcile?: 'always' | 'auto' | 'never';
}

export interface SyncRun {
  written: number;
  removed: number;
  skipped: number;
  reconciled: boolean;
  /** False when the deadline cut the run short. */
  complete: boolean;
}

/** Another process (an instance's job or an operator's `cma mls sync`) is syncing the source. */
export class MlsBusyError extends Error {}

export const SYNC_LEASE_MS = 3 * 60 * 1000;
export const RECONCILE_EVERY_MS = 24 * 60 * 60 * 1000;
/** A reconciliation that finds fewer than this share of our listings in the feed deletes nothing (a feed glitch, not a mass withdrawal). */
const RECONCILE_MIN_SHARE = 0.5;

/** A listing's record uuid, the same on every sync (the web app keys an agent's photos and choices by it). */
export function listingUuid(sourceId: string, listingKey: string): string {
  const hex = createHash('sha256').update(`${sourceId}\u0000${listingKey}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Detects once what the feed offers: how Media arrive, a Member resource, MLS Grid's MlgCanView. */
async function detectFeed(client: ResoClient, source: MlsSourceRow): Promise<Pick<MlsSourceRow, 'media_mode' | 'has_member_resource' | 'has_can_view'>> {
  let mediaMode = source.media_mode;
  let hasCanView = source.has_can_view;
  if (!mediaMode || hasCanView === null) {
    const first = (await client.properties(null, { filter: source.property_filter, top: 1 }).next()).value as ResoEntity[] | undefined;
    const sample = first?.[0];
    if (sample && hasCanView === null) hasCanView = 'MlgCanView' in sample;
    if (!mediaMode) {
      if (sample && Array.isArray(sample.Media)) mediaMode = 'inline';
      else if (await client.serves('Media')) mediaMode = 'resource';
      else if (await client.serves('Property', { $expand: 'Media' })) mediaMode = 'expand';
      else mediaMode = 'inline';
    }
  }
  const hasMemberResource = source.has_member_resource ?? (await client.serves('Member'));
  return { media_mode: mediaMode, has_member_resource: hasMemberResource, has_can_view: hasCanView };
}

export async function syncSource(deps: MlsSyncDeps, source: MlsSourceRow, client: ResoClient, options: SyncOptions): Promise<SyncRun> {
  const { repository, now, log } = deps;
  if (!(await repository.claimLease(source.id, options.owner, now(), SYNC_LEASE_MS))) {
    throw new MlsBusyError(`another process is syncing ${source.name}`);
  }
  const run: SyncRun = { written: 0, removed: 0, skipped: 0, reconciled: false, complete: true };
  try {
    await repository.markStarted(source.id, now());
    const feed = await detectFeed(client, source);
    await repository.saveDetected(source.id, { mediaMode: feed.media_mode ?? undefined, hasMemberResource: feed.has_member_resource ?? undefined, hasCanView: feed.has_can_view ?? undefined });
    const startWatermark = source.watermark ? new Date(source.watermark) : null;
    let watermark = startWatermark;
    let ordered = true;
    let highest: Date | null = null;

    // Pipelined: while one page is written to the database, the next is fetched and read into records.
    const pages = client.properties(startWatermark, { filter: source.property_filter, expandMedia: feed.media_mode === 'expand' })[Symbol.asyncIterator]();
    const prepareNext = () => pages.next().then((next) => (next.done ? null : preparePage(deps, source, next.value, run)));
    let upcoming = prepareNext();
    for (;;) {
      const prepared = await upcoming;
      if (!prepared) break;
      upcoming = prepareNext();
      upcoming.catch(() => {}); // a failure surfaces when it is awaited
      await writePage(deps, source, client, feed.media_mode, prepared, run);
      // The watermark moves to a time every earlier change is stored by: the page's newest, less the last timestamp
      // (a tie may go on in the next page), once the feed is seen to send changes oldest first.
      for (const at of prepared.timestamps) {
        if (highest && at < highest) ordered = false;
        if (!highest || at > highest) highest = at;
      }
      const safe = prepared.timestamps.filter((at) => highest && at < highest);
      const pageMark = safe.length > 0 ? new Date(Math.max(...safe.map((at) => at.getTime()))) : null;
      const advance = ordered && pageMark && (!watermark || pageMark > watermark) ? pageMark : null;
      if (advance) watermark = advance;
      if (!(await repository.saveProgress(source.id, options.owner, advance, now(), SYNC_LEASE_MS))) throw new MlsBusyError(`lost the sync lease of ${source.name}`);
      if (options.deadline && Date.now() > options.deadline) {
        run.complete = false;
        break;
      }
    }
    if (run.complete && highest) await repository.saveWatermark(source.id, highest);

    const reconcileDue =
      options.reconcile === 'always' ||
      (options.reconcile !== 'never' && (!source.last_reconciled_at || now().getTime() - new Date(source.last_reconciled_at).getTime() > RECONCILE_EVERY_MS));
    // MLS Grid tells withdrawals with MlgCanView; other feeds just stop listing the key. A first full pull needs no check.
    if (run.complete && reconcileDue && !feed.has_can_view && startWatermark) {
      run.removed += await reconcileKeys(deps, source, client);
      run.reconciled = true;
    } else if (run.complete && !startWatermark) run.reconciled = true;

    await repository.markSucceeded(source.id, now(), run);
    if (run.skipped > 0) {
      await repository.markFailed(source.id, now(), `${run.skipped} record${run.skipped === 1 ? '' : 's'} skipped as malformed (see the log for each key and reason)`);
    }
    log.info({ source: source.name, ...run }, 'MLS source synced');
    return run;
  } catch (error) {
    if (!(error instanceof MlsBusyError)) await repository.markFailed(source.id, now(), error instanceof Error ? error.message : String(error));
    throw error;
  } finally {
    await repository.releaseLease(source.id, options.owner);
  }
}

interface PreparedPage {
  inputs: ListingInput[];
  properties: Map<string, ResoEntity>;
  withdrawn: string[];
  /** Every stored record's ModificationTimestamp (skipped ones excluded). */
  timestamps: Date[];
}

/** Reads one page into listing records (CPU only): malformed records skipped and logged, withdrawn ones set apart. */
function preparePage(deps: MlsSyncDeps, source: MlsSourceRow, page: ResoEntity[], run: SyncRun): PreparedPage {
  const skip = (key: string | null, reason: string) => {
    run.skipped++;
    deps.log.warn({ source: source.name, key: key ?? '(none)', reason }, 'MLS record skipped');
  };
  const kept: ResoEntity[] = [];
  const withdrawn: string[] = [];
  const timestamps: Date[] = [];
  for (const raw of page) {
    const problem = propertyProblem(raw);
    if (problem) {
      skip(raw && typeof raw === 'object' ? listingKeyOf(raw) : null, problem);
      continue;
    }
    timestamps.push(timestampOf(raw.ModificationTimestamp)!);
    if (isWithdrawn(raw)) withdrawn.push(listingKeyOf(raw)!);
    else kept.push(raw);
  }

  const inputs: ListingInput[] = [];
  const properties = new Map<string, ResoEntity>();
  if (kept.length > 0) {
    const imported = parseListingsCsv(resoPropertiesCsv(kept), { format: 'recolorado', uuid: randomUUID, referenceDate: deps.now(), requireListingId: true });
    const lineProblem = new Map(imported.errors.map((e) => [e.line, e.message]));
    const byListingId = new Map(imported.records.map((record) => [String(record['Listing Id']), record]));
    for (const [index, property] of kept.entries()) {
      const key = listingKeyOf(property)!;
      const listingId = String(property.ListingId ?? key);
      const record = byListingId.get(listingId);
      // Row i of the CSV is line i + 2 (one header line; rows are one line each).
      if (!record) {
        skip(key, lineProblem.get(index + 2) ?? 'not readable as a listing');
        continue;
      }
      record.uuid = listingUuid(source.id, key);
      properties.set(key, property);
      inputs.push({ source: 'reso', record, mlsSourceId: source.id, listingKey: key, sourceModifiedAt: timestampOf(property.ModificationTimestamp) });
    }
  }
  return { inputs, properties, withdrawn, timestamps };
}

/** Writes one prepared page: listings upserted, withdrawn ones removed with their photo files, photos wanted. */
async function writePage(deps: MlsSyncDeps, source: MlsSourceRow, client: ResoClient, mediaMode: MlsSourceRow['media_mode'], page: PreparedPage, run: SyncRun): Promise<void> {
  const { properties } = page;
  const written = await deps.listings.upsertReturningIds(page.inputs, deps.now());
  run.written += written.size;
  if (page.withdrawn.length > 0) {
    const gone = await deps.repository.removeListings(source.id, page.withdrawn);
    run.removed += gone.removed;
    await deps.deleteFiles(gone.files);
  }

  const mediaOf = mediaMode === 'resource' && properties.size > 0 ? mediaByListingKey(await client.media([...properties.keys()])) : null;
  const wanted = new Map<string, WantedPhoto[]>();
  const fresh = new Set<string>();
  for (const [key, property] of properties) {
    const listing = written.get(key);
    if (!listing) continue;
    if (listing.inserted) fresh.add(listing.id);
    const media = mediaOf ? (mediaOf.get(key) ?? []) : Array.isArray(property.Media) ? property.Media : [];
    wanted.set(listing.id, photosOfMedia(media, deps.photosPerListing));
  }
  await deps.deleteFiles(await deps.repository.setWantedPhotos(wanted, deps.now(), fresh));
}

/** Removes the source's listings whose key the feed no longer lists; answers how many. */
async function reconcileKeys(deps: MlsSyncDeps, source: MlsSourceRow, client: ResoClient): Promise<number> {
  const { repository } = deps;
  await repository.clearSeenKeys(source.id);
  try {
    for await (const page of client.propertyKeys(source.property_filter)) {
      await repository.addSeenKeys(source.id, page.map(listingKeyOf).filter((k): k is string => k !== null));
    }
    const seen = await repository.seenKeyCount(source.id);
    const held = (await repository.counts(source.id)).listings;
    if (held > 0 && seen < held * RECONCILE_MIN_SHARE) {
      throw new ResoError(`reconciliation stopped: the feed lists ${seen} listings and we hold ${held}; nothing was removed`, 'malformed');
    }
    const gone = await repository.removeUnseen(source.id);
    await deps.deleteFiles(gone.files);
    if (gone.removed > 0) deps.log.info({ source: source.name, removed: gone.removed }, 'MLS listings no longer in the feed removed');
    return gone.removed;
  } finally {
    await repository.clearSeenKeys(source.id);
  }
}
