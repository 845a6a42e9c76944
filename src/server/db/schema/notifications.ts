import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffUsers } from './identity';
import { organisations } from './organisations';

/**
 * How one staff user hears about new access requests (issue 20 part 2). No row means today's
 * behaviour: one mail per request, every product.
 */
export const staffNotificationPreferences = pgTable('staff_notification_preferences', {
  staffUserId: uuid('staff_user_id')
    .primaryKey()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  delivery: text('delivery', { enum: ['each', 'hourly', 'daily', 'none'] })
    .notNull()
    .default('each'),
  /** null: every product; otherwise requests naming one of these products (or none). */
  productIds: jsonb('product_ids').$type<string[] | null>(),
  /** The end of the last digest window handled: the next digest lists requests created after it. */
  digestCoveredUntil: timestamp('digest_covered_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per digest window handled for a person, sent or empty: the unique key refuses a second. */
export const staffDigestWindows = pgTable(
  'staff_digest_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    requestCount: integer('request_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('staff_digest_windows_unique').on(table.staffUserId, table.windowEnd)],
);
