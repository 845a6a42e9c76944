import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

/**
 * The organisation's outgoing webhooks, each subscribed to event types (`events`); `categories` narrows
 * `update.published` to update categories. Every payload is signed with the secret (HMAC-SHA256).
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    // The default is what a webhook written by the release before (update webhooks only) meant, so a
    // node of that release still serving during a rolling upgrade adds working rows (decision 350).
    events: jsonb('events').$type<string[]>().notNull().default(['update.published']),
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    failureCount: integer('failure_count').notNull().default(0),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhooks_org_idx').on(table.organisationId)],
);
