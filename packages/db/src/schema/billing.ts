import { boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

// Billing tables (migration 0400_billing.sql). Columns added to `subscriptions` there: card_outcome, trial_reminder_sent_at.

export const coupons = pgTable('coupons', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
  amountOffCents: integer('amount_off_cents'),
  duration: text('duration').notNull().default('once'), // once | forever | repeating
  active: boolean('active').notNull().default(true),
  redeemBy: timestamp('redeem_by', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  provider: text('provider').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testCardTokens = pgTable('test_card_tokens', {
  id: text('id').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  outcome: text('outcome').notNull(), // succeed | decline | fail_renewal
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
