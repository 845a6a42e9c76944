import { z } from 'zod';
import { limits } from './limits';
import { countOf } from './plural';

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

export const KbAccessLevel = z.enum(['public', 'restricted', 'internal']);
export type KbAccessLevel = z.infer<typeof KbAccessLevel>;
export const kbAccessLevelLabels: Record<KbAccessLevel, string> = {
  public: 'Public',
  restricted: 'Restricted',
  internal: 'Internal',
};

export const KbSourceType = z.enum(['manual', 'questionnaire', 'status_page']);
export type KbSourceType = z.infer<typeof KbSourceType>;
export const kbSourceTypeLabels: Record<KbSourceType, string> = {
  manual: 'Manual',
  questionnaire: 'Questionnaire',
  status_page: 'Status page',
};

/** Spec 3 §9 time filter options (last1d is defined too). */
export const KbTimeFilter = z.enum(['last1d', 'last7d', 'last1m', 'last1y', 'all']);
export type KbTimeFilter = z.infer<typeof KbTimeFilter>;
export const kbTimeFilterLabels: Record<KbTimeFilter, string> = {
  last1d: 'Last 1 day',
  last7d: '7 days',
  last1m: '1 month',
  last1y: '1 year',
  all: 'All time',
};

export const kbLimits = {
  defaultPageSize: 10,
  pageSizeOptions: [10, 25, 50, 100],
  maxPageSize: 100,
  /** Spec 3 §9: the deepest reachable result is this window minus the page size. */
  resultWindow: 1000,
  facetValuesMax: 1000,
  searchDebounceMs: 600,
  resizeDebounceMs: 50,
  gridHeightOffsetPx: 220,
  /** Search key lifetime; clients refresh at half of it (spec 3 §9). */
  searchKeyLifetimeSeconds: 900,
  questionMaxLength: 2000,
  answerMaxLength: 20_000,
  commentMaxLength: 5000,
  sourceFieldMaxLength: 200,
  queryMaxLength: limits.searchTermMaxLength,
  importMaxRows: 5000,
  importMaxBytes: 5 * 1024 * 1024,
  /** Entries shown in the panel before 'View more'. */
  panelPreviewCount: 5,
} as const;

/** The deepest page (0-based) a query may ask for with this page size. */
export function kbMaxPage(hitsPerPage: number): number {
  return Math.max(0, Math.floor((kbLimits.resultWindow - hitsPerPage) / hitsPerPage) - 1);
}

export const kbMessages = {
  panelTitle: 'Knowledge Base',
  viewMore: 'View more',
  searchPlaceholder: 'Search by question, answer or comment',
  filterAccess: 'Access',
  filterProducts: 'Products',
  filterTime: 'Time',
  columnFavorite: 'favorite',
  columnDetails: 'Details',
  columnComment: 'Comment',
  columnAccess: 'Access',
  columnDateAdded: 'Date added',
  columnLastModified: 'Last modified',
  question: 'Question',
  answer: 'Answer',
  comment: 'Comment',
  metadata: 'Metadata',
  metadataProducts: 'Products',
  metadataSource: 'Source',
  metadataType: 'Type',
  metadataDateUploaded: 'Date uploaded',
  metadataTimeModified: 'Time modified',
  metadataAccess: 'Access',
  copied: (type: string) => `Copied ${type} to clipboard`,
  noMatches: 'No results match this criteria',
  noEntries: 'No entries to show',
  fileReadFailed: 'Failed to read file',
  fileReadError: 'Error reading file',
  keyMissing: 'A search key is required.',
  keyInvalid: 'The search key is not valid or has expired. Reload the page and try again.',
  filterWidensKey: 'These filters ask for more than this search key allows.',
  pagePastWindow: (maxPage: number) =>
    `Only the first ${kbLimits.resultWindow} results can be paged through; the last page is ${maxPage + 1}. Refine the search instead.`,
  productNotFound: 'Product not found',
  entryNotFound: 'Knowledge base entry not found',
  gapNotFound: 'Question not found',
  questionRequired: 'Question is required',
  questionTooLong: `Question must be at most ${kbLimits.questionMaxLength} characters`,
  answerRequired: 'Answer is required',
  answerTooLong: `Answer must be at most ${kbLimits.answerMaxLength} characters`,
  commentTooLong: `Comment must be at most ${kbLimits.commentMaxLength} characters`,
  queryTooLong: `Search terms can be at most ${limits.searchTermMaxLength} characters`,
  importEmpty: 'The file has no entries: add a header row and at least one row.',
  importMissingColumns: (columns: string[]) => `The header row is missing: ${columns.join(', ')}`,
  importTooManyRows: `At most ${kbLimits.importMaxRows} rows per import`,
  importUnbalancedQuotes: 'A quoted field is not closed',
  importFailed: (count: number) => `${countOf(count, 'row has', 'rows have')} errors; nothing was imported`,
  imported: (count: number) => `Imported ${countOf(count, 'entry', 'entries')}`,
  entryCreated: 'Entry added',
  entrySaved: 'Entry saved',
  entryDeleted: 'Entry deleted',
} as const;

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
