import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { UpdateCategory } from '../../../shared/update-texts';
import { organisations } from './organisations';

/** E-mail subscribers to an organisation's updates; double opt-in, so a row starts 'pending'. */
export const subscribers = pgTable(
  'subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed', 'blocked'] })
      .notNull()
      .default('pending'),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** Confirmation mails sent since confirmationWindowStartedAt: at most a few a day per address. */
    confirmationSentCount: integer('confirmation_sent_count').notNull().default(0),
    confirmationWindowStartedAt: timestamp('confirmation_window_started_at', { withTimezone: true }),
    lastConfirmationSentAt: timestamp('last_confirmation_sent_at', { withTimezone: true }),
    /** The kinds of update the person follows (issue 34); null: every kind, including any added later. */
    categories: jsonb('categories').$type<UpdateCategory[]>(),
    /** Ids of the products the person follows; null: every product, including any added later. */
    products: jsonb('products').$type<string[]>(),
    /** The language the person subscribed in (issue 35 §5); null: the organisation's default. */
    locale: text('locale'),
    /** Paused from the preference page: no update mail until resumed; still subscribed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('subscribers_organisation_email_unique').on(table.organisationId, table.email),
    index('subscribers_organisation_status_idx').on(table.organisationId, table.status),
  ],
);

/** An address ('ann@x.example') or a whole domain ('x.example') that never receives subscription mail. */
export const subscriptionBlocks = pgTable(
  'subscription_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email', 'domain'] }).notNull(),
    value: text('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('subscription_blocks_unique').on(table.organisationId, table.kind, table.value)],
);

/** Per-install values every node shares, created on first use (e.g. the token signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A chat channel that receives the updates (issue 34 §2): a Slack-compatible or Microsoft Teams
 * incoming webhook, chosen and confirmed by a visitor. The address is a secret (whoever has it may
 * post to the channel), so it is kept sealed; its digest keeps one row per address.
 */
export const channelSubscriptions = pgTable(
  'channel_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['slack', 'teams'] }).notNull(),
    urlSealed: text('url_sealed').notNull(),
    urlDigest: text('url_digest').notNull(),
    /** What staff and the person see of the address: its host and last characters. */
    urlHint: text('url_hint').notNull(),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed', 'quarantined'] })
      .notNull()
      .default('pending'),
    categories: jsonb('categories').$type<UpdateCategory[]>(),
    products: jsonb('products').$type<string[]>(),
    /** Deliveries in a row that failed every attempt; at the limit the channel is quarantined. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('channel_subscriptions_org_url_unique').on(table.organisationId, table.urlDigest)],
);

/** One message to one channel: the confirmation request (no update) or an update; retried, then quarantined. */
export const channelDeliveries = pgTable(
  'channel_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channelSubscriptions.id, { onDelete: 'cascade' }),
    /** The update it carries; null for the confirmation request. */
    updateId: uuid('update_id'),
    content: jsonb('content').$type<ChannelMessage>().notNull(),
    status: text('status', { enum: ['queued', 'sent', 'quarantined'] })
      .notNull()
      .default('queued'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('channel_deliveries_channel_update_unique').on(table.channelId, table.updateId)],
);

/** What a channel message says; links are added per channel when it is posted. */
export type ChannelMessage = {
  eyebrow: string;
  title: string;
  text: string;
  url: string | null;
  linkLabel: string;
};
