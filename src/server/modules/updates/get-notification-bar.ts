import { type NotificationBarResponse, updateLimits } from '../../../shared/updates';
import { loadAccessShape } from '../../policy/access-shape';
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
 * 24 hours. Public answers, and members' per access shape, are cached per revision for at most the
 * cache's lifetime (seconds), so an update leaves the bar at most that long after its 24 hours end.
 */
export async function getNotificationBar({
  ctx,
  input,
}: {
  ctx: VisitorContext;
  input: { product?: string };
}): Promise<NotificationBarResponse> {
  const now = new Date();
  const { id, revision } = ctx.viewer.organisation;
  if (ctx.viewer.mode === 'account_external') {
    // Members of one access shape may see the same topics: one answer per shape and product.
    const shape = await loadAccessShape(ctx.db, ctx.viewer);
    if (shape) {
      const key = `updates:latest:${shape.key}:${input.product ?? ''}`;
      return ctx.providers.cache.publicValue(id, revision, key, () =>
        buildNotificationBar(ctx, input.product, now),
      );
    }
  }
  if (ctx.viewer.mode !== 'public') return buildNotificationBar(ctx, input.product, now);
  return ctx.providers.cache.publicValue(id, revision, 'updates:latest', () =>
    buildNotificationBar(ctx, undefined, now),
  );
}
