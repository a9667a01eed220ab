import { createHash, createHmac, randomBytes } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import {
  REPORT_LINK_CAP_MESSAGE, REPORT_LINK_DEFAULT_DAYS, REPORT_LINK_MAX_LIVE, REPORT_LINK_NOT_FOUND_MESSAGE, REPORT_LINK_TOKEN_PATTERN, type ReportLink,
  type ReportLinkSummary,
} from '@cma/contracts';
import { reportPdfFilename } from '@cma/report/file-name';
import { livePagePhotos, renderLivePage } from '@cma/report/live';
import { NotFoundError, ValidationError } from '../../http/errors';
import { refuseOverlongText } from '../../shared/document-limits';
import { BoundedCache } from '../../shared/bounded-cache';
import type { MailService } from '../mail/mail.service';
import type { PreparedReport, ReportService } from '../report/report.service';
import type { DeviceClass, ReportLinksRepository, ResolvedLink } from './report-links.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A rendered page serves this long: profile edits (name, phone, logo) show within a minute; a new save at once. */
export const LIVE_PAGE_TTL_MS = 60_000;
const CACHE_BYTES = 64 * 1024 * 1024;
/**
 * A found link (revoked? expired? its report's version) is kept this long by an instance, and only while the database's
 * change notices reach it (decision 3002): a busy link's page is then served with no database round trip at all.
 */
