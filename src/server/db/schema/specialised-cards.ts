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
import type { RiskAnswer } from '../../../shared/risk-profile-catalogue';
import type { Company, IntegrationKind } from '../../../shared/specialised-cards';
import type { NoticeChange } from '../../../shared/subprocessor-notices';
import { items } from './cards';
import { organisations, products } from './organisations';

/** The answer to a risk profile question item (spec 2 §3); a missing row is 'No Answer'. */
export const riskProfileAnswers = pgTable('risk_profile_answers', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  answer: jsonb('answer').$type<RiskAnswer>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A security grade entry of a provider item (spec 2 §3 "Security grade list entry"). */
export const securityGrades = pgTable('security_grades', {
  itemId: uuid('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  label: text('label').notNull(),
  url: text('url').notNull().default(''),
  grade: text('grade').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company on the product's trusted-by card, in display order. */
export const trustedByCompanies = pgTable(
  'trusted_by_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    company: jsonb('company').$type<Company>().notNull(),
  },
  (table) => [index('trusted_by_companies_product_idx').on(table.productId, table.position)],
);

export const subprocessors = pgTable(
  'subprocessors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    company: jsonb('company').$type<Company>().notNull(),
    purpose: text('purpose').notNull().default(''),
    location: text('location').notNull().default(''),
    additionalDetails: text('additional_details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subprocessors_product_idx').on(table.productId)],
);

/** The overview card's text per product. */
export const productOverviews = pgTable('product_overviews', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  body: text('body').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A live integration of a product (spec 2 §4): bug-bounty program or status page. */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<IntegrationKind>().notNull(),
    /** The program page or status page the staff member entered. */
    link: text('link').notNull(),
    /** The provider's own identifier: the program handle, or the status page's host. */
    externalId: text('external_id').notNull(),
    showInCard: boolean('show_in_card').notNull().default(true),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('integration_connections_product_kind_unique').on(table.productId, table.kind)],
);

/**
 * A product's subprocessor list as customers were last told it (issue 34 §3): taken just before the
 * first change after a notice, replaced when a notice is published. The next notice is the
 * difference between it and the list as it stands; no row means nothing changed since.
 */
export const subprocessorAnnouncedLists = pgTable('subprocessor_announced_lists', {
  productId: uuid('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  entries: jsonb('entries').$type<AnnouncedSubprocessor[]>().notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AnnouncedSubprocessor = { id: string; company: string; purpose: string; location: string };

/** A published subprocessor change notice: its changes, frozen, and the date they take effect. */
export const subprocessorNotices = pgTable(
  'subprocessor_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    changes: jsonb('changes').$type<NoticeChange[]>().notNull(),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** The 'subprocessors' topic that published it; null once staff deleted that topic. */
    topicId: uuid('topic_id'),
    publishedByStaffUserId: uuid('published_by_staff_user_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('subprocessor_notices_org_effective_idx').on(table.organisationId, table.effectiveAt)],
);

/** A customer's objection to one change of a notice, and the organisation's answer. */
export const subprocessorObjections = pgTable(
  'subprocessor_objections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => subprocessorNotices.id, { onDelete: 'cascade' }),
    changeKey: text('change_key').notNull(),
    email: text('email').notNull(),
    /** How the person proved the address: a signed-in member, or a link mailed to it. */
    via: text('via', { enum: ['member', 'mailed_link'] }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredByStaffUserId: uuid('answered_by_staff_user_id'),
  },
  (table) => [
    uniqueIndex('subprocessor_objections_one_per_change').on(table.noticeId, table.changeKey, table.email),
  ],
);
