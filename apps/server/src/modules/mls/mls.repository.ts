import type { Database } from '@cma/db';

// MLS sources, their sync state and lease, their listings' removal and reconciliation, and their stored photos.

export interface MlsSourceRow {
  id: string;
  name: string;
  title: string;
  reso_url: string | null;
  auth_kind: 'token' | 'oauth2' | null;
  token_url: string | null;
  client_id: string | null;
  oauth_scope: string | null;
  secret: string | null;
  property_filter: string | null;
  page_size: number;
  media_mode: 'inline' | 'expand' | 'resource' | null;
  has_member_resource: boolean | null;
  has_can_view: boolean | null;
  watermark: Date | null;
  last_sync_started_at: Date | null;
  last_sync_finished_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  last_error_at: Date | null;
  last_skipped: number;
  last_removed: number;
  last_reconciled_at: Date | null;
  created_at: Date;
}

export interface NewMlsSource {
  name: string;
  title: string;
  resoUrl: string | null;
  authKind: 'token' | 'oauth2' | null;
  tokenUrl: string | null;
  clientId: string | null;
  oauthScope: string | null;
  secret: string | null;
  propertyFilter: string | null;
  pageSize: number;
}

export interface SourceCounts {
  listings: number;
  photos: number;
  photosPending: number;
  photosFailed: number;
}

/** A Media item of a listing as the sync wants it stored. */
export interface WantedPhoto {
  mediaKey: string;
  url: string;
  position: number;
  modifiedAt: Date | null;
}

export interface ClaimedPhoto {
  id: string;
  listing_id: string;
  listing_key: string | null;
  mls_source_id: string;
  source_name: string;
  media_key: string;
  media_url: string;
  attempts: number;
}

export interface PhotoFiles {
  thumb_key: string | null;
  report_key: string | null;
}

