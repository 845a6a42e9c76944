import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { AddUpdateInput, type StaffTopicView, updateMessages } from '../../../shared/updates';
import { requireRecentSecondFactor } from '../../core';
import { topics } from '../../db/schema';
import { insertUpdateAndDispatch } from './publish-update';
import { findTopic } from './queries';
import {
  assertCanPublish,
  audit,
  inPublishTransaction,
  loadStaffTopicView,
  type StaffContext,
} from './staff-writes';

/** A further update in an existing topic; the topic moves up the card as its newest update is newer. */
export async function addUpdate({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: AddUpdateInput & { topicId: string };
}): Promise<StaffTopicView> {
  assertCanPublish(ctx.viewer);
  const { message, channels } = AddUpdateInput.parse(input);
  // Mail to every subscriber cannot be taken back: a hijacked session must prove the second factor.
  if (channels.email.enabled && channels.email.subscribers) await requireRecentSecondFactor(ctx);
  const staffUserId = ctx.viewer.staff?.id ?? null;
  await inPublishTransaction(ctx, async (db) => {
    const topic = await findTopic(db, ctx.viewer.organisation.id, input.topicId, true);
    if (!topic) throw new AppError('not_found', updateMessages.topicNotFound);
    const update = await insertUpdateAndDispatch(db, ctx.providers, {
      topic,
      message,
      channels,
      staffUserId,
    });
    await db.update(topics).set({ updatedAt: new Date() }).where(eq(topics.id, topic.id));
    await audit(db, ctx.viewer, {
      action: 'update.add',
      target: topic.id,
      data: { updateId: update.id, channels },
    });
  });
  return loadStaffTopicView(ctx, input.topicId);
}
