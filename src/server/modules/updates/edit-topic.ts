import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { EditTopicInput, type StaffTopicView, updateMessages } from '../../../shared/updates';
import { topics } from '../../db/schema';
import { assertTopicProduct, findTopic } from './queries';
import {
  assertCanPublish,
  audit,
  inPublishTransaction,
  loadStaffTopicView,
  type StaffContext,
} from './staff-writes';

/** Subject, category, product, hide and pin. Hiding takes the topic off the card, feeds and search at once. */
export async function editTopic({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: EditTopicInput & { topicId: string };
}): Promise<StaffTopicView> {
  assertCanPublish(ctx.viewer);
  const patch = EditTopicInput.parse(input);
  await inPublishTransaction(ctx, async (db) => {
    const topic = await findTopic(db, ctx.viewer.organisation.id, input.topicId, true);
    if (!topic) throw new AppError('not_found', updateMessages.topicNotFound);
    await assertTopicProduct(db, ctx.viewer.organisation.id, patch.productId);
    await db
      .update(topics)
      .set({
        ...(patch.subject !== undefined ? { subject: patch.subject } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.productId !== undefined ? { productId: patch.productId } : {}),
        ...(patch.isHidden !== undefined ? { isHidden: patch.isHidden } : {}),
        ...(patch.isPinned !== undefined ? { isPinned: patch.isPinned } : {}),
        updatedAt: new Date(),
      })
      .where(eq(topics.id, topic.id));
    await audit(db, ctx.viewer, { action: 'update.topic.edit', target: topic.id, data: patch });
  });
  return loadStaffTopicView(ctx, input.topicId);
}
