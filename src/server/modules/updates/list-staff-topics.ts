import type { StaffTopicsResponse } from '../../../shared/updates';
import type { Context } from '../../context';
import { countConfirmedSubscribers, listTopicsWithUpdates, loadDeliveryProgress } from './queries';
import { assertCanReadConsole } from './staff-writes';
import { compareTopics, latestAtOf, staffTopicView } from './topic-views';

/** Every topic (hidden ones too) with delivery progress, and the e-mail subscriber count. */
export async function listStaffTopics({
  ctx,
}: {
  ctx: Pick<Context, 'db' | 'viewer'>;
}): Promise<StaffTopicsResponse> {
  assertCanReadConsole(ctx.viewer);
  const organisationId = ctx.viewer.organisation.id;
  const [topics, emailSubscriberCount] = await Promise.all([
    listTopicsWithUpdates(ctx.db, organisationId, { includeHidden: true }),
    countConfirmedSubscribers(ctx.db, organisationId),
  ]);
  const progress = await loadDeliveryProgress(
    ctx.db,
    organisationId,
    topics.flatMap((topic) => topic.updates.map((update) => update.id)),
  );
  const ordered = [...topics].sort((a, b) =>
    compareTopics({ ...a, latestAt: latestAtOf(a) }, { ...b, latestAt: latestAtOf(b) }),
  );
  return { topics: ordered.map((topic) => staffTopicView(topic, progress)), emailSubscriberCount };
}
