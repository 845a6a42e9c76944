import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './cards';
import { accountMembers, accounts, staffUsers } from './identity';
import { organisations, products } from './organisations';

/**
 * A comment on an item (spec 2 §3 Comment). Each (item, account) pair is one thread between that
 * account's members and staff: a member's comment names its author member, a staff reply its staff user.
 */
export const itemComments = pgTable(
  'item_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind', { enum: ['member', 'staff'] }).notNull(),
    authorAccountMemberId: uuid('author_account_member_id').references(() => accountMembers.id, {
      onDelete: 'set null',
    }),
    authorStaffUserId: uuid('author_staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    /** Plain text, trimmed; never rendered as markup. */
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('item_comments_thread_idx').on(table.itemId, table.accountId, table.createdAt),
    index('item_comments_organisation_idx').on(table.organisationId, table.createdAt),
  ],
);

/** A questionnaire an external member sent: an uploaded file (bytes in storage) or a link, never fetched. */
export const questionnaireSubmissions = pgTable(
  'questionnaire_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    accountMemberId: uuid('account_member_id').references(() => accountMembers.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['file', 'link'] }).notNull(),
    link: text('link'),
    storageKey: text('storage_key'),
    originalName: text('original_name'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    sha256: text('sha256'),
    status: text('status', { enum: ['open', 'done'] })
      .notNull()
      .default('open'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    doneByStaffUserId: uuid('done_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('questionnaire_submissions_org_idx').on(table.organisationId, table.status, table.createdAt),
  ],
);

/** A TPRM tool members may send their data to (spec 2 §3 Partner), with where its instructions are. */
export const tprmPartners = pgTable(
  'tprm_partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain'),
    instructionsUrl: text('instructions_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('tprm_partners_org_name_unique').on(table.organisationId, table.name)],
);

/**
 * A TPRM token issued to an account for a partner; the JWT carries this row's id (jti). The token is
 * shown once (viewedAt) and redeemed once (redeemedAt); both are set by conditional updates.
 */
export const tprmTokens = pgTable(
  'tprm_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => tprmPartners.id, { onDelete: 'cascade' }),
    issuedToAccountMemberId: uuid('issued_to_account_member_id')
      .notNull()
      .references(() => accountMembers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('tprm_tokens_account_idx').on(table.accountId, table.createdAt)],
);
