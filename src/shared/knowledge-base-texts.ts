import { limits } from './limits';
import { countOf } from './plural';

/**
 * The knowledge base's texts and limits without its schemas: the portal's FAQ panel imports these, and
 * src/shared/knowledge-base.ts (which defines the zod schemas) re-exports them, so zod stays off the portal.
 */

export const kbAccessLevels = ['public', 'restricted', 'internal'] as const;
export type KbAccessLevel = (typeof kbAccessLevels)[number];
export const kbAccessLevelLabels: Record<KbAccessLevel, string> = {
  public: 'Public',
  restricted: 'Restricted',
  internal: 'Internal',
};

export const kbSourceTypes = ['manual', 'questionnaire', 'status_page'] as const;
export type KbSourceType = (typeof kbSourceTypes)[number];
export const kbSourceTypeLabels: Record<KbSourceType, string> = {
  manual: 'Manual',
  questionnaire: 'Questionnaire',
  status_page: 'Status page',
};

/** Spec 3 §9 time filter options (last1d is defined too). */
export const kbTimeFilters = ['last1d', 'last7d', 'last1m', 'last1y', 'all'] as const;
export type KbTimeFilter = (typeof kbTimeFilters)[number];
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
