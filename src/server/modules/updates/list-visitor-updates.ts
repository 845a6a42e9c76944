import { updateLimits, VisitorUpdatesQuery, type VisitorUpdatesResponse } from '../../../shared/updates';
import type { Context } from '../../context';
import { type ItemGrants, noItemGrants } from '../../policy';
import { loadItemGrants } from '../../policy/item-grants';
import {
  findGrantProductId,
  findProductIdBySlug,
  listTopicsWithUpdates,
  type TopicWithUpdates,
} from './queries';
import { visibleTopics, visitorTopicView } from './topic-views';

export type VisitorContext = Pick<Context, 'db' | 'viewer' | 'providers'>;

/** What the viewer's account unlocks; public and Main viewers need no lookup. */
async function grantsOf(ctx: VisitorContext, productSlug: string | undefined): Promise<ItemGrants> {
  const { viewer } = ctx;
  if (viewer.mode !== 'account_external' && viewer.mode !== 'preview') return noItemGrants;
  const productId = await findGrantProductId(ctx.db, viewer.organisation.id, productSlug);
  return productId ? loadItemGrants(ctx.db, viewer, productId) : noItemGrants;
}

/** Every topic the viewer may see, in card order, through canSeeUpdate. */
export async function loadVisibleTopics(
  ctx: VisitorContext,
  input: { product?: string; category?: VisitorUpdatesQuery['category'] },
): Promise<TopicWithUpdates[]> {
  const { viewer } = ctx;
  // On a product's page its own topics and the organisation-wide ones; without a product, all of them.
  const productId = input.product
    ? await findProductIdBySlug(ctx.db, viewer.organisation.id, input.product)
    : null;
  const [topics, grants] = await Promise.all([
    listTopicsWithUpdates(ctx.db, viewer.organisation.id, {
      includeHidden: viewer.mode === 'main',
      category: input.category,
      ...(productId ? { productId } : {}),
    }),
    grantsOf(ctx, input.product),
  ]);
  return visibleTopics(viewer, topics, grants);
}

async function buildPage(ctx: VisitorContext, query: VisitorUpdatesQuery): Promise<VisitorUpdatesResponse> {
  const input = VisitorUpdatesQuery.parse(query);
  const topics = await loadVisibleTopics(ctx, input);
  const pageSize = updateLimits.pageSize;
  const totalPages = Math.max(1, Math.ceil(topics.length / pageSize));
  const topicIndex = input.topicId ? topics.findIndex((topic) => topic.id === input.topicId) : -1;
  const page = topicIndex >= 0 ? Math.floor(topicIndex / pageSize) + 1 : Math.min(input.page, totalPages);
  return {
    topics: topics.slice((page - 1) * pageSize, page * pageSize).map(visitorTopicView),
    page,
    pageSize,
    totalTopics: topics.length,
    totalPages,
  };
}

/**
 * GET {share base}/compliance-update (spec 3 §7): visible topics, 5 per page. Every public viewer gets
 * the same answer, so it is cached per organisation revision (each publish or edit bumps it).
 */
export async function listVisitorUpdates({
  ctx,
  input,
}: {
  ctx: VisitorContext;
  input: VisitorUpdatesQuery;
}): Promise<VisitorUpdatesResponse> {
  const { viewer } = ctx;
  if (viewer.mode !== 'public') return buildPage(ctx, input);
  const { id, revision } = viewer.organisation;
  const key = `updates:${input.page ?? 1}:${input.category ?? ''}:${input.product ?? ''}:${input.topicId ?? ''}`;
  return ctx.providers.cache.publicValue(id, revision, key, () =>
    buildPage(ctx, { ...input, permissionProfileId: undefined, accountId: undefined }),
  );
}
