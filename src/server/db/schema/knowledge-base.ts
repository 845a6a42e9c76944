import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { staffUsers } from './identity';
import { organisations, products } from './organisations';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

/**
 * One knowledge-base (FAQ) entry: every field of the spec's hit shape (spec 3 §3). access_level:
 * public (everyone), restricted (authorised accounts and previews as one), internal (staff in Main
 * mode only). product_ids empty means every product. search_vector is derived, never written.
 */
export const knowledgeBaseEntries = pgTable(
  'knowledge_base_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    comment: text('comment').notNull().default(''),
    sourceType: text('source_type', { enum: ['manual', 'questionnaire', 'status_page'] })
      .notNull()
      .default('manual'),
    sourceSubtype: text('source_subtype'),
    sourceName: text('source_name'),
    isFavoritePublic: boolean('is_favorite_public').notNull().default(false),
    accessLevel: text('access_level', { enum: ['public', 'restricted', 'internal'] })
      .notNull()
      .default('public'),
    productIds: uuid('product_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedByStaffUserId: uuid('modified_by_staff_user_id').references(() => staffUsers.id, {
      onDelete: 'set null',
    }),
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, question), 'A') || setweight(to_tsvector('english'::regconfig, answer), 'B') || setweight(to_tsvector('english'::regconfig, comment), 'C')`,
      ),
  },
  (table) => [
    // fastupdate off: no pending list that every search scans (PGlite has no autovacuum to flush it).
    index('knowledge_base_entries_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
    index('knowledge_base_entries_org_created_idx').on(table.organisationId, table.createdAt),
    index('knowledge_base_entries_org_modified_idx').on(table.organisationId, table.modifiedAt),
  ],
);

/**
 * Questions visitors asked that found no answer: staff see them as gaps to fill. One row per
 * organisation and normalised question; asking again counts up.
 */
export const knowledgeBaseGaps = pgTable(
  'knowledge_base_gaps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    normalizedQuestion: text('normalized_question').notNull(),
    askCount: integer('ask_count').notNull().default(1),
    firstAskedAt: timestamp('first_asked_at', { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp('last_asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('knowledge_base_gaps_org_question_unique').on(table.organisationId, table.normalizedQuestion),
    index('knowledge_base_gaps_org_last_asked_idx').on(table.organisationId, table.lastAskedAt),
  ],
);

/**
 * Embeddings of searchable content (items, passages of documents' text, updates, FAQ entries) from
 * the configured embedding model; content_hash tells a changed source to embed again. Vectors are
 * unit length (cosine = dot product); signature holds their signs, a cheap first pass (Hamming).
 */
export const searchEmbeddings = pgTable(
  'search_embeddings',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    sourceType: text('source_type', { enum: ['item', 'file_chunk', 'update', 'kb'] }).notNull(),
    sourceId: uuid('source_id').notNull(),
    /** The passage of a file's text; 0 for every other source. */
    position: integer('position').notNull().default(0),
    model: text('model').notNull(),
    contentHash: text('content_hash').notNull(),
    embedding: real('embedding').array().notNull(),
    signature: varbit('signature').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.sourceType, table.sourceId, table.position] }),
    index('search_embeddings_org_model_idx').on(table.organisationId, table.model, table.sourceType),
  ],
);

/**
 * Every word (3–40 letters and digits, lower case) of an organisation's searchable text: the
 * vocabulary misspelt search words are corrected against. Database triggers add the words of each
 * written row (migration 0007); words of deleted text stay, a correction to them finds nothing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    word: text('word').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.word] }),
    index('search_words_word_trgm_idx').using('gin', table.word.op('gin_trgm_ops')),
  ],
);
