import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './cards';
import { accountMembers, staffUsers } from './identity';
import { organisations, products } from './organisations';

/** A stored document in the organisation's library; bytes live in the storage provider under storageKey. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    title: text('title').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** null follows the organisation's documentAccessType. */
    accessType: text('access_type', { enum: ['view_only', 'view_and_download'] }),
    uploadedByStaffUserId: uuid('uploaded_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('files_organisation_idx').on(table.organisationId),
    uniqueIndex('files_storage_key_unique').on(table.storageKey),
  ],
);

/** Files linked to an item (documents card entries are keyed by kind, then item uid). */
export const itemFiles = pgTable(
  'item_files',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.fileId] }),
    index('item_files_file_idx').on(table.fileId),
  ],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The outcome of extracting a PDF's text (one row per file, written by the documents.extract-text
 * job): extracted, or failed with the reason (too large, encrypted, unreadable, timed out).
 */
export const fileTexts = pgTable('file_texts', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id')
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['extracted', 'failed'] }).notNull(),
  failureReason: text('failure_reason', {
    enum: ['too_large', 'encrypted', 'unreadable', 'timeout', 'bytes_missing'],
  }),
  pageCount: integer('page_count'),
  charCount: integer('char_count').notNull().default(0),
  /** Text past the page or character limit was not kept. */
  isTruncated: boolean('is_truncated').notNull().default(false),
  extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A file's extracted text in passages of about a paragraph: search matches, snippets and answer
 * sources come from one passage, never from the whole text. search_vector is derived.
 */
export const fileTextChunks = pgTable(
  'file_text_chunks',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`setweight(to_tsvector('english'::regconfig, text), 'C')`),
  },
  (table) => [
    primaryKey({ columns: [table.fileId, table.position] }),
    // fastupdate off: no pending list that every search scans (PGlite has no autovacuum to flush it).
    index('file_text_chunks_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
  ],
);

/** A generated SOC 1 / SOC 2 bridge letter of a product (spec 2 §3 bridge letter). */
export const bridgeLetters = pgTable(
  'bridge_letters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    letterType: text('letter_type', { enum: ['soc1', 'soc2'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    signerName: text('signer_name').notNull(),
    signerTitle: text('signer_title').notNull(),
    letterDate: text('letter_date').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('bridge_letters_product_type_unique').on(table.productId, table.letterType)],
);

/** Who looked at what: every view and download of a document (staff analytics). */
export const documentAccessEvents = pgTable(
  'document_access_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    action: text('action', { enum: ['view', 'download', 'bulk_download'] }).notNull(),
    viewerMode: text('viewer_mode').notNull(),
    accountMemberId: uuid('account_member_id').references(() => accountMembers.id, { onDelete: 'set null' }),
    staffUserId: uuid('staff_user_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('document_access_events_org_created_idx').on(table.organisationId, table.createdAt),
    // One member's (or account's) views and downloads: the engagement drill-down and the access funnel.
    index('document_access_events_member_created_idx').on(table.accountMemberId, table.createdAt),
  ],
);
