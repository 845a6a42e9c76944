import { and, eq, sql } from 'drizzle-orm';
import type { UpdateCategory } from '../../../shared/updates';
import type { AccessEventPayload, WebhookEvent } from '../../../shared/webhooks';
import type { Database } from '../../db/client';
import { webhooks } from '../../db/schema';
import type { JobQueue } from '../../providers/jobs/types';

export const webhookDeliveryQueue = 'webhooks.deliver';
/** A few hours of retries with the queue's doubling backoff before a delivery counts as failed. */
export const webhookMaxAttempts = 10;

/**
 * What one delivery job carries: an access event's body, fixed when it happened; or a reference to a
 * published update, whose body is read at delivery so an update hidden meanwhile is not sent.
 */
export type WebhookDelivery =
  | { webhookId: string; body: AccessEventPayload }
  | { webhookId: string; event: 'update.published'; deliveryId: string; updateId: string };

/**
 * Queues one delivery per active webhook of the organisation that wants `event` (and, for
 * `update.published`, the update's category), in the caller's transaction: the change and its
 * announcement commit together. `deliveriesFor` runs only when some webhook wants the event.
 */
export async function queueWebhookDeliveries(
  ctx: { db: Database; providers: { jobs: JobQueue } },
  wanted: { organisationId: string; event: WebhookEvent; category?: UpdateCategory },
  deliveriesFor: (webhookIds: string[]) => WebhookDelivery[] | Promise<WebhookDelivery[]>,
): Promise<number> {
  const hooks = await ctx.db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.organisationId, wanted.organisationId),
        eq(webhooks.isActive, true),
        sql`${webhooks.events} @> ${JSON.stringify([wanted.event])}::jsonb`,
        wanted.category
          ? sql`${webhooks.categories} @> ${JSON.stringify([wanted.category])}::jsonb`
          : undefined,
      ),
    );
  if (hooks.length === 0) return 0;
  await ctx.providers.jobs.enqueueMany(
    ctx.db,
    webhookDeliveryQueue,
    await deliveriesFor(hooks.map((hook) => hook.id)),
    { maxAttempts: webhookMaxAttempts },
  );
  return hooks.length;
}
