import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { updateMessages } from '../../../shared/updates';
import { topics } from '../../db/schema';
import { findTopic } from './queries';
import { assertCanPublish, audit, inPublishTransaction, type StaffContext } from './staff-writes';

/** Deletes a topic and its updates; their delivery records go with them (mails already sent stay sent). */
export async function deleteTopic({
  ctx,
  input,
}: {
  ctx: StaffContext;
  input: { topicId: string };
}): Promise<void> {
  assertCanPublish(ctx.viewer);
  await inPublishTransaction(ctx, async (db) => {
    const topic = await findTopic(db, ctx.viewer.organisation.id, input.topicId, true);
    if (!topic) throw new AppError('not_found', updateMessages.topicNotFound);
    await db.delete(topics).where(eq(topics.id, topic.id));
    await audit(db, ctx.viewer, {
      action: 'update.topic.delete',
      target: topic.id,
      data: { subject: topic.subject },
    });
  });
}
