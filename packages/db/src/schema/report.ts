import { pgTable, primaryKey, serial, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './core';

// Saved reports (HISTORY) and generated-report counting; migration 0800_report_history.sql.

export const reportHistory = pgTable(
  'report_history',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reportId: text('report_id').notNull(),
    address: text('address').notNull(),
    state: text('state').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.userId, t.reportId)],
);

export const reportCounterEvents = pgTable(
  'report_counter_events',
  {
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reportId: text('report_id').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.reportId] })],
);

export type ReportHistoryRow = typeof reportHistory.$inferSelect;
