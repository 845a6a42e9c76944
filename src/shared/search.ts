import { z } from 'zod';
import { CardKind } from './card-kinds';
import { limits } from './limits';
import { countOf } from './plural';

/**
 * Search and AI answers (spec 1 §2 "Search dialog", §3, §4, §7, §8, §9): the contract between the
 * server's search module and the web's search dialog.
 *
 * HTTP surface (portal viewer; the share query parameters permissionProfileId / accountId apply as on
 * GET {base}/view; {base} = /api/statuspage/share/:org; these POSTs read only: no x-csrf-token needed):
 *   GET  {base}/search/setup?productId=         → SearchSetup (which engine, whether Ask AI shows)
 *   POST {base}/search         SearchRequest    → SearchResponse  (result.matches)
 *   POST {base}/search/answer  AnswerRequest    → AnswerResponse  (result.answer, result.sources)
 * Errors: 400 { error: { code: 'validation_failed', message } } with searchMessages texts (term too long,
 * 'No product id'); 404 product_not_found; 403 forbidden when Ask AI is not available; 429 rate_limited.
 * Every result has passed the access gate before ranking and counting: counts never reveal hidden content.
 */

export const searchLimits = {
  /** Spec 1 §5 / §9. */
  termMaxLength: limits.searchTermMaxLength,
  /** Spec 1 §4 / §9: first page, then this many per load after loadMoreDelayMs. */
  firstPageSize: 15,
  nextPageSize: 10,
  maxPageSize: 50,
  /** Deepest offset a client may ask for; deeper paging is not a search use. */
  maxOffset: 1000,
  loadMoreDelayMs: 500,
  groupPreviewCount: 3,
  localDebounceMs: 100,
  serverDebounceMs: 500,
  analyticsQueryDelayMs: 700,
  answerRevealChunkMs: 10,
  /** Sources an answer may be built from (and cites). */
  answerMaxSources: 5,
} as const;

export const searchMessages = {
  placeholder: 'Search items',
  startSearching: 'Start searching above',
  noResults: 'No results found',
  tryDifferentTerm: 'Try using a different search term.',
  topMatch: 'Top match',
  results: (count: number) => `${count} results`,
  searching: 'Searching…',
  more: (count: number) => `...${count} more`,
  modeSearch: 'Search',
  modeAskAi: 'Ask AI',
  generatingAnswer: 'Generating Answer',
  answer: 'Answer',
  copyResponse: 'Copy response',
  generatedFrom: (count: number) => `Generated from ${countOf(count, 'source')}`,
  answerFailed: 'Failed to get an answer from the AI. Please try again later.',
  searchFailed: 'Failed to retrieve search results. Please try again later.',
  /** The results area after a failure (spec 1 §8 shows the snack's text only in the snack). */
  searchErrorState: 'Search results could not be loaded',
  answerErrorState: 'The answer could not be generated',
  tryAgain: 'Try again',
  noProductId: 'No product id',
  termTooLong: `Search terms can be at most ${limits.searchTermMaxLength} characters`,
  questionRequired: 'Enter a question',
  answerUnavailable: 'AI answers are not available here.',
  /** Shown when the answer is null: nothing the viewer may see answers the question. */
  noAnswer: "We couldn't find an answer to this question in the content available to you.",
} as const;

/** Result groups in display order (spec 1 §2), each with its heading. */
export const SearchResultType = z.enum([
  'document',
  'control',
  'fact',
  'faq',
  'trust_item',
  'update',
  'webpage',
]);
export type SearchResultType = z.infer<typeof SearchResultType>;
export const searchGroupLabels: Record<SearchResultType, string> = {
  document: 'Documents',
  control: 'Controls',
  fact: 'Facts',
  faq: 'FAQs',
  trust_item: 'Trust Items',
  update: 'Updates',
  webpage: 'Webpage',
};
export const searchGroupOrder: SearchResultType[] = SearchResultType.options;

/** 'semantic' is the server engine, 'fuse' the browser's local one (spec 1 §3). */
export const SearchSource = z.enum(['semantic', 'fuse']);
export type SearchSource = z.infer<typeof SearchSource>;

