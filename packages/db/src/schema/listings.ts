import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';
import { mlsSources } from './mls';

// Listing database, property images and per-user adjustment values (issues 5–7). SQL: migrations/0500–0502, 0701, 2700, 2800.

export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    source: text('source').$type<'recolorado' | 'ppar' | 'reso' | 'demo'>().notNull(),
    listingId: text('listing_id').notNull(),
    status: text('status').notNull().default(''),
    address: text('address').notNull(),
    addressKey: text('address_key').notNull(),
    addressTerms: text('address_terms').array().notNull(),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    closeDate: date('close_date'),
    listDate: date('list_date'),
    closePrice: doublePrecision('close_price'),
    netSalesPrice: doublePrecision('net_sales_price'),
    listPrice: doublePrecision('list_price'),
    aboveGradeSqft: doublePrecision('above_grade_sqft'),
    yearBuilt: integer('year_built'),
    bedrooms: doublePrecision('bedrooms'),
    bathrooms: doublePrecision('bathrooms'),
    record: jsonb('record').notNull(),
    photoUrls: jsonb('photo_urls').$type<string[]>().notNull().default([]),
    sourceModifiedAt: timestamp('source_modified_at', { withTimezone: true }),
    /** The MLS the listing belongs to; null only for demo listings. */
    mlsSourceId: uuid('mls_source_id').references(() => mlsSources.id, { onDelete: 'cascade' }),
    /** RESO ListingKey (the feed's primary key). */
    listingKey: text('listing_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('listings_mls_listing_key').on(t.mlsSourceId, t.listingId).nullsNotDistinct()],
);

export const addressTerms = pgTable('address_terms', { term: text('term').primaryKey() });

export const addressTermDeletes = pgTable(
  'address_term_deletes',
  { deleteKey: text('delete_key').notNull(), term: text('term').notNull() },
  (t) => [primaryKey({ columns: [t.deleteKey, t.term] })],
);

export const propertyImages = pgTable('property_images', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  propertyId: text('property_id').notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  byteSize: integer('byte_size').notNull(),
  originalName: text('original_name').notNull().default(''),
  sourceListingId: uuid('source_listing_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A listing's photos copied into a user's photos of a property: kept after the photos are deleted (copied once). */
export const listingPhotoCopies = pgTable(
  'listing_photo_copies',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    propertyId: text('property_id').notNull(),
    listingId: uuid('listing_id').notNull().references(() => listings.id, { onDelete: 'cascade' }),
    copiedAt: timestamp('copied_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId, t.listingId] })],
);

export const userAdjustmentValues = pgTable('user_adjustment_values', {
  userId: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  adjustmentValues: jsonb('adjustment_values').notNull(),
  useMarketDerivedRates: boolean('use_market_derived_rates').notNull().default(true),
  uadStepValues: jsonb('uad_step_values'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
