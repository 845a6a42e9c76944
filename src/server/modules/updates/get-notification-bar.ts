import { type NotificationBarResponse, updateLimits } from '../../../shared/updates';
import { loadVisibleTopics, type VisitorContext } from './list-visitor-updates';

const hourMs = 60 * 60 * 1000;

async function buildNotificationBar(ctx: VisitorContext, product: string | undefined, now: Date) {
  const topics = await loadVisibleTopics(ctx, { product });
  const since = now.getTime() - updateLimits.notificationWindowHours * hourMs;
  let latest: NotificationBarResponse['latest'] = null;
  for (const topic of topics) {
    const update = topic.updates[0];
    if (!update || update.createdAt.getTime() < since) continue;
    if (!latest || update.createdAt.toISOString() > latest.createdAt) {
      latest = {
        topicId: topic.id,
        updateId: update.id,
        subject: topic.subject,
        createdAt: update.createdAt.toISOString(),
      };
    }
  }
  return { latest };
}

/**
 * The notification bar (spec 1 §2): the newest update the viewer may see, when it was created within
 * 24 hours. Public answers are cached per revision for at most the cache's lifetime (seconds), so an
 * update leaves the bar at most that long after its 24 hours end.
 */
export async function getNotificationBar({
  ctx,
  input,
}: {
  ctx: VisitorContext;
  input: { product?: string };
}): Promise<NotificationBarResponse> {
  const now = new Date();
  if (ctx.viewer.mode !== 'public') return buildNotificationBar(ctx, input.product, now);
  const { id, revision } = ctx.viewer.organisation;
  return ctx.providers.cache.publicValue(id, revision, 'updates:latest', () =>
    buildNotificationBar(ctx, undefined, now),
  );
}