export const LIVE_LOOKUP_TTL_MS = 5_000;
const LOOKUPS_MAX = 10_000;
/** One visitor's openings of one link count as one view per this long. */
export const VIEW_WINDOW_MS = 60 * 60 * 1000;
/** Openings are written in batches, at most this long after the first of a batch, or at once when this many wait. */
export const VIEW_FLUSH_MS = 250;
const VIEW_BATCH_MAX = 500;
/** The channel of migration 3000's triggers: 'link:<id>' or 'history:<id>' when a link or a report changes. */
export const REPORT_LINK_CHANGE_CHANNEL = 'cma_report_link_change';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The page as it is sent: compressed once when it is rendered, not on every request. */
export interface LivePageBody {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

interface LivePhoto {
  type: string;
  bytes: Buffer;
}

/** One link's rendered page, its photos and (once asked for) its PDF, valid for one saved version of the report. */
interface LiveEntry {
  version: string;
  builtAt: number;
  prepared: PreparedReport;
  page: LivePageBody;
  photos: LivePhoto[];
  pdf?: Promise<Buffer>;
}

/** A page a visitor asked for: the link it was found by and what is shown. */
export interface LiveOpening {
  link: ResolvedLink;
  entry: LiveEntry;
}

function photoOf(dataUrl: string): LivePhoto {
  const match = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(dataUrl);
  return match ? { type: match[1]!, bytes: Buffer.from(match[2]!, 'base64') } : { type: 'application/octet-stream', bytes: Buffer.alloc(0) };
}

/** One opening of a page by a person, waiting to be counted. */
interface PendingView {
  opening: LiveOpening;
  device: DeviceClass;
  /** The client's address and user agent: what tells one visitor from another (only a keyed hash of it is stored). */
  client: string;
  at: Date;
}

interface Deps {
  repository: ReportLinksRepository;
  log: FastifyBaseLogger;
  report: Pick<ReportService, 'prepare' | 'renderPdf'>;
  mail: MailService;
  now: () => Date;
  publicUrl: string;
  /** REPORT_LINK_KEY, or null to use the key kept in the database. */
  configuredKey: string | null;
}

export function createReportLinksService(deps: Deps) {
  const { repository, now } = deps;
  let keyPromise: Promise<string> | undefined;
  const key = () => (keyPromise ??= deps.configuredKey ? Promise.resolve(deps.configuredKey) : repository.secret('report-link-key', () => randomBytes(32).toString('base64url')));
  /** The token of a seed: an HMAC under the server's key, so the seed alone (a database dump) does not open the link. */
  const tokenOf = async (seed: string) => createHmac('sha256', await key()).update(seed).digest('base64url');
  const urlOf = (token: string) => `${deps.publicUrl}/r/${token}`;

  const cache = new BoundedCache<number, LiveEntry>(CACHE_BYTES, (entry) => entry.page.html.length * 1.5 + entry.photos.reduce((n, p) => n + p.bytes.length, 0) * 2);
  const building = new Map<string, Promise<LiveEntry>>();

  async function ownedHistory(userId: string, historyId: number) {
    const history = await repository.ownedHistory(userId, historyId);
    // Another agent's report looks exactly like one that does not exist.
    if (!history) throw new NotFoundError('This saved report no longer exists.');
    return history;
  }

  async function ownedLink(userId: string, token: string) {
    const link = REPORT_LINK_TOKEN_PATTERN.test(token) ? await repository.ownedLink(userId, sha256(token)) : undefined;
    if (!link) throw new NotFoundError(REPORT_LINK_NOT_FOUND_MESSAGE);
    return link;
  }

  /** Found links by token hash, with when they were read; dropped at once when the database says a link or report changed. */
  const lookups = new Map<string, { link: ResolvedLink; at: number }>();
  let watching = false;
  /** Bumped by every change notice: a lookup read while one arrived is not kept (it may be the old state). */
  let notices = 0;

  function forgetChanged(notice: string): void {
    notices++;
    const [kind, id] = notice.split(':');
    const changed = Number(id);
    for (const [hash, kept] of lookups) if ((kind === 'link' ? kept.link.id : kept.link.history_id) === changed) lookups.delete(hash);
  }

  async function lookup(tokenHash: string): Promise<ResolvedLink | undefined> {
    const at = now().getTime();
    const kept = lookups.get(tokenHash);
    if (kept && watching && at - kept.at < LIVE_LOOKUP_TTL_MS && at >= kept.at) return kept.link;
    const noticesBefore = notices;
    const link = await repository.resolve(tokenHash);
    lookups.delete(tokenHash);
    if (link && watching && notices === noticesBefore) {
      if (lookups.size >= LOOKUPS_MAX) lookups.delete(lookups.keys().next().value!);
      lookups.set(tokenHash, { link, at });
    }
    return link;
  }

  /** The link behind a token when it may be shown now: known, not revoked, not expired, its report not deleted. */
  async function liveLink(token: string): Promise<ResolvedLink | null> {
    if (!REPORT_LINK_TOKEN_PATTERN.test(token)) return null;
    const link = await lookup(sha256(token));
    if (!link || link.revoked_at || link.history_deleted || new Date(link.expires_at).getTime() <= now().getTime()) return null;
    return link;
  }

  /** The link's rendered page: from the cache while its report is unchanged and the page is fresh, else built once. */
  async function entryFor(link: ResolvedLink, token: string): Promise<LiveEntry | null> {
    const version = iso(link.history_updated_at);
    const cached = cache.get(link.id);
    if (cached && cached.version === version && now().getTime() - cached.builtAt < LIVE_PAGE_TTL_MS) return cached;
    const buildKey = `${link.id}:${version}`;
    let pending = building.get(buildKey);
    if (!pending) {
      pending = (async () => {
        const state = await repository.historyState(link.history_id);
        if (state === undefined) throw new NotFoundError(REPORT_LINK_NOT_FOUND_MESSAGE);
        const prepared = await deps.report.prepare(link.user_id, state, { storedPhotos: true });
        const photos = livePagePhotos(prepared.input, prepared.headshot);
        const html = renderLivePage(prepared.input, { headshot: prepared.headshot, pdfUrl: `/r/${token}/pdf`, photoUrl: (i) => `/r/${token}/photos/${i}` });
        const bytes = Buffer.from(html);
        const page = { html: bytes, br: brotliCompressSync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(bytes, { level: 9 }) };
        const entry: LiveEntry = { version, builtAt: now().getTime(), prepared, page, photos: photos.map(photoOf) };
        cache.set(link.id, entry);
        return entry;
      })().finally(() => building.delete(buildKey));
      building.set(buildKey, pending);
    }
    return pending;
  }

  const pendingViews: PendingView[] = [];
  let viewTimer: NodeJS.Timeout | undefined;
  let viewsWritten: Promise<void> = Promise.resolve();
  let visitorsPrunedAt = 0;

  /** Writes the openings waiting: each counts unless its visitor was counted on that link within the hour; the first counted view of a link e-mails the agent. */
  async function writeViews(): Promise<void> {
    clearTimeout(viewTimer);
    viewTimer = undefined;
    const batch = pendingViews.splice(0);
    if (batch.length === 0) return;
    const secret = await key();
    const seen = new Set<string>();
    const openings = [];
    for (const view of batch) {
      const visitor = createHmac('sha256', secret).update(`${view.opening.link.id}\n${view.client}`).digest('base64url').slice(0, 32);
      if (seen.has(`${view.opening.link.id}:${visitor}`)) continue;
      seen.add(`${view.opening.link.id}:${visitor}`);
      openings.push({ linkId: view.opening.link.id, visitor, at: view.at, device: view.device });
    }
    const counted = new Set(await repository.countViews(openings, VIEW_WINDOW_MS));
    for (const linkId of counted) {
      const { link, entry } = batch.find((view) => view.opening.link.id === linkId)!.opening;
      await notifyFirstView(link, entry.prepared);
    }
    // Visitors counted more than an hour ago count again anyway: forgotten every few minutes by whichever instance writes.
    const at = now().getTime();
    if (at - visitorsPrunedAt > 10 * 60_000) {
      visitorsPrunedAt = at;
      await repository.pruneVisitors(new Date(at - VIEW_WINDOW_MS));
    }
  }

  const flushViews = (): Promise<void> =>
    (viewsWritten = viewsWritten.then(writeViews).catch((error: unknown) => deps.log.error({ err: error }, 'live page views were not recorded')));

  async function notifyFirstView(link: ResolvedLink, prepared: PreparedReport): Promise<void> {
    if (link.first_viewed_at || !(await repository.claimFirstView(link.id, now()))) return;
    const { input, profile } = prepared;
    const who = input.clientName || 'Your client';
    const street = input.subject.street;
    await deps.mail.send({
      to: profile.business_email || profile.email,
      subject: `${who} opened your CMA for ${street}`,
      title: `${who} opened your CMA`,
      paragraphs: [
        `${who} just opened the live report for ${input.subject.fullAddress} (${iso(now()).slice(0, 16).replace('T', ' ')} UTC).`,
        'This is the only e-mail about this link; every later view is counted in your history.',
      ],
      action: { label: 'See your reports', url: `${deps.publicUrl}/history` },
    });
  }

  async function create(userId: string, historyId: number, expiresInDays = REPORT_LINK_DEFAULT_DAYS): Promise<ReportLink & { id: number }> {
    await ownedHistory(userId, historyId);
    const seed = randomBytes(24).toString('base64url');
    const token = await tokenOf(seed);
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + expiresInDays * DAY_MS);
    const id = await repository.insert({ userId, historyId, tokenHash: sha256(token), tokenSeed: seed, createdAt, expiresAt }, REPORT_LINK_MAX_LIVE);
    if (id === null) throw new ValidationError({ history_id: [REPORT_LINK_CAP_MESSAGE] });
    return { id, token, url: urlOf(token), expires_at: expiresAt.toISOString() };
  }

