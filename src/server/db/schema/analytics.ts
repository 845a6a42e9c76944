import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnalyticsProps } from '../../../shared/analytics';
import { accountMembers, accounts, staffUsers } from './identity';
import { organisations } from './organisations';

/**
 * First-party analytics (issue 9 item 8): events sent by the portal's own script and page views recorded
 * by the server. The visitor id is a random id the browser keeps in localStorage; no cookie, no IP.
 * item_id carries no foreign key: a client names it, and reports join it to the organisation's items.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    source: text('source', { enum: ['client', 'server'] }).notNull(),
    viewerMode: text('viewer_mode').notNull(),
    visitorId: text('visitor_id'),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    accountMemberId: uuid('account_member_id').references(() => accountMembers.id, { onDelete: 'set null' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    path: text('path'),
    itemId: uuid('item_id'),
    subject: text('subject'),
    props: jsonb('props').$type<AnalyticsProps>().notNull().default({}),
    /** How many: the server's page views of one page by one kind of viewer are counted per flush (decision 374). */
    views: integer('views').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('analytics_events_views_positive', sql`${table.views} >= 1`),
    index('analytics_events_org_created_idx').on(table.organisationId, table.createdAt),
    index('analytics_events_org_name_created_idx').on(table.organisationId, table.name, table.createdAt),
    index('analytics_events_org_account_idx').on(table.organisationId, table.accountId, table.createdAt),
  ],
);
