import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { EditUpdateInput, type StaffTopicView, updateMessages } from '../../../shared/updates';
import { topicUpdates } from '../../db/schema';
import { findTopic } from './queries';
import {
  assertCanPublish,
  audit,
  inPublishTransaction,
  loadStaffTopicView,
  type StaffContext,
} from './staff-writes';

/** Corrects an update's text or status-page audience; mails already sent are not sent again. */
export async function editUpdate({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: EditUpdateInput & { topicId: string; updateId: string };
}): Promise<StaffTopicView> {
  assertCanPublish(ctx.viewer);
  const patch = EditUpdateInput.parse(input);
  await inPublishTransaction(ctx, async (db) => {
    const topic = await findTopic(db, ctx.viewer.organisation.id, input.topicId, true);
    if (!topic) throw new AppError('not_found', updateMessages.topicNotFound);
    const [updated] = await db
      .update(topicUpdates)
      .set({
        ...(patch.message !== undefined ? { message: patch.message } : {}),
        ...(patch.statusPageAudience !== undefined ? { audience: patch.statusPageAudience } : {}),
      })
      .where(and(eq(topicUpdates.id, input.updateId), eq(topicUpdates.topicId, topic.id)))
      .returning({ id: topicUpdates.id });
    if (!updated) throw new AppError('not_found', updateMessages.updateNotFound);
    await audit(db, ctx.viewer, {
      action: 'update.edit',
      target: input.updateId,
      data: { topicId: topic.id },
    });
  });
  return loadStaffTopicView(ctx, input.topicId);
}
