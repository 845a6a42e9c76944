import { CreateTopicInput, type StaffTopicView } from '../../../shared/updates';
import { requireRecentSecondFactor } from '../../core';
import { topics } from '../../db/schema';
import { insertUpdateAndDispatch } from './publish-update';
import { assertTopicProduct } from './queries';
import {
  assertCanPublish,
  audit,
  inPublishTransaction,
  loadStaffTopicView,
  type StaffContext,
} from './staff-writes';

/** Spec 3 §3 create payload: a topic with its first update, published at once. */
export async function createTopic({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: CreateTopicInput;
}): Promise<StaffTopicView> {
  assertCanPublish(ctx.viewer);
  const { subject, category, productId, message, channels, isPinned } = CreateTopicInput.parse(input);
  // Mail to every subscriber cannot be taken back: a hijacked session must prove the second factor.
  if (channels.email.enabled && channels.email.subscribers) await requireRecentSecondFactor(ctx);
  const staffUserId = ctx.viewer.staff?.id ?? null;
  const topicId = await inPublishTransaction(ctx, async (db) => {
    await assertTopicProduct(db, ctx.viewer.organisation.id, productId);
    const [topic] = await db
      .insert(topics)
      .values({
        organisationId: ctx.viewer.organisation.id,
        subject,
        category,
        productId,
        isPinned,
        createdByStaffUserId: staffUserId,
      })
      .returning();
    const update = await insertUpdateAndDispatch(db, ctx.providers, {
      topic: topic!,
      message,
      channels,
      staffUserId,
    });
    await audit(db, ctx.viewer, {
      action: 'update.publish',
      target: topic!.id,
      data: { updateId: update.id, category, productId, channels },
    });
    return topic!.id;
  });
  return loadStaffTopicView(ctx, topicId);
}