const filesOf = (rows: PhotoFiles[]): string[] => rows.flatMap((r) => [r.thumb_key, r.report_key]).filter((k): k is string => !!k);
const toDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export function createMlsRepository(database: Database) {
  /** The stored photos' paths of each listing, in order (what listings.photo_urls shows; signed when served). */
  async function refreshListingPhotos(listingIds: string[]): Promise<void> {
    if (listingIds.length === 0) return;
    await database.query(
      `update listings l set photo_urls = coalesce((
         select jsonb_agg('/api/mls-photos/' || p.id order by p.position) from mls_photos p where p.listing_id = l.id and p.status = 'stored'
       ), '[]'::jsonb)
       where l.id = any($1::uuid[])`,
      [listingIds],
    );
  }

  return {
    async create(source: NewMlsSource): Promise<MlsSourceRow> {
      const [row] = await database.query<MlsSourceRow>(
        `insert into mls_sources (name, title, reso_url, auth_kind, token_url, client_id, oauth_scope, secret, property_filter, page_size)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
        [source.name, source.title, source.resoUrl, source.authKind, source.tokenUrl, source.clientId, source.oauthScope, source.secret, source.propertyFilter, source.pageSize],
      );
      return row!;
    },

    /** The source named `name`, created without a feed when new (CSV loads). */
    async ensureSource(name: string): Promise<MlsSourceRow> {
      await database.query('insert into mls_sources (name, title) values ($1, $1) on conflict (name) do nothing', [name]);
      return (await database.query<MlsSourceRow>('select * from mls_sources where name = $1', [name]))[0]!;
    },

    /** Replaces a source's feed and credentials (what `cma mls add` of an existing name, or RESO_URL, says now). */
    async updateFeed(id: string, source: Omit<NewMlsSource, 'name'>): Promise<MlsSourceRow> {
      const [row] = await database.query<MlsSourceRow>(
        `update mls_sources set title = $2, reso_url = $3, auth_kind = $4, token_url = $5, client_id = $6, oauth_scope = $7, secret = $8,
           property_filter = $9, page_size = $10, media_mode = null, has_member_resource = null, has_can_view = null, updated_at = now()
         where id = $1 returning *`,
        [id, source.title, source.resoUrl, source.authKind, source.tokenUrl, source.clientId, source.oauthScope, source.secret, source.propertyFilter, source.pageSize],
      );
      return row!;
    },

    async setSecret(id: string, secret: string): Promise<void> {
      await database.query('update mls_sources set secret = $2, updated_at = now() where id = $1', [id, secret]);
    },

    async findByName(name: string): Promise<MlsSourceRow | undefined> {
      return (await database.query<MlsSourceRow>('select * from mls_sources where name = $1', [name]))[0];
    },

    async findById(id: string): Promise<MlsSourceRow | undefined> {
      return (await database.query<MlsSourceRow>('select * from mls_sources where id = $1', [id]))[0];
    },

    async list(): Promise<MlsSourceRow[]> {
      return database.query<MlsSourceRow>('select * from mls_sources order by name');
    },

    async counts(id: string): Promise<SourceCounts> {
      const [row] = await database.query<{ listings: number; photos: number; pending: number; failed: number }>(
        `select (select count(*)::int from listings where mls_source_id = $1) as listings,
           count(*) filter (where p.status = 'stored')::int as photos,
           count(*) filter (where p.status = 'pending')::int as pending,
           count(*) filter (where p.status = 'failed')::int as failed
         from mls_photos p join listings l on l.id = p.listing_id where l.mls_source_id = $1`,
        [id],
      );
      return { listings: row?.listings ?? 0, photos: row?.photos ?? 0, photosPending: row?.pending ?? 0, photosFailed: row?.failed ?? 0 };
    },

    /** Takes the source's sync lease for `ms` unless another owner holds a live one; true when taken (or renewed). */
    async claimLease(id: string, owner: string, at: Date, ms: number): Promise<boolean> {
      const rows = await database.query(
        `update mls_sources set sync_lease_owner = $2, sync_lease_until = $4
         where id = $1 and (sync_lease_owner is null or sync_lease_owner = $2 or sync_lease_until < $3) returning id`,
        [id, owner, at, new Date(at.getTime() + ms)],
      );
      return rows.length === 1;
    },

    async releaseLease(id: string, owner: string): Promise<void> {
      await database.query('update mls_sources set sync_lease_owner = null, sync_lease_until = null where id = $1 and sync_lease_owner = $2', [id, owner]);
    },

    async markStarted(id: string, at: Date): Promise<void> {
      await database.query('update mls_sources set last_sync_started_at = $2 where id = $1', [id, at]);
    },

    async saveDetected(id: string, detected: { mediaMode?: string; hasMemberResource?: boolean; hasCanView?: boolean }): Promise<void> {
      await database.query(
        `update mls_sources set media_mode = coalesce($2, media_mode), has_member_resource = coalesce($3, has_member_resource),
           has_can_view = coalesce($4, has_can_view) where id = $1`,
        [id, detected.mediaMode ?? null, detected.hasMemberResource ?? null, detected.hasCanView ?? null],
      );
    },

    /** Saves how far replication got (never moving it back). */
    async saveWatermark(id: string, watermark: Date): Promise<void> {
      await database.query('update mls_sources set watermark = greatest(coalesce(watermark, $2), $2) where id = $1', [id, watermark]);
    },

    /** Saves replication progress and renews the owner's lease in one statement; false when the lease went to another owner. */
    async saveProgress(id: string, owner: string, watermark: Date | null, at: Date, leaseMs: number): Promise<boolean> {
      const rows = await database.query(
        `update mls_sources set watermark = case when $3::timestamptz is null then watermark else greatest(coalesce(watermark, $3), $3) end, sync_lease_until = $4
         where id = $1 and sync_lease_owner = $2 returning id`,
        [id, owner, watermark, new Date(at.getTime() + leaseMs)],
      );
      return rows.length === 1;
    },

    async markSucceeded(id: string, at: Date, result: { skipped: number; removed: number; reconciled: boolean }): Promise<void> {
      await database.query(
        `update mls_sources set last_sync_finished_at = $2, last_success_at = $2, last_skipped = $3, last_removed = $4,
           last_error = case when $3 > 0 then last_error else null end, last_error_at = case when $3 > 0 then last_error_at else null end,
           last_reconciled_at = case when $5 then $2 else last_reconciled_at end
         where id = $1`,
        [id, at, result.skipped, result.removed, result.reconciled],
      );
    },

    async markFailed(id: string, at: Date, message: string): Promise<void> {
      await database.query('update mls_sources set last_sync_finished_at = $2, last_error = $3, last_error_at = $2 where id = $1', [id, at, message.slice(0, 1000)]);
    },

    /** Removes a source's listings by key; answers how many went and their photo files (to delete from storage). */
    async removeListings(sourceId: string, listingKeys: string[]): Promise<{ removed: number; files: string[] }> {
      if (listingKeys.length === 0) return { removed: 0, files: [] };
      // One statement: the photos' keys are read from the snapshot before the delete cascades to them.
      const rows = await database.query<PhotoFiles & { removed: number }>(
        `with gone as (delete from listings where mls_source_id = $1 and listing_key = any($2::text[]) returning id)
         select (select count(*)::int from gone) as removed, p.thumb_key, p.report_key
         from (select 1) one left join mls_photos p on p.listing_id in (select id from gone)`,
        [sourceId, listingKeys],
      );
      return { removed: rows[0]?.removed ?? 0, files: filesOf(rows) };
    },

    /** Reconciliation: remembers keys the feed holds now. */
    async addSeenKeys(sourceId: string, keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await database.query(
        'insert into mls_reconcile_keys (mls_source_id, listing_key) select $1, unnest($2::text[]) on conflict do nothing',
        [sourceId, keys],
      );
    },

    async seenKeyCount(sourceId: string): Promise<number> {
      const [row] = await database.query<{ n: number }>('select count(*)::int as n from mls_reconcile_keys where mls_source_id = $1', [sourceId]);
      return row?.n ?? 0;
    },

    /** Reconciliation: removes the source's listings whose key the feed no longer holds. */
    async removeUnseen(sourceId: string): Promise<{ removed: number; files: string[] }> {
      const rows = await database.query<PhotoFiles & { removed: number }>(
        `with gone as (
           delete from listings l where l.mls_source_id = $1 and l.listing_key is not null
             and not exists (select 1 from mls_reconcile_keys k where k.mls_source_id = $1 and k.listing_key = l.listing_key)
           returning id)
         select (select count(*)::int from gone) as removed, p.thumb_key, p.report_key
         from (select 1) one left join mls_photos p on p.listing_id in (select id from gone)`,
        [sourceId],
      );
      return { removed: rows[0]?.removed ?? 0, files: filesOf(rows) };
    },

    async clearSeenKeys(sourceId: string): Promise<void> {
      await database.query('delete from mls_reconcile_keys where mls_source_id = $1', [sourceId]);
    },

    /**
     * Makes each listing's photo rows what its Media say: new ones pending, changed ones (URL or modification time)
     * pending again, gone ones deleted. Answers the files of replaced or deleted photos.
     */
    async setWantedPhotos(wanted: Map<string, WantedPhoto[]>, at: Date, fresh: ReadonlySet<string> = new Set()): Promise<string[]> {
      if (wanted.size === 0) return [];
      // Listings stored for the first time have no photo rows to compare with.
      const known = [...wanted.keys()].filter((id) => !fresh.has(id));
      const rows = [...wanted].flatMap(([listingId, photos]) =>
        photos.map((p) => ({ listing_id: listingId, media_key: p.mediaKey, media_url: p.url, position: p.position, media_modified_at: p.modifiedAt?.toISOString() ?? null })),
      );
      return database.transaction(async (tx) => {
        const knownRows = JSON.stringify(rows.filter((row) => !fresh.has(row.listing_id)));
        const gone = known.length === 0 ? [] : await tx.query<PhotoFiles & { listing_id: string }>(
          `delete from mls_photos p where p.listing_id = any($1::uuid[])
             and not exists (select 1 from jsonb_to_recordset($2::jsonb) as w(listing_id uuid, media_key text) where w.listing_id = p.listing_id and w.media_key = p.media_key)
           returning p.listing_id, p.thumb_key, p.report_key`,
          [known, knownRows],
        );
        const replaced = known.length === 0 ? [] : await tx.query<PhotoFiles & { listing_id: string }>(
          `with w as (select * from jsonb_to_recordset($1::jsonb) as w(listing_id uuid, media_key text, media_url text, position integer, media_modified_at timestamptz)),
           changed as (
             select p.id, p.thumb_key, p.report_key from mls_photos p join w on w.listing_id = p.listing_id and w.media_key = p.media_key
             where p.status <> 'pending' and (w.media_modified_at is distinct from p.media_modified_at or (w.media_modified_at is null and w.media_url <> p.media_url))
             for update of p)
           update mls_photos p set status = 'pending', attempts = 0, next_attempt_at = $2, error = null, thumb_key = null, report_key = null, stored_at = null
           from changed where p.id = changed.id
           returning p.listing_id, changed.thumb_key, changed.report_key`,
          [knownRows, at],
        );
        await tx.query(
          `insert into mls_photos (listing_id, media_key, media_url, position, media_modified_at, next_attempt_at)
           select listing_id, media_key, media_url, position, media_modified_at, $2 from jsonb_to_recordset($1::jsonb)
             as w(listing_id uuid, media_key text, media_url text, position integer, media_modified_at timestamptz)
           on conflict (listing_id, media_key) do update set media_url = excluded.media_url, position = excluded.position,
             media_modified_at = excluded.media_modified_at`,
          [JSON.stringify(rows), at],
        );
        return [...gone, ...replaced];
      }).then(async (changed) => {
        // Listings whose shown photos changed show the ones still stored until the new ones are.
        await refreshListingPhotos([...new Set(changed.map((row) => row.listing_id))]);
        return filesOf(changed);
      });
    },

    /** Claims up to `limit` due photos (of one source, or any) for `ms`; other processes skip them (SKIP LOCKED). */
    async claimPhotos(sourceId: string | null, limit: number, at: Date, ms: number): Promise<ClaimedPhoto[]> {
      return database.query<ClaimedPhoto>(
        `with claimed as (
           update mls_photos set lease_until = $4 where id in (
             select p.id from mls_photos p join listings l on l.id = p.listing_id
             where p.status = 'pending' and p.next_attempt_at <= $3 and (p.lease_until is null or p.lease_until < $3)
               and ($1::uuid is null or l.mls_source_id = $1)
             order by p.next_attempt_at, p.position
             limit $2 for update of p skip locked)
           returning *)
         select c.id, c.listing_id, l.listing_key, l.mls_source_id, s.name as source_name, c.media_key, c.media_url, c.attempts
         from claimed c join listings l on l.id = c.listing_id join mls_sources s on s.id = l.mls_source_id`,
        [sourceId, limit, at, new Date(at.getTime() + ms)],
      );
    },

    /** Records a stored photo; answers false when the photo row went meanwhile (its listing was removed): the files are then orphans to delete. */
    async markPhotoStored(photoId: string, stored: { thumbKey: string; reportKey: string; width: number; height: number }, at: Date): Promise<boolean> {
      const rows = await database.query<{ listing_id: string }>(
        `update mls_photos set status = 'stored', thumb_key = $2, report_key = $3, width = $4, height = $5, stored_at = $6, lease_until = null, error = null
         where id = $1 returning listing_id`,
        [photoId, stored.thumbKey, stored.reportKey, stored.width, stored.height, at],
      );
      if (rows[0]) await refreshListingPhotos([rows[0].listing_id]);
      return rows.length === 1;
    },

    async markPhotoFailed(photoId: string, error: string, retryAt: Date | null): Promise<void> {
      await database.query(
        `update mls_photos set attempts = attempts + 1, error = $2, lease_until = null,
           status = case when $3::timestamptz is null then 'failed' else 'pending' end, next_attempt_at = coalesce($3, next_attempt_at)
         where id = $1`,
        [photoId, error.slice(0, 500), retryAt],
      );
    },

    async setPhotoUrl(photoId: string, url: string): Promise<void> {
      await database.query('update mls_photos set media_url = $2 where id = $1', [photoId, url]);
    },

    /** A stored photo's file of one size (serving it). */
    async photoFile(photoId: string, size: 'thumb' | 'report'): Promise<string | undefined> {
      const [row] = await database.query<{ key: string | null }>(
        `select case when $2 = 'thumb' then thumb_key else report_key end as key from mls_photos where id = $1 and status = 'stored'`,
        [photoId, size],
      );
      return row?.key ?? undefined;
    },

    /** The due time of the earliest pending photo of a source (null when none is pending). */
    async nextPhotoDue(sourceId: string): Promise<Date | null> {
      const [row] = await database.query<{ due: Date | string | null }>(
        `select min(p.next_attempt_at) as due from mls_photos p join listings l on l.id = p.listing_id where l.mls_source_id = $1 and p.status = 'pending'`,
        [sourceId],
      );
      return toDate(row?.due ?? null);
    },

    refreshListingPhotos,
  };
}
export type MlsRepository = ReturnType<typeof createMlsRepository>;
