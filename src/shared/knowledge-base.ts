import { z } from 'zod';
import {
  kbAccessLevelLabels,
  kbAccessLevels,
  kbLimits,
  kbMaxPage,
  kbMessages,
  kbSourceTypeLabels,
  kbSourceTypes,
  kbTimeFilterLabels,
  kbTimeFilters,
} from './knowledge-base-texts';

/**
 * Knowledge base (FAQ) (spec 3 §2 "Knowledge base (FAQ) panel", §3 hit, §4, §6, §7, §9): the contract
 * between the server's knowledge-base module, the portal's FAQ panel and dialog, and the console.
 *
 * Access levels: public (every visitor), restricted (authorised accounts — not while their NDA is
 * missing — and staff previewing as an account or profile), internal (staff in Main mode only).
 * productIds empty means the entry belongs to every product.
 *
 * HTTP surface:
 * - Search key (spec 3 §7): a short-lived signed key saying what its holder may search.
 *   GET {base}/kb/ais?productId=  (portal viewer; share parameters apply)  → KbSearchKey
 *   GET /api/kb/ais[?productId=]   (staff session; Main mode: every level) → KbSearchKey
 *   HTTP 400 carries a message to show (spec 3 §8); refresh at half of lifetimeSeconds.
 * - Search with the key only (no cookie, no CSRF header):
 *   POST /api/kb/query        KbQuery        → KbQueryResult   (400: forged/expired key, widening
 *                                                                filter, page past the window)
 *   POST /api/kb/query/entry  KbEntryLookup  → KbHit           (404 when the key does not reach it)
 * - Staff (staff session; writes need statuspage:edit and x-csrf-token):
 *   GET    /api/kb/entries/:entryId                 → KbHit
 *   POST   /api/kb/entries          KbEntryInput    → KbHit (201)
 *   PATCH  /api/kb/entries/:entryId KbEntryPatch    → KbHit
 *   DELETE /api/kb/entries/:entryId                 → 204
 *   POST   /api/kb/entries/import   text/csv body   → KbImportResult (all rows or none; 400 with
 *                                                     KbImportError rows in error.fields)
 *   GET    /api/kb/entries/export[?bom=1]           → text/csv (comma, every field quoted)
 *   GET    /api/kb/gaps                             → KbGapList (questions Ask AI could not answer)
 *   DELETE /api/kb/gaps/:gapId                      → 204
 */

export const KbAccessLevel = z.enum(kbAccessLevels);
export type KbAccessLevel = z.infer<typeof KbAccessLevel>;
export const KbSourceType = z.enum(kbSourceTypes);
export type KbSourceType = z.infer<typeof KbSourceType>;
/** Spec 3 §9 time filter options (last1d is defined too). */
export const KbTimeFilter = z.enum(kbTimeFilters);
export type KbTimeFilter = z.infer<typeof KbTimeFilter>;
export { kbAccessLevelLabels, kbLimits, kbMaxPage, kbMessages, kbSourceTypeLabels, kbTimeFilterLabels };

/** Spec 3 §3 knowledge base hit, with its field names; timestamps are Unix seconds. */
export const KbHit = z.object({
  objectID: z.string().uuid(),
  content: z.string(),
  answer: z.string(),
  comment: z.string(),
  source_type: KbSourceType,
  source_subtype: z.string().nullable(),
  source_name: z.string().nullable(),
  favorite_public: z.boolean(),
  access_level: KbAccessLevel,
  product_ids: z.array(z.string().uuid()),
  date_timestamp: z.number().int(),
  customer_modified_timestamp: z.number().int(),
});
export type KbHit = z.infer<typeof KbHit>;

export const KbSearchKey = z.object({
  key: z.string(),
  expiresAt: z.string(),
  lifetimeSeconds: z.number().int(),
  /** What the key reaches: access levels and products (null: every product). */
  accessLevels: z.array(KbAccessLevel),
  productIds: z.array(z.string().uuid()).nullable(),
});
export type KbSearchKey = z.infer<typeof KbSearchKey>;

export const KbSearchKeyQuery = z.object({ productId: z.string().uuid().optional() });

export const KbSort = z.enum(['relevance', 'date_added_desc', 'last_modified_desc']);
export type KbSort = z.infer<typeof KbSort>;