  return {
    async create(userId: string, historyId: number, expiresInDays = REPORT_LINK_DEFAULT_DAYS): Promise<ReportLink> {
      await ownedHistory(userId, historyId);
      // What is shared is within the document's caps (a state saved before them is refused with its field named).
      refuseOverlongText(JSON.parse((await repository.historyState(historyId)) ?? '{}'));
      const { id: _id, ...link } = await create(userId, historyId, expiresInDays);
      return link;
    },

    /**
     * The link an e-mail carries: the report's newest one still live for a week, else a new one (default expiry), else
     * (the report has as many live links as it may) its newest live one.
     */
    async linkForSend(userId: string, historyId: number): Promise<{ id: number; url: string }> {
      const existing = await repository.liveLinkUntil(userId, historyId, new Date(now().getTime() + 7 * DAY_MS));
      if (existing) return { id: existing.id, url: urlOf(await tokenOf(existing.token_seed)) };
      try {
        const created = await create(userId, historyId);
        return { id: created.id, url: created.url };
      } catch (error) {
        const newest = error instanceof ValidationError ? await repository.liveLinkUntil(userId, historyId, now()) : undefined;
        if (!newest) throw error;
        return { id: newest.id, url: urlOf(await tokenOf(newest.token_seed)) };
      }
    },

    async list(userId: string, historyId: number): Promise<ReportLinkSummary[]> {
      await ownedHistory(userId, historyId);
      const rows = await repository.listForHistory(userId, historyId);
      return Promise.all(
        rows.map(async (row) => {
          const token = await tokenOf(row.token_seed);
          return {
            token,
            url: urlOf(token),
            expires_at: iso(row.expires_at),
            revoked: row.revoked_at !== null,
            views: Number(row.views),
            last_viewed_at: row.last_viewed_at ? iso(row.last_viewed_at) : null,
          };
        }),
      );
    },

    async revoke(userId: string, token: string): Promise<{ token: string; revoked: true }> {
      const link = await ownedLink(userId, token);
      await repository.revoke(link.id, now());
      cache.delete(link.id);
      forgetChanged(`link:${link.id}`); // at once here; other instances hear the database's notice
      return { token, revoked: true };
    },

    async setExpiry(userId: string, token: string, expiresInDays: number): Promise<ReportLink> {
      const link = await ownedLink(userId, token);
      if (link.revoked_at) throw new NotFoundError(REPORT_LINK_NOT_FOUND_MESSAGE);
      const expiresAt = new Date(now().getTime() + expiresInDays * DAY_MS);
      await repository.setExpiry(link.id, expiresAt);
      forgetChanged(`link:${link.id}`);
      return { token, url: urlOf(token), expires_at: expiresAt.toISOString() };
    },

    /** The live page behind a token with its link, or null (404): from memory while the link is busy (decision 3002). */
    async find(token: string): Promise<LiveOpening | null> {
      const link = await liveLink(token);
      const entry = link && (await entryFor(link, token));
      return link && entry ? { link, entry } : null;
    },

    /**
     * A person opened a found page: counted after the response, in a batch (nothing waits for it), as a view unless the
     * same visitor (`client`: address and user agent) was counted on the link within the hour; the first view e-mails the agent.
     */
    recordOpen(opening: LiveOpening, device: DeviceClass, client: string): void {
      pendingViews.push({ opening, device, client, at: now() });
      if (pendingViews.length >= VIEW_BATCH_MAX) void flushViews();
      else viewTimer ??= setTimeout(() => void flushViews(), VIEW_FLUSH_MS).unref();
    },

    /** Writes the openings waiting now (also run on a timer, and at shutdown). */
    flushViews,

    /** A change notice from the database (migration 3000): 'link:<id>' or 'history:<id>'. */
    forgetChanged,

    /** Whether change notices reach this instance; found links are kept only while they do. */
    setWatching(connected: boolean): void {
      watching = connected;
      if (!connected) lookups.clear();
    },

    /** Photo `index` of a live page, or null. */
    async photo(token: string, index: number): Promise<LivePhoto | null> {
      const link = await liveLink(token);
      const entry = link && (await entryFor(link, token));
      return entry?.photos[index] ?? null;
    },

    /** The report PDF of a live page (rendered once per saved version), or null. */
    async pdf(token: string): Promise<{ pdf: Buffer; filename: string } | null> {
      const link = await liveLink(token);
      const entry = link && (await entryFor(link, token));
      if (!entry) return null;
      // Shared by every visitor asking meanwhile, so one leaving does not stop it; rendered in the agent's turn.
      entry.pdf ??= deps.report.renderPdf(link.user_id, entry.prepared.input);
      entry.pdf.catch(() => (entry.pdf = undefined));
      return { pdf: await entry.pdf, filename: reportPdfFilename(entry.prepared.input.subject.street) };
    },
  };
}
export type ReportLinksService = ReturnType<typeof createReportLinksService>;
