import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@cma/db';
import type { AppConfig } from './config';
import { createJobQueue, type JobQueue } from './jobs/job-queue';
import { createRateLimiter, type RateLimiter } from './http/rate-limit';
import { createAuthRepository } from './modules/auth/auth.repository';
import { createAuthService, type AuthService } from './modules/auth/auth.service';
import { createContentRepository } from './modules/content/content.repository';
import { createContentService, type ContentService } from './modules/content/content.service';
import { createMailService, type MailService } from './modules/mail/mail.service';
import type { MailTransport } from './modules/mail/mail.types';
import type { FileStorage } from './modules/storage/file-storage';
import { createOutboxTransport, createSmtpTransport } from './adapters/mail/nodemailer-transport';
import { createLocalFileStorage } from './adapters/storage/local-file-storage';
import { createPdfRenderQueue, type PdfRenderQueue } from './modules/report/pdf-renderer';
import { createListingPoolUploads, type ListingPoolUploads } from './modules/listing-pools/listing-pool-uploads';
import { createS3FileStorage } from './adapters/storage/s3-file-storage';
import { createHttpTileSource } from './adapters/map-tiles/http-tile-source';
import { createMapService, type MapService } from './modules/map/map.service';

/** Everything a route handler may use; built once per app. Tests may replace any adapter. */
export interface AppContext {
  config: AppConfig;
  database: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  jobs: JobQueue;
  rateLimiter: RateLimiter;
  auth: AuthService;
  content: ContentService;
  mail: MailService;
  storage: FileStorage;
  /** Report PDFs (the e-mailed report, live links' PDFs): worker threads behind a per-user fair queue, started on the first render. */
  pdfRenders: PdfRenderQueue;
  /** Listing pool uploads, read in a worker thread started on the first one (decision 3001). */
  listingPoolUploads: ListingPoolUploads;
  /** Street map images for reports, from MAP_TILE_URL's tiles (kept on disk under DATA_DIR/cache/map-tiles). */
  maps: MapService;
}

export interface ContextOverrides {
  now?: () => Date;
  mailTransport?: MailTransport;
  storage?: FileStorage;
  /** Tests: a short render time limit, a set number of worker threads. */
  pdfRenders?: { timeLimitMs?: number; workers?: number };
}

export function createContext(config: AppConfig, database: Database, log: FastifyBaseLogger, overrides: ContextOverrides = {}): AppContext {
  const now = overrides.now ?? (() => new Date());
  const jobs = createJobQueue(database, log, now);
  const transport =
    overrides.mailTransport ?? (config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createOutboxTransport(path.join(config.dataDir, 'outbox')));
  return {
    config,
    database,
    log,
    now,
    jobs,
    rateLimiter: createRateLimiter(database, now),
    auth: createAuthService(createAuthRepository(database), now),
    content: createContentService(createContentRepository(database)),
    mail: createMailService({ jobs, transport, from: config.mailFrom, log }),
    storage: overrides.storage ?? (config.s3 ? createS3FileStorage(config.s3) : createLocalFileStorage(path.join(config.dataDir, 'files'))),
    pdfRenders: createPdfRenderQueue(overrides.pdfRenders),
    listingPoolUploads: createListingPoolUploads(),
    maps: createMapService({
      source: config.mapTileUrl
        ? createHttpTileSource({ template: config.mapTileUrl, cacheDir: path.join(config.dataDir, 'cache', 'map-tiles'), userAgent: `CMA Studio report maps (+${config.publicUrl})` })
        : null,
      attribution: config.mapAttribution,
      log,
    }),
  };
}
