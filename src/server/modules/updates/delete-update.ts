import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type StaffTopicView, updateMessages } from '../../../shared/updates';
import { topicUpdates } from '../../db/schema';
import { findTopic } from './queries';
import {
  assertCanPublish,
  audit,
  inPublishTransaction,
  loadStaffTopicView,
  type StaffContext,
} from './staff-writes';

/** Removes one update; a topic keeps at least one (hide or delete the topic instead). */
export async function deleteUpdate({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { topicId: string; updateId: string };
}): Promise<StaffTopicView> {
  assertCanPublish(ctx.viewer);
  await inPublishTransaction(ctx, async (db) => {
    const topic = await findTopic(db, ctx.viewer.organisation.id, input.topicId, true);
    if (!topic) throw new AppError('not_found', updateMessages.topicNotFound);
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(topicUpdates)
      .where(eq(topicUpdates.topicId, topic.id));
    const [deleted] = await db
      .delete(topicUpdates)
      .where(and(eq(topicUpdates.id, input.updateId), eq(topicUpdates.topicId, topic.id)))
      .returning({ id: topicUpdates.id });
    if (!deleted) throw new AppError('not_found', updateMessages.updateNotFound);
    if (Number(row?.count ?? 0) <= 1) throw new AppError('conflict', updateMessages.lastUpdate);
    await audit(db, ctx.viewer, {
      action: 'update.delete',
      target: input.updateId,
      data: { topicId: topic.id },
    });
  });
  return loadStaffTopicView(ctx, input.topicId);
}
