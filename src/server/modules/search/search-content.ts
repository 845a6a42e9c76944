import type { Logger } from 'pino';
import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { SearchRequest, type SearchResponse, SearchResultType } from '../../../shared/search';
import type { Context } from '../../context';
import { loadItemGrants } from '../../policy/item-grants';
import type { Providers } from '../../providers';
import { embedQuery } from './embeddings';
import {
  correctSpelling,
  decideSearchScope,
  findMatches,
  findVisibleProduct,
  loadSearchScopeRows,
  type SearchScope,
} from './queries';
import { groupCounts, toSearchResult } from './search-results';
import { expandQuery } from './security-vocabulary';
import { termTsQuery } from './sql-helpers';

const emptyCounts = () =>
  Object.fromEntries(SearchResultType.options.map((type) => [type, 0])) as SearchResponse['result']['counts'];

/**
 * The gate's scope for a product the viewer may see; unknown or hidden products are not found. The
 * reads run together (one round trip's wait, not five); nothing is used before the product is known.
 */
export async function loadScopeForProduct(
  ctx: Pick<Context, 'db' | 'viewer'>,
  productId: string,
): Promise<SearchScope> {
  const [product, grants, rows] = await Promise.all([
    findVisibleProduct(ctx.db, ctx.viewer, productId),
    loadItemGrants(ctx.db, ctx.viewer, productId),
    loadSearchScopeRows(ctx.db, ctx.viewer, productId),
  ]);
  if (!product) throw new AppError('product_not_found', messages.productNotFound);
  return decideSearchScope(ctx.viewer, productId, rows, grants);
}

/** What search and Ask AI need: embeddings (when configured) and a log for a failing endpoint. */
export type SearchContext = Pick<Context, 'db' | 'viewer'> & {
  providers?: Pick<Providers, 'embeddings'>;
  log?: Pick<Logger, 'warn'>;
};

/**
 * Server search (spec 1 §4, §7): full-text over what the gate lets the viewer see, with security
 * synonyms, plus semantic neighbours when an embedding model is configured; when nothing matches,
 * misspelt words are corrected against the organisation's vocabulary. Paged for 'load more'.
 */
export async function searchContent({
  ctx,
  input,
}: {
  ctx: SearchContext;
  input: SearchRequest;
}): Promise<SearchResponse> {
  const request = SearchRequest.parse(input);
  const term = request.query.term;
  const productId = request.query.filters.products[0]!;
  const scope = await loadScopeForProduct(ctx, productId);
  if (term === '') {
    return { result: { matches: [], total: 0, counts: emptyCounts(), nextOffset: null, isFuzzy: false } };
  }
  const paging = { limit: request.limit, offset: request.offset, purpose: 'search' as const };
  const vector = await embedQuery(ctx.providers?.embeddings, term, ctx.log);
  // The correction is looked up, and its search started, alongside the term's own search: when the
  // term finds nothing the corrected results are already on their way (on PostgreSQL each runs on
  // its own connection), so a misspelling costs about one search's wait instead of two in a row.
  const [typed, corrected] = await Promise.all([
    findMatches(ctx.db, scope, { ...paging, query: termTsQuery(expandQuery(term)), vector }),
    correctSpelling(ctx.db, scope.organisationId, term).then((correction) =>
      correction === null
        ? null
        : findMatches(ctx.db, scope, { ...paging, query: termTsQuery(expandQuery(correction)) }),
    ),
  ]);
  const isFuzzy = typed.total === 0 && typed.hasLexemes && corrected !== null;
  const page = isFuzzy ? corrected : typed;
  const end = request.offset + page.rows.length;
  return {
    result: {
      matches: page.rows.map(toSearchResult),
      total: page.total,
      counts: groupCounts(page.counts),
      nextOffset: end < page.total ? end : null,
      isFuzzy: isFuzzy && page.total > 0,
    },
  };
}
