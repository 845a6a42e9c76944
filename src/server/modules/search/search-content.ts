import { AppError } from '../../../shared/errors';
import { messages } from '../../../shared/messages';
import { SearchRequest, type SearchResponse, SearchResultType } from '../../../shared/search';
import type { Context } from '../../context';
import { loadItemGrants } from '../../policy/item-grants';
import { findMatches, findVisibleProduct, loadSearchScope, type SearchScope } from './queries';
import { groupCounts, toSearchResult } from './search-results';
import { expandQuery } from './security-vocabulary';
import { termTsQuery } from './sql-helpers';

/** Trigram word similarity a title must reach to count as a misspelling of the term. */
export const fuzzyThreshold = 0.45;

const emptyCounts = () =>
  Object.fromEntries(SearchResultType.options.map((type) => [type, 0])) as SearchResponse['result']['counts'];

/** The gate's scope for a product the viewer may see; unknown or hidden products are not found. */
export async function loadScopeForProduct(
  ctx: Pick<Context, 'db' | 'viewer'>,
  productId: string,
): Promise<SearchScope> {
  const product = await findVisibleProduct(ctx.db, ctx.viewer, productId);
  if (!product) throw new AppError('product_not_found', messages.productNotFound);
  const grants = await loadItemGrants(ctx.db, ctx.viewer, productId);
  return loadSearchScope(ctx.db, ctx.viewer, productId, grants);
}

/**
 * Server search (spec 1 §4, §7): full-text over what the gate lets the viewer see, with security
 * synonyms; when nothing matches, trigram similarity catches misspellings. Paged for 'load more'.
 */
export async function searchContent({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
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
  let page = await findMatches(ctx.db, scope, {
    ...paging,
    mode: { kind: 'fulltext', query: termTsQuery(expandQuery(term)) },
  });
  let isFuzzy = false;
  if (page.total === 0 && page.hasLexemes) {
    page = await findMatches(ctx.db, scope, {
      ...paging,
      mode: { kind: 'fuzzy', term, threshold: fuzzyThreshold },
    });
    isFuzzy = true;
  }
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
