import { sql } from 'drizzle-orm';
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
import { organisations, products } from './organisations';
import { subscribers } from './subscriptions';

/** A compliance update topic (spec 3 §3 Topic): a subject with a thread of updates. */
export const topics = pgTable(
  'topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    category: text('category', {
      enum: ['compliance', 'vulnerabilities', 'incidents', 'subprocessors', 'general'],
    }).notNull(),
    /** The product the topic concerns (issue 34); null: the whole organisation, every product's subscribers. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    isHidden: boolean('is_hidden').notNull().default(false),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdByStaffUserId: uuid('created_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('topics_org_created_idx').on(table.organisationId, table.createdAt)],
);

/** One update of a topic: Markdown message, audience and channels (spec 3 §3 Update). */
export const topicUpdates = pgTable(
  'topic_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    audience: text('audience', { enum: ['public', 'private'] })
      .notNull()
      .default('public'),
    onStatusPage: boolean('on_status_page').notNull().default(true),
    emailSubscribers: boolean('email_subscribers').notNull().default(false),
    emailAddresses: jsonb('email_addresses').$type<string[]>().notNull().default([]),
    createdByStaffUserId: uuid('created_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('topic_updates_topic_created_idx').on(table.topicId, table.createdAt)],
);

/** One e-mail of an update's fan-out; the unique key makes a second send to one address impossible. */
export const updateDeliveries = pgTable(
  'update_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    updateId: uuid('update_id')
      .notNull()
      .references(() => topicUpdates.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id').references(() => subscribers.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    outboxMessageId: uuid('outbox_message_id'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('update_deliveries_update_email_unique').on(table.updateId, sql`lower(${table.email})`),
    index('update_deliveries_update_status_idx').on(table.updateId, table.status),
  ],
);