export const KbQueryFilters = z.object({
  /** Narrow to these levels; each must be within the key's levels. */
  accessLevels: z.array(KbAccessLevel).max(3).optional(),
  /** Narrow to entries of these products (or of every product); each must be within the key's. */
  productIds: z.array(z.string().uuid()).max(kbLimits.facetValuesMax).optional(),
  sourceTypes: z.array(KbSourceType).max(3).optional(),
  time: KbTimeFilter.default('all'),
  isFavoritePublic: z.boolean().optional(),
});
export type KbQueryFilters = z.input<typeof KbQueryFilters>;

export const KbQuery = z.object({
  key: z.string().min(1, kbMessages.keyMissing).max(4096, kbMessages.keyInvalid),
  query: z.string().max(kbLimits.queryMaxLength, kbMessages.queryTooLong).default(''),
  page: z.number().int().min(0).default(0),
  hitsPerPage: z.number().int().min(1).max(kbLimits.maxPageSize).default(kbLimits.defaultPageSize),
  filters: KbQueryFilters.prefault({}),
  /** relevance when there is a query; without one, relevance means favourites first, then newest. */
  sort: KbSort.default('relevance'),
});
export type KbQuery = z.input<typeof KbQuery>;

export const KbQueryResult = z.object({
  hits: z.array(KbHit),
  nbHits: z.number().int(),
  page: z.number().int(),
  nbPages: z.number().int(),
  hitsPerPage: z.number().int(),
});
export type KbQueryResult = z.infer<typeof KbQueryResult>;

export const KbEntryLookup = z.object({
  key: z.string().min(1, kbMessages.keyMissing).max(4096, kbMessages.keyInvalid),
  objectID: z.string().uuid(),
});

const Question = z
  .string({ error: kbMessages.questionRequired })
  .trim()
  .min(1, kbMessages.questionRequired)
  .max(kbLimits.questionMaxLength, kbMessages.questionTooLong);
const Answer = z
  .string({ error: kbMessages.answerRequired })
  .trim()
  .min(1, kbMessages.answerRequired)
  .max(kbLimits.answerMaxLength, kbMessages.answerTooLong);
const Comment = z.string().trim().max(kbLimits.commentMaxLength, kbMessages.commentTooLong);
const SourceField = z.string().trim().max(kbLimits.sourceFieldMaxLength).nullable();

export const KbEntryInput = z.object({
  question: Question,
  answer: Answer,
  comment: Comment.default(''),
  sourceType: KbSourceType.default('manual'),
  sourceSubtype: SourceField.default(null),
  sourceName: SourceField.default(null),
  isFavoritePublic: z.boolean().default(false),
  accessLevel: KbAccessLevel.default('public'),
  productIds: z.array(z.string().uuid()).max(100).default([]),
});
export type KbEntryInput = z.input<typeof KbEntryInput>;

export const KbEntryPatch = z
  .object({
    question: Question,
    answer: Answer,
    comment: Comment,
    sourceType: KbSourceType,
    sourceSubtype: SourceField,
    sourceName: SourceField,
    isFavoritePublic: z.boolean(),
    accessLevel: KbAccessLevel,
    productIds: z.array(z.string().uuid()).max(100),
  })
  .partial();
export type KbEntryPatch = z.input<typeof KbEntryPatch>;

/**
 * CSV columns (header row, case and spacing ignored; question and answer required). access level:
 * public / restricted / internal; products: product slugs or ids separated by ';' or '|' (empty: all);
 * favorite: true/false/yes/no/1/0. Export writes every column, quoted.
 */
export const kbCsvColumns = [
  'question',
  'answer',
  'comment',
  'access level',
  'products',
  'source type',
  'source subtype',
  'source name',
  'favorite',
  'date added',
  'last modified',
] as const;

export const KbImportResult = z.object({ imported: z.number().int() });
export type KbImportResult = z.infer<typeof KbImportResult>;

export const KbGap = z.object({
  id: z.string().uuid(),
  question: z.string(),
  productId: z.string().uuid().nullable(),
  askCount: z.number().int(),
  firstAskedAt: z.string(),
  lastAskedAt: z.string(),
});
export type KbGap = z.infer<typeof KbGap>;
export const KbGapList = z.object({ gaps: z.array(KbGap) });
export type KbGapList = z.infer<typeof KbGapList>;