/** A piece of a snippet; isMatch marks the words the query matched (render as <mark>, never as HTML). */
export const SnippetPart = z.object({ text: z.string(), isMatch: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPart>;

const resultBase = {
  id: z.string(),
  source: SearchSource,
  title: z.string(),
  /** Lucide icon name the UI may show for the result. */
  icon: z.string().nullable(),
  /** Where the match was found, with matched words marked; null when only the title matched. */
  snippet: z.array(SnippetPart).nullable(),
};

export const DocumentSearchResult = z.object({
  ...resultBase,
  type: z.literal('document'),
  metadata: z.object({
    fileId: z.string().uuid(),
    fileName: z.string(),
    mimeType: z.string(),
    /** The item (documents card entry) the file belongs to: open it to view or download. */
    itemUid: z.string().uuid(),
    kind: CardKind,
  }),
  /** Spec 1 §3 content[0].value: a plain-text snippet (empty when only the title matched). */
  content: z.array(z.object({ value: z.string() })),
});
export type DocumentSearchResult = z.infer<typeof DocumentSearchResult>;

/** Items on cards: grouped as Controls, Facts or Trust Items by their card kind (itemResultType). */
export const ItemSearchResult = z.object({
  ...resultBase,
  type: z.enum(['control', 'fact', 'trust_item']),
  metadata: z.object({
    itemUid: z.string().uuid(),
    kind: CardKind,
    cardTitle: z.string(),
    /** null when the item is locked for this viewer (title visible, content restricted). */
    explanation: z.string().nullable(),
    isLocked: z.boolean(),
    customUrlSlug: z.string().nullable(),
  }),
});
export type ItemSearchResult = z.infer<typeof ItemSearchResult>;

export const FaqSearchResult = z.object({
  ...resultBase,
  type: z.literal('faq'),
  /** title is the question. */
  metadata: z.object({ answer: z.string(), comment: z.string() }),
});
export type FaqSearchResult = z.infer<typeof FaqSearchResult>;

export const UpdateSearchResult = z.object({
  ...resultBase,
  type: z.literal('update'),
  /** title is the topic subject; selecting the result goes to the topic (tcuUid = topicId). */
  metadata: z.object({
    topicId: z.string().uuid(),
    updateId: z.string().uuid(),
    description: z.string(),
    category: z.string(),
    createdAt: z.string(),
  }),
});
export type UpdateSearchResult = z.infer<typeof UpdateSearchResult>;

/** Reserved for crawled web pages; the server does not produce it yet (no crawler). */
export const WebpageSearchResult = z.object({
  ...resultBase,
  type: z.literal('webpage'),
  metadata: z.object({ url: z.string() }),
});
export type WebpageSearchResult = z.infer<typeof WebpageSearchResult>;

export const SearchResult = z.discriminatedUnion('type', [
  DocumentSearchResult,
  ItemSearchResult,
  FaqSearchResult,
  UpdateSearchResult,
  WebpageSearchResult,
]);
export type SearchResult = z.infer<typeof SearchResult>;

const SearchTerm = z
  .string({ error: searchMessages.questionRequired })
  .max(searchLimits.termMaxLength, searchMessages.termTooLong)
  .transform((value) => value.trim());

const ProductId = z.string({ error: searchMessages.noProductId }).uuid(searchMessages.noProductId);

export const SearchRequest = z.object({
  query: z.object({
    term: SearchTerm,
    filters: z
      .object({ products: z.array(ProductId).min(1, searchMessages.noProductId).max(1) })
      .prefault({ products: [] }),
  }),
  /** Paging for 'load more': offset of the first result and how many to return (15, then 10). */
  offset: z.number().int().min(0).max(searchLimits.maxOffset).default(0),
  limit: z.number().int().min(1).max(searchLimits.maxPageSize).default(searchLimits.firstPageSize),
});
export type SearchRequest = z.input<typeof SearchRequest>;

export const SearchResponse = z.object({
  result: z.object({
    matches: z.array(SearchResult),
    /** Every match the viewer may see, per group and in all; nextOffset null when no more. */
    total: z.number().int(),
    counts: z.record(SearchResultType, z.number().int()),
    nextOffset: z.number().int().nullable(),
    /** The term corrected for spelling when no exact match existed (null otherwise). */
    isFuzzy: z.boolean(),
  }),
});
export type SearchResponse = z.infer<typeof SearchResponse>;

export const AnswerRequest = z.object({
  query: z.object({
    term: SearchTerm.refine((value) => value.length > 0, searchMessages.questionRequired),
    filters: z.object({ product: ProductId }).prefault({ product: '' as string }),
  }),
});
export type AnswerRequest = z.input<typeof AnswerRequest>;

export const AnswerResponse = z.object({
  result: z.object({
    /** Plain text with citation markers [1], [2] … pointing into sources (1-based); null: no answer. */
    answer: z.string().nullable(),
    sources: z.array(SearchResult),
  }),
});
export type AnswerResponse = z.infer<typeof AnswerResponse>;

/** Spec 1 §4: which engine the dialog uses in this mode, and whether the Ask AI switch shows. */
/**
 * Beside the console's Ask AI switch: who writes answers on this server (a configured language model,
 * or the built-in answerer that quotes the sources), and whether the plan includes Trust Center AI.
 */
export const AskAiSetup = z.object({
  answerer: z.enum(['language_model', 'built_in']),
  planIncludesAi: z.boolean(),
});
export type AskAiSetup = z.infer<typeof AskAiSetup>;

export const SearchSetup = z.object({
  engine: z.enum(['server', 'local']),
  isAnswerAvailable: z.boolean(),
});
export type SearchSetup = z.infer<typeof SearchSetup>;

/** Card kinds whose items group as Facts and as Trust Items; every other card's items are Controls. */
const factKinds = new Set<CardKind>([
  'Overview',
  'RiskProfile',
  'SecurityGrades',
  'TrustedBy',
  'Subprocessors',
  'ProductFeatures',
]);
const trustItemKinds = new Set<CardKind>([
  'Reports',
  'Certifications',
  'Questionnaires',
  'Legal',
  'Documents',
]);

export function itemResultType(kind: CardKind): 'control' | 'fact' | 'trust_item' {
  if (factKinds.has(kind)) return 'fact';
  if (trustItemKinds.has(kind)) return 'trust_item';
  return 'control';
}
