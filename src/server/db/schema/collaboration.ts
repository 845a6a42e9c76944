import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    /** The answered questionnaire staff sent back (issue 32 §4): its bytes in storage, and when. */
    answeredStorageKey: text('answered_storage_key'),
    answeredName: text('answered_name'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
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

/**
 * A questionnaire being answered from evidence (issue 32): the uploaded workbook (kept whole in
 * storage, so answers go back into its own cells), how its sheets are mapped, whose eyes drafting reads
 * with, and where drafting stands. Optionally made from a member's submission, and returned to them.
 */
export const questionnaireDrafts = pgTable(
  'questionnaire_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    submissionId: uuid('submission_id').references(() => questionnaireSubmissions.id, {
      onDelete: 'set null',
    }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format', { enum: ['xlsx', 'csv', 'text'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    /** ColumnMapping[] with each sheet's detected layout (shared/questionnaire-drafts.ts). */
    mappings: jsonb('mappings').$type<unknown[]>().notNull().default([]),
    /** Drafting reads as: { kind: 'staff' | 'anonymous' } or { kind: 'member', accountMemberId }. */
    audience: jsonb('audience').$type<Record<string, string>>().notNull().default({ kind: 'staff' }),
    status: text('status', { enum: ['mapping', 'drafting', 'ready', 'cancelled', 'failed'] })
      .notNull()
      .default('mapping'),
    rowCount: integer('row_count').notNull().default(0),
    /** Tokens a configured model used for this questionnaire (0 for the built-in answerer). */
    tokensUsed: integer('tokens_used').notNull().default(0),
    /** The configured model that drafted it; null when the built-in answerer did. */
    model: text('model'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdByStaffUserId: uuid('created_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('questionnaire_drafts_org_idx').on(table.organisationId, table.createdAt)],
);

/** One question of a draft: its place in the workbook, its draft, and its review. */
export const questionnaireDraftRows = pgTable(
  'questionnaire_draft_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => questionnaireDrafts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sheet: text('sheet').notNull(),
    row: integer('row').notNull(),
    controlId: text('control_id'),
    section: text('section'),
    question: text('question').notNull(),
    answer: text('answer'),
    state: text('state', { enum: ['pending', 'drafted', 'needs_answer', 'accepted', 'edited'] })
      .notNull()
      .default('pending'),
    confidence: text('confidence', { enum: ['high', 'medium', 'low'] }),
    note: text('note').notNull().default(''),
    /** DraftSource[]: what the answer rests on, each with its access. */
    sources: jsonb('sources').$type<unknown[]>().notNull().default([]),
    assigneeStaffUserId: uuid('assignee_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    comment: text('comment').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedByStaffUserId: uuid('updated_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [uniqueIndex('questionnaire_draft_rows_position').on(table.draftId, table.position)],
);
