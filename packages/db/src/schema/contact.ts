import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Contact Us messages, their attachments (files in storage) and demo requests; migration 0900_contact.sql.

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  description: text('description').notNull(),
  mobileNumber: text('mobile_number').notNull(),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactAttachments = pgTable('contact_attachments', {
  id: serial('id').primaryKey(),
  messageId: integer('message_id').notNull().references(() => contactMessages.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key').notNull(),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
});

export const demoRequests = pgTable('demo_requests', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  brokerage: text('brokerage').notNull().default(''),
  preferredTime: text('preferred_time').notNull(),
  message: text('message').notNull().default(''),
  ip: text('ip').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
