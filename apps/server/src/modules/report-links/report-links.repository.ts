import type { Database } from '@cma/db';

export type DeviceClass = 'phone' | 'tablet' | 'desktop';

export interface LinkRow {
  id: number;
  token_seed: string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  views: number | string;
  last_viewed_at: Date | string | null;
}

/** What /r/<token> needs to know about a link and the report behind it, in one read. */
export interface ResolvedLink {
  id: number;
  user_id: string;
  history_id: number;
  expires_at: Date | string;
  revoked_at: Date | string | null;
  first_viewed_at: Date | string | null;
  history_updated_at: Date | string;
  history_deleted: boolean;
}

export function createReportLinksRepository(database: Database) {
  return {
    /** The owner's saved report (not deleted): its id, address, client and when it was last saved; undefined otherwise. */
    async ownedHistory(userId: string, historyId: number): Promise<{ id: number; address: string; updated_at: Date | string } | undefined> {
      const [row] = await database.query<{ id: number; address: string; updated_at: Date | string }>(
        'select id, address, updated_at from report_history where id = $1 and user_id = $2 and deleted_at is null',
        [historyId, userId],
      );
      return row;
    },

    /**
     * A new link, unless the report already has `maxLive` links neither revoked nor expired (null then). The report's
     * row is locked while its links are counted, so two requests at once cannot both take the last place.
     */
    async insert(link: { userId: string; historyId: number; tokenHash: string; tokenSeed: string; createdAt: Date; expiresAt: Date }, maxLive: number): Promise<number | null> {
      return database.transaction(async (tx) => {
        await tx.query('select id from report_history where id = $1 for update', [link.historyId]);
        const [live] = await tx.query<{ count: number | string }>(
          'select count(*) as count from report_links where history_id = $1 and revoked_at is null and expires_at > $2',
          [link.historyId, link.createdAt.toISOString()],
        );
        if (Number(live!.count) >= maxLive) return null;
        const [row] = await tx.query<{ id: number }>(
          `insert into report_links (user_id, history_id, token_hash, token_seed, created_at, expires_at)
           values ($1, $2, $3, $4, $5, $6) returning id`,
          [link.userId, link.historyId, link.tokenHash, link.tokenSeed, link.createdAt.toISOString(), link.expiresAt.toISOString()],
        );
        return Number(row!.id);
      });
    },

    /** The report's links, newest first, each with its view count and last view. */
    async listForHistory(userId: string, historyId: number): Promise<LinkRow[]> {
      return database.query<LinkRow>(
        `select l.id, l.token_seed, l.expires_at, l.revoked_at,
                (select count(*) from report_link_views v where v.link_id = l.id) as views,
                (select max(viewed_at) from report_link_views v where v.link_id = l.id) as last_viewed_at
         from report_links l where l.user_id = $1 and l.history_id = $2 order by l.created_at desc, l.id desc`,
        [userId, historyId],
      );
    },

    /** The owner's link with this token hash. */
    async ownedLink(userId: string, tokenHash: string): Promise<{ id: number; token_seed: string; expires_at: Date | string; revoked_at: Date | string | null } | undefined> {
      const [row] = await database.query<{ id: number; token_seed: string; expires_at: Date | string; revoked_at: Date | string | null }>(
        'select id, token_seed, expires_at, revoked_at from report_links where user_id = $1 and token_hash = $2',
        [userId, tokenHash],
      );
      return row;
    },

    /** The report's newest link that is live until at least `until` (an e-mail reuses it rather than minting another). */
    async liveLinkUntil(userId: string, historyId: number, until: Date): Promise<{ id: number; token_seed: string } | undefined> {
      const [row] = await database.query<{ id: number; token_seed: string }>(
        `select id, token_seed from report_links where user_id = $1 and history_id = $2 and revoked_at is null and expires_at > $3
         order by created_at desc, id desc limit 1`,
        [userId, historyId, until.toISOString()],
      );
      return row;
    },

    async revoke(linkId: number, at: Date): Promise<void> {
      await database.query('update report_links set revoked_at = coalesce(revoked_at, $2) where id = $1', [linkId, at.toISOString()]);
    },

    async setExpiry(linkId: number, expiresAt: Date): Promise<void> {
      await database.query('update report_links set expires_at = $2 where id = $1', [linkId, expiresAt.toISOString()]);
    },

    /** The link behind a token hash, with the state of its report (one indexed read on every /r/ request). */
    async resolve(tokenHash: string): Promise<ResolvedLink | undefined> {
      const [row] = await database.query<ResolvedLink>(
        `select l.id, l.user_id, l.history_id, l.expires_at, l.revoked_at, l.first_viewed_at,
                h.updated_at as history_updated_at, (h.deleted_at is not null) as history_deleted
         from report_links l join report_history h on h.id = l.history_id where l.token_hash = $1`,
        [tokenHash],
      );
      return row;
    },

    /** The saved state behind a link (read when the page is not cached). */
    async historyState(historyId: number): Promise<string | undefined> {
      const [row] = await database.query<{ state: string }>('select state from report_history where id = $1', [historyId]);
      return row?.state;
    },

    /**
     * Records openings in one statement: each counts as a view unless its visitor had a counted view of the link in the
     * hour before it. The link ids of the views counted, in order. Openings of a link deleted meanwhile are dropped.
     */
    async countViews(openings: { linkId: number; visitor: string; at: Date; device: DeviceClass }[], windowMs: number): Promise<number[]> {
      if (openings.length === 0) return [];
      const rows = await database.query<{ link_id: number }>(
        `with incoming as (
           select * from unnest($1::int[], $2::text[], $3::timestamptz[], $4::text[]) as i(link_id, visitor, viewed_at, device)
           where exists (select 1 from report_links l where l.id = i.link_id)
         ), counted as (
           insert into report_link_visitors as v (link_id, visitor, counted_at)
           select link_id, visitor, viewed_at from incoming
           on conflict (link_id, visitor) do update set counted_at = excluded.counted_at
             where v.counted_at <= excluded.counted_at - make_interval(secs => $5::double precision / 1000)
           returning link_id, visitor
         )
         insert into report_link_views (link_id, viewed_at, device)
         select i.link_id, i.viewed_at, i.device from incoming i join counted c on c.link_id = i.link_id and c.visitor = i.visitor
         returning link_id`,
        [openings.map((o) => o.linkId), openings.map((o) => o.visitor), openings.map((o) => o.at.toISOString()), openings.map((o) => o.device), windowMs],
      );
      return rows.map((row) => Number(row.link_id));
    },

    /** Forgets visitors whose last counted view is older than `before` (they would count again anyway). */
    async pruneVisitors(before: Date): Promise<void> {
      await database.query('delete from report_link_visitors where counted_at < $1', [before.toISOString()]);
    },

    /** Marks the first view; true for exactly one caller across instances (the one that sends the agent's e-mail). */
    async claimFirstView(linkId: number, at: Date): Promise<boolean> {
      const rows = await database.query('update report_links set first_viewed_at = $2 where id = $1 and first_viewed_at is null returning id', [linkId, at.toISOString()]);
      return rows.length === 1;
    },

    /** The secret stored under `name`, created with `generate()` by whichever instance asks first. */
    async secret(name: string, generate: () => string): Promise<string> {
      await database.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, generate()]);
      const [row] = await database.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
      return row!.value;
    },
  };
}
export type ReportLinksRepository = ReturnType<typeof createReportLinksRepository>;
