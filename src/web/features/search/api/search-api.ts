import type { KbHit, KbQuery, KbQueryResult, KbSearchKey } from '../../../../shared/knowledge-base';
import { kbLimits, kbMaxPage } from '../../../../shared/knowledge-base-texts';
import type {
  AnswerRequest,
  AnswerResponse,
  SearchRequest,
  SearchResponse,
  SearchSetup,
} from '../../../../shared/search';
import type { TopicView, VisitorUpdatesResponse } from '../../../../shared/updates';
import { apiRequest } from '../../../lib/api-client';
import { shareBase, viewerQuery } from '../lib/viewer-parameters';

export type SearchTarget = { organisationSlug: string; productId: string; productSlug: string | null };

/** GET {base}/search/setup: the engine of this viewer and whether Ask AI shows (spec 1 §4). */
export function fetchSearchSetup(target: SearchTarget, search: string): Promise<SearchSetup> {
  return apiRequest<SearchSetup>(
    `${shareBase(target.organisationSlug)}/search/setup${viewerQuery(search, { productId: target.productId })}`,
  );
}

/** POST {base}/search (spec 1 §7); offset and limit page through the matches. */
export function postSearch(
  target: SearchTarget,
  search: string,
  page: { term: string; offset: number; limit: number },
  signal?: AbortSignal,
): Promise<SearchResponse> {
  const body: SearchRequest = {
    query: { term: page.term, filters: { products: [target.productId] } },
    offset: page.offset,
    limit: page.limit,
  };
  return apiRequest<SearchResponse>(`${shareBase(target.organisationSlug)}/search${viewerQuery(search)}`, {
    method: 'POST',
    body,
    signal,
  });
}

/** POST {base}/search/answer (spec 1 §7). */
export function postAnswer(
  target: SearchTarget,
  search: string,
  term: string,
  signal?: AbortSignal,
): Promise<AnswerResponse> {
  const body: AnswerRequest = { query: { term, filters: { product: target.productId } } };
  return apiRequest<AnswerResponse>(
    `${shareBase(target.organisationSlug)}/search/answer${viewerQuery(search)}`,
    { method: 'POST', body, signal },
  );
}

/** Trust updates are paged 5 at a time; local search reads this many pages at most. */
const maxTopicPages = 40;

/** Every visible topic of the product, for local search (the same call the updates card makes). */
export async function fetchAllTopics(target: SearchTarget, search: string): Promise<TopicView[]> {
  const topics: TopicView[] = [];
  for (let page = 1; page <= maxTopicPages; page++) {
    const extra: Record<string, string> = { page: String(page) };
    if (target.productSlug) extra.product = target.productSlug;
    const response = await apiRequest<VisitorUpdatesResponse>(
      `${shareBase(target.organisationSlug)}/compliance-update${viewerQuery(search, extra)}`,
    );
    topics.push(...response.topics);
    if (page >= response.totalPages) break;
  }
  return topics;
}

/**
 * The knowledge-base entries of the product this viewer may see, for local search: the key from
 * {base}/kb/ais carries the gate's access levels (the same call the FAQ panel makes), and
 * /api/kb/query pages within it up to the knowledge base's result window.
 */
export async function fetchAllFaqs(target: SearchTarget, search: string): Promise<KbHit[]> {
  const { key } = await apiRequest<KbSearchKey>(
    `${shareBase(target.organisationSlug)}/kb/ais${viewerQuery(search, { productId: target.productId })}`,
  );
  const hitsPerPage = kbLimits.maxPageSize;
  const hits: KbHit[] = [];
  for (let page = 0; page <= kbMaxPage(hitsPerPage); page++) {
    const body: KbQuery = { key, page, hitsPerPage };
    const result = await apiRequest<KbQueryResult>('/api/kb/query', { method: 'POST', body });
    hits.push(...result.hits);
    if (page + 1 >= result.nbPages) break;
  }
  return hits;
}
