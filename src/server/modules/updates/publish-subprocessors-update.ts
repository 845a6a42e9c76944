import { and, desc, eq } from 'drizzle-orm';
import {
  TopicSubject,
  type UpdateChannels,
  UpdateChannels as UpdateChannelsSchema,
  UpdateMessage,
} from '../../../shared/updates';
import { publishOrganisationChanged } from '../../core';
import type { Database } from '../../db/client';
import { topics } from '../../db/schema';
import type { Providers } from '../../providers';
import { insertUpdateAndDispatch } from './publish-update';

export type SubprocessorsUpdateInput = {
  organisationId: string;
  staffUserId: string | null;
  /** Markdown, e.g. a list of the subprocessors added and removed. */
  message: string;
  subject?: string;
  /** Default: on the status page for everyone, e-mailed to all confirmed subscribers. */
  channels?: Partial<UpdateChannels>;
  /** Add to the newest subprocessors topic with this subject instead of starting a new topic. */
  appendToLatest?: boolean;
  /** The product whose list changed: its followers and those of every product get it. */
  productId?: string | null;
};

/**
 * For the subprocessors card (specialised-cards issue): publishes a change of the subprocessor list
 * as a 'subprocessors' update, in the caller's transaction when `db` is one. Returns the topic id.
 */
export async function publishSubprocessorsUpdate(
  db: Database,
  providers: Pick<Providers, 'jobs'>,
  input: SubprocessorsUpdateInput,
): Promise<{ topicId: string; updateId: string }> {
  const subject = TopicSubject.parse(input.subject ?? 'Changes to our subprocessors');
  const message = UpdateMessage.parse(input.message);
  const channels = UpdateChannelsSchema.parse({
    statusPage: true,
    statusPageAudience: 'public',
    email: { enabled: true, subscribers: true, audience: [] },
    ...input.channels,
  });
  return db.transaction(async (tx) => {
    let topic: typeof topics.$inferSelect | undefined;
    if (input.appendToLatest) {
      [topic] = await tx
        .select()
        .from(topics)
        .where(
          and(
            eq(topics.organisationId, input.organisationId),
            eq(topics.category, 'subprocessors'),
            eq(topics.subject, subject),
          ),
        )
        .orderBy(desc(topics.createdAt))
        .limit(1);
    }
    if (!topic) {
      [topic] = await tx
        .insert(topics)
        .values({
          organisationId: input.organisationId,
          subject,
          category: 'subprocessors',
          productId: input.productId ?? null,
          createdByStaffUserId: input.staffUserId,
        })
        .returning();
    } else {
      await tx.update(topics).set({ updatedAt: new Date() }).where(eq(topics.id, topic.id));
    }
    const update = await insertUpdateAndDispatch(tx, providers, {
      topic: topic!,
      message,
      channels,
      staffUserId: input.staffUserId,
    });
    await publishOrganisationChanged(tx, input.organisationId);
    return { topicId: topic!.id, updateId: update.id };
  });
}
