import { eq } from 'drizzle-orm';
import type { UpdatePublishedPayload } from '../../../shared/webhooks';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { organisations, topics, topicUpdates } from '../../db/schema';
import type { ReadUpdatePublished } from '../webhooks';
import { renderUpdateHtml } from './render-markdown';

/**
 * The `update.published` webhook body, read when it is delivered: only an update still public and on
 * the page is sent (a topic hidden or an update made private meanwhile is not).
 */
export function createUpdatePublishedReader(deps: {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
}): ReadUpdatePublished {
  return async ({ updateId, deliveryId }): Promise<UpdatePublishedPayload | null> => {
    const [row] = await deps.db
      .select({
        update: topicUpdates,
        topic: topics,
        organisation: { slug: organisations.slug, name: organisations.name },
      })
      .from(topicUpdates)
      .innerJoin(topics, eq(topics.id, topicUpdates.topicId))
      .innerJoin(organisations, eq(organisations.id, topicUpdates.organisationId))
      .where(eq(topicUpdates.id, updateId))
      .limit(1);
    if (!row) return null;
    const { update, topic, organisation } = row;
    if (topic.isHidden || !update.onStatusPage || update.audience !== 'public') return null;
    const pageUrl = new URL(`/${organisation.slug}`, deps.config.publicUrl);
    pageUrl.searchParams.set('tcuUid', topic.id);
    return {
      event: 'update.published',
      deliveryId,
      organisation,
      topic: { id: topic.id, subject: topic.subject, category: topic.category },
      update: {
        id: update.id,
        createdAt: update.createdAt.toISOString(),
        html: renderUpdateHtml(update.message),
        url: pageUrl.toString(),
      },
    };
  };
}
