import { Feed } from 'feed';
import { categoryLabels, type UpdateCategory, updateLimits } from '../../../shared/updates';
import type { Context } from '../../context';
import { portalUrl } from '../../core';
import { noItemGrants } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import { listTopicsWithUpdates } from './queries';
import { renderUpdateHtml, renderUpdateText } from './render-markdown';
import { visibleTopics } from './topic-views';

export type FeedFormat = 'atom' | 'json';
export const feedContentTypes: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** A feed is public whoever fetches it: it is built as the anonymous visitor sees the page. */
function asPublicVisitor(viewer: Viewer): Viewer {
  return { ...viewer, mode: 'public', staff: null, member: null, preview: null, session: null };
}

export function feedPath(slug: string, format: FeedFormat): string {
  return `/${slug}/updates.${format}`;
}

async function buildFeed(
  ctx: Pick<Context, 'db' | 'viewer' | 'config'>,
  format: FeedFormat,
  category: UpdateCategory | undefined,
): Promise<string> {
  const viewer = asPublicVisitor(ctx.viewer);
  const { organisation } = viewer;
  const topics = visibleTopics(
    viewer,
    await listTopicsWithUpdates(ctx.db, organisation.id, { includeHidden: false, category }),
    noItemGrants,
  );
  const entries = topics
    .flatMap((topic) => topic.updates.map((update) => ({ topic, update })))
    .sort((a, b) => b.update.createdAt.getTime() - a.update.createdAt.getTime())
    .slice(0, updateLimits.feedMaxEntries);
  const home = portalUrl(ctx.config.publicUrl, organisation);
  const query = category ? `?category=${category}` : '';
  const selfUrl = (kind: FeedFormat) => `${ctx.config.publicUrl}${feedPath(organisation.slug, kind)}${query}`;
  const title = `${organisation.name} ${organisation.customisation.portalTitle} updates${
    category ? ` (${categoryLabels[category]})` : ''
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

/** Atom or JSON Feed of public, visible updates (per category when asked), cached per organisation revision. */
export async function getUpdatesFeed({
  ctx,
  input,
}: {
  ctx: Pick<Context, 'db' | 'viewer' | 'config' | 'providers'>;
  input: { format: FeedFormat; category?: UpdateCategory };
}): Promise<string> {
  const { id, revision } = ctx.viewer.organisation;
  return ctx.providers.cache.publicValue(id, revision, `feed:${input.format}:${input.category ?? ''}`, () =>
    buildFeed(ctx, input.format, input.category),
  );
}
