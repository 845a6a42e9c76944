import type { StaffTopicView, StaffUpdateView, TopicView } from '../../../shared/updates';
import { canSeeUpdate, type ItemGrants } from '../../policy';
import type { Viewer } from '../../policy/viewer';
import type { DeliveryCounts, TopicWithUpdates, UpdateRow } from './queries';
import { renderUpdateHtml } from './render-markdown';

const noDeliveries: DeliveryCounts = { queued: 0, sent: 0, failed: 0, isFanningOut: false };

function staffUpdateView(update: UpdateRow, delivery: DeliveryCounts | undefined): StaffUpdateView {
  return {
    id: update.id,
    createdAt: update.createdAt.toISOString(),
    message: update.message,
    html: renderUpdateHtml(update.message),
    channels: {
      statusPage: update.onStatusPage,
      statusPageAudience: update.audience,
      email: {
        enabled: update.emailSubscribers || update.emailAddresses.length > 0,
        subscribers: update.emailSubscribers,
        audience: update.emailAddresses,
      },
    },
    delivery: delivery ?? noDeliveries,
  };
}

export function staffTopicView(
  topic: TopicWithUpdates,
  progress: ReadonlyMap<string, DeliveryCounts>,
): StaffTopicView {
  return {
    id: topic.id,
    subject: topic.subject,
    category: topic.category,
    productId: topic.productId,
    isHidden: topic.isHidden,
    isPinned: topic.isPinned,
    createdAt: topic.createdAt.toISOString(),
    updatedAt: topic.updatedAt.toISOString(),
    updates: topic.updates.map((update) => staffUpdateView(update, progress.get(update.id))),
  };
}

/** Pinned first, then the topic with the newest update first; ties by id so pages never shuffle. */
export function compareTopics(
  a: { isPinned: boolean; latestAt: Date; id: string },
  b: { isPinned: boolean; latestAt: Date; id: string },
): number {
  if (a.isPinned !== b.isPinned) return a.isPinned ? -1 : 1;
  const byDate = b.latestAt.getTime() - a.latestAt.getTime();
  return byDate !== 0 ? byDate : a.id.localeCompare(b.id);
}

export function latestAtOf(topic: TopicWithUpdates): Date {
  return topic.updates[0]?.createdAt ?? topic.createdAt;
}

/** The topics this viewer may see, each with only the updates it may see, in card order. */
export function visibleTopics(
  viewer: Viewer,
  topics: TopicWithUpdates[],
  grants: Pick<ItemGrants, 'isAccount'>,
): TopicWithUpdates[] {
  return topics
    .map((topic) => ({
      ...topic,
      updates: topic.updates.filter((update) => canSeeUpdate(viewer, topic, update, grants)),
    }))
    .filter((topic) => topic.updates.length > 0)
    .map((topic) => ({ topic, latestAt: latestAtOf(topic) }))
    .sort((a, b) => compareTopics({ ...a.topic, latestAt: a.latestAt }, { ...b.topic, latestAt: b.latestAt }))
    .map(({ topic }) => topic);
}

export function visitorTopicView(topic: TopicWithUpdates): TopicView {
  return {
    id: topic.id,
    subject: topic.subject,
    category: topic.category,
    // A hidden product is not named to visitors; its topic still reads as the organisation's.
    productName: topic.product?.isShown ? topic.product.name : null,
    isPinned: topic.isPinned,
    ...(topic.isHidden ? { isHidden: true as const } : {}),
    latestAt: latestAtOf(topic).toISOString(),
    updates: topic.updates.map((update) => ({
      id: update.id,
      createdAt: update.createdAt.toISOString(),
      html: renderUpdateHtml(update.message),
      audience: update.audience,
    })),
  };
}
