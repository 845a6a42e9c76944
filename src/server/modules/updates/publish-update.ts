import type { UpdateChannels } from '../../../shared/updates';
import type { Database } from '../../db/client';
import { topicUpdates } from '../../db/schema';
import type { Providers } from '../../providers';
import { queueWebhookDeliveries } from '../webhooks';
import { fanOutQueue, type TopicRow } from './queries';

/** A fan-out job keeps running until every subscriber has a delivery row; retried for about a day. */
const fanOutMaxAttempts = 100;

/**
 * Records one update and hands its delivery to the job queue, in the caller's transaction: one
 * fan-out job for the e-mail channel (never per-subscriber work here, so publishing stays fast
 * whatever the subscriber count) and one job per matching webhook for a visible public update.
 */
export async function insertUpdateAndDispatch(
  db: Database,
  providers: Pick<Providers, 'jobs'>,
  input: { topic: TopicRow; message: string; channels: UpdateChannels; staffUserId: string | null },
) {
  const { topic, channels } = input;
  const [update] = await db
    .insert(topicUpdates)
    .values({
      organisationId: topic.organisationId,
      topicId: topic.id,
      message: input.message,
      audience: channels.statusPageAudience,
      onStatusPage: channels.statusPage,
      emailSubscribers: channels.email.enabled && channels.email.subscribers,
      emailAddresses: channels.email.enabled ? channels.email.audience : [],
      createdByStaffUserId: input.staffUserId,
    })
    .returning();
  if (channels.email.enabled) {
    await providers.jobs.enqueue(
      db,
      fanOutQueue,
      { updateId: update!.id },
      { maxAttempts: fanOutMaxAttempts },
    );
  }
  const isPublicOnPage = channels.statusPage && channels.statusPageAudience === 'public' && !topic.isHidden;
  if (isPublicOnPage) {
    await queueWebhookDeliveries(
      { db, providers },
      { organisationId: topic.organisationId, event: 'update.published', category: topic.category },
      (webhookIds) =>
        webhookIds.map((webhookId) => ({
          webhookId,
          event: 'update.published',
          deliveryId: crypto.randomUUID(),
          updateId: update!.id,
        })),
    );
  }
  return update!;
}
