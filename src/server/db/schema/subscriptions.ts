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
