import { AppError } from '../../../shared/errors';
import {
  KbEntryLookup,
  type KbHit,
  KbQuery,
  type KbQueryResult,
  kbMaxPage,
  kbMessages,
} from '../../../shared/knowledge-base';
import type { Context } from '../../context';
import { expandQuery, termTsQuery } from '../search';
import { findKbEntry, searchKbEntries, toKbHit } from './queries';
import { type SearchKeyScope, verifySearchKey } from './search-keys';

async function requireKeyScope(ctx: Pick<Context, 'db'>, key: string): Promise<SearchKeyScope> {
  const scope = await verifySearchKey(ctx.db, key);
  if (!scope) throw new AppError('bad_request', kbMessages.keyInvalid);
  return scope;
}

/** A hit as this key's holder may read it: the source's name only for staff in Main mode. */
function hitFor(scope: SearchKeyScope, hit: KbHit): KbHit {
  return scope.seesSourceNames ? hit : { ...hit, source_name: null };
}

function isWithin<T>(wanted: readonly T[], allowed: readonly T[]): boolean {
  return wanted.every((value) => allowed.includes(value));
}

/**
 * The knowledge-base search (spec 3 §7): accepts only a search key, searches within what the key
 * allows, and refuses filters that would widen it or pages past the result window (400 each).
 */
export async function queryKnowledgeBase({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: KbQuery;
}): Promise<KbQueryResult> {
  const request = KbQuery.parse(input);
  const scope = await requireKeyScope(ctx, request.key);
  const { filters } = request;
  if (filters.accessLevels && !isWithin(filters.accessLevels, scope.accessLevels)) {
    throw new AppError('bad_request', kbMessages.filterWidensKey, {
      'filters.accessLevels': kbMessages.filterWidensKey,
    });
  }
  if (filters.productIds && scope.productIds && !isWithin(filters.productIds, scope.productIds)) {
    throw new AppError('bad_request', kbMessages.filterWidensKey, {
      'filters.productIds': kbMessages.filterWidensKey,
    });
  }
  const maxPage = kbMaxPage(request.hitsPerPage);
  if (request.page > maxPage) {
    throw new AppError('bad_request', kbMessages.pagePastWindow(maxPage), {
      page: kbMessages.pagePastWindow(maxPage),
    });
  }
  const term = request.query.trim();
  const accessLevels = filters.accessLevels?.length ? filters.accessLevels : scope.accessLevels;
  const productIds = filters.productIds?.length ? filters.productIds : scope.productIds;
  const { hits, total } = await searchKbEntries(ctx.db, {
    organisationId: scope.organisationId,
    accessLevels,
    productIds,
    sourceTypes: filters.sourceTypes?.length ? filters.sourceTypes : null,
    isFavoritePublic: filters.isFavoritePublic ?? null,
    time: filters.time,
    query: term ? termTsQuery(expandQuery(term), { prefixLastWord: true }) : null,
    sort: request.sort,
    limit: request.hitsPerPage,
    offset: request.page * request.hitsPerPage,
  });
  const reachable = Math.min(total, (maxPage + 1) * request.hitsPerPage);
  return {
    hits: hits.map((hit) => hitFor(scope, hit)),
    nbHits: total,
    page: request.page,
    nbPages: Math.ceil(reachable / request.hitsPerPage),
    hitsPerPage: request.hitsPerPage,
  };
}

/** A single entry by id (spec 3 §7), only when the key reaches it; otherwise not found. */
export async function findKnowledgeEntryByKey({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db'>;
  input: { key: string; objectID: string };
}): Promise<KbHit> {
  const request = KbEntryLookup.parse(input);
  const scope = await requireKeyScope(ctx, request.key);
  const row = await findKbEntry(ctx.db, scope.organisationId, request.objectID);
  const isReachable =
    row !== null &&
    scope.accessLevels.includes(row.accessLevel) &&
    (scope.productIds === null ||
      row.productIds.length === 0 ||
      row.productIds.some((productId) => scope.productIds!.includes(productId)));
  if (!row || !isReachable) throw new AppError('not_found', kbMessages.entryNotFound);
  return hitFor(scope, toKbHit(row));
}
