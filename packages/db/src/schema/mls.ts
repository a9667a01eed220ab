import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

// MLS sources and their stored photos (issue 28). SQL: migrations/2800.

export const mlsSources = pgTable('mls_sources', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  title: text('title').notNull(),
  resoUrl: text('reso_url'),
  authKind: text('auth_kind').$type<'token' | 'oauth2'>(),
  tokenUrl: text('token_url'),
  clientId: text('client_id'),
  oauthScope: text('oauth_scope'),
  secret: text('secret'),
  propertyFilter: text('property_filter'),
  pageSize: integer('page_size').notNull().default(200),
  mediaMode: text('media_mode').$type<'inline' | 'expand' | 'resource'>(),
  hasMemberResource: boolean('has_member_resource'),
  hasCanView: boolean('has_can_view'),
  watermark: timestamp('watermark', { withTimezone: true }),
  lastSyncStartedAt: timestamp('last_sync_started_at', { withTimezone: true }),
  lastSyncFinishedAt: timestamp('last_sync_finished_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastSkipped: integer('last_skipped').notNull().default(0),
  lastRemoved: integer('last_removed').notNull().default(0),
  lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true }),
  syncLeaseOwner: text('sync_lease_owner'),
  syncLeaseUntil: timestamp('sync_lease_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const mlsPhotos = pgTable(
  'mls_photos',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    listingId: uuid('listing_id').notNull(),
    position: integer('position').notNull(),
    mediaKey: text('media_key').notNull(),
    mediaUrl: text('media_url').notNull(),
    mediaModifiedAt: timestamp('media_modified_at', { withTimezone: true }),
    status: text('status').$type<'pending' | 'stored' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    error: text('error'),
    thumbKey: text('thumb_key'),
    reportKey: text('report_key'),
    width: integer('width'),
    height: integer('height'),
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (t) => [unique().on(t.listingId, t.mediaKey)],
);

export const mlsReconcileKeys = pgTable(
  'mls_reconcile_keys',
  { mlsSourceId: uuid('mls_source_id').notNull(), listingKey: text('listing_key').notNull() },
  (t) => [primaryKey({ columns: [t.mlsSourceId, t.listingKey] })],
);
