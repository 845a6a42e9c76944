import { and, eq } from 'drizzle-orm';
import { Feed } from 'feed';
import { AppError } from '../../../shared/errors';
import {
  categoryLabels,
  type FeedFormat,
  feedPath,
  type UpdateCategory,
  updateLimits,
  updateMessages,
} from '../../../shared/updates';
import type { Context } from '../../context';
import { portalUrl } from '../../core';
import { products } from '../../db/schema';
import { noItemGrants } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { listTopicsWithUpdates } from './queries';
import { renderUpdateHtml, renderUpdateText } from './render-markdown';
import { visibleTopics } from './topic-views';

export type { FeedFormat };
export const feedContentTypes: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** A feed is public whoever fetches it: it is built as the anonymous visitor sees the page. */
function asPublicVisitor(viewer: Viewer): Viewer {
  return { ...viewer, mode: 'public', staff: null, member: null, preview: null, session: null };
}

type FeedFilter = { category?: UpdateCategory; product?: { id: string; name: string; slug: string } };

async function buildFeed(
  ctx: Pick<Context, 'db' | 'viewer' | 'config'>,
  format: FeedFormat,
  filter: FeedFilter,
): Promise<string> {
  const viewer = asPublicVisitor(ctx.viewer);
  const { organisation } = viewer;
  const { category, product } = filter;
  const topics = visibleTopics(
    viewer,
    await listTopicsWithUpdates(ctx.db, organisation.id, {
      includeHidden: false,
      ...(category ? { category } : {}),
      ...(product ? { productId: product.id } : {}),
    }),
    noItemGrants,
  );
  const entries = topics
    .flatMap((topic) => topic.updates.map((update) => ({ topic, update })))
    .sort((a, b) => b.update.createdAt.getTime() - a.update.createdAt.getTime())
    .slice(0, updateLimits.feedMaxEntries);
  const home = portalUrl(ctx.config.publicUrl, organisation);
  const selection = { ...(category ? { category } : {}), ...(product ? { product: product.slug } : {}) };
  const selfUrl = (kind: FeedFormat) =>
    `${ctx.config.publicUrl}${feedPath(organisation.slug, kind, selection)}`;
  const narrowedTo = [product?.name, category ? categoryLabels[category] : undefined].filter(Boolean);
  const title = `${organisation.name} ${organisation.customisation.portalTitle} updates${
    narrowedTo.length ? ` (${narrowedTo.join(', ')})` : ''
  }`;
  const feed = new Feed({
    id: selfUrl(format),
    title,
    description: `Trust updates published by ${organisation.name}`,
    link: home,
    language: 'en',
    updated: entries[0]?.update.createdAt ?? organisation.updatedAt,
    generator: 'Attest',
    feedLinks: { atom: selfUrl('atom'), json: selfUrl('json') },
    copyright: organisation.name,
    author: { name: organisation.name, link: home },
  });
  for (const { topic, update } of entries) {
    const link = new URL(home);
    link.searchParams.set('tcuUid', topic.id);
    feed.addItem({
      id: `urn:uuid:${update.id}`,
      title: topic.subject,
      link: link.toString(),
      date: update.createdAt,
      published: update.createdAt,
      description: renderUpdateText(update.message).slice(0, 300),
      content: renderUpdateHtml(update.message),
      category: [{ name: categoryLabels[topic.category], term: topic.category }],
      author: [{ name: organisation.name }],
    });
  }
  return format === 'atom' ? feed.atom1() : feed.json1();
}

/**
 * Atom or JSON Feed of public, visible updates (per category, per product — its topics and the
 * organisation-wide ones — when asked), cached per organisation revision. A product not shown is 404.
 */
export async function getUpdatesFeed({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'config' | 'providers'>;
  input: { format: FeedFormat; category?: UpdateCategory; product?: string };
}): Promise<string> {
  const { id, revision } = ctx.viewer.organisation;
  let product: FeedFilter['product'];
  if (input.product) {
    [product] = await ctx.db
      .select({ id: products.id, name: products.name, slug: products.slug })
      .from(products)
      .where(
        and(eq(products.organisationId, id), eq(products.slug, input.product), eq(products.isShown, true)),
      )
      .limit(1);
    if (!product) throw new AppError('not_found', updateMessages.productUnknown);
  }
  const key = `feed:${input.format}:${input.category ?? ''}:${product?.id ?? ''}`;
  return ctx.providers.cache.publicValue(id, revision, key, () =>
    buildFeed(ctx, input.format, {
      ...(input.category ? { category: input.category } : {}),
      ...(product ? { product } : {}),
    }),
  );
}
