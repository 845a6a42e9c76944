import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  AccessEventPayload,
  type UpdatePublishedPayload,
  type WebhookPayload,
} from '../../../shared/webhooks';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { webhooks } from '../../db/schema';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';
import { deliverSignedWebhookAttempt } from './signed-delivery';

const DeliveryJob = z.union([
  z.object({ webhookId: z.uuid(), body: AccessEventPayload }),
  z.object({
    webhookId: z.uuid(),
    event: z.literal('update.published'),
    deliveryId: z.string(),
    updateId: z.uuid(),
  }),
]);

/** Reads a published update's body at delivery; null when it is no longer public (then nothing is sent). */
export type ReadUpdatePublished = (reference: {
  updateId: string;
  deliveryId: string;
}) => Promise<UpdatePublishedPayload | null>;

/**
 * POSTs one event to one webhook, signed and through the outbound gate. A non-2xx answer, a timeout or
 * a refused connection is retried by the job queue with backoff; when the last attempt fails the
 * webhook's failure count grows. A webhook switched off or deleted meanwhile gets nothing.
 */
export function createWebhookDeliveryHandler(deps: {
  db: Database;
  config: Pick<Config, 'outboundAllowLoopback'>;
  readUpdatePublished: ReadUpdatePublished;
  logger?: Pick<Logger, 'warn'> | undefined;
}): JobHandler {
  return async (payload, job) => {
    const parsed = DeliveryJob.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('webhook delivery payload is not valid');
    const delivery = parsed.data;
    const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.id, delivery.webhookId)).limit(1);
    if (!hook?.isActive) return;
    const body: WebhookPayload | null =
      'body' in delivery ? delivery.body : await deps.readUpdatePublished(delivery);
    if (!body) return;
    await deliverSignedWebhookAttempt(
      {
        url: hook.url,
        secret: hook.secret,
        event: body.event,
        deliveryId: body.deliveryId,
        body,
        config: deps.config,
      },
      job,
      {
        onSuccess: () =>
          deps.db
            .update(webhooks)
            .set({ failureCount: 0, lastDeliveredAt: new Date() })
            .where(eq(webhooks.id, hook.id)),
        onFinalFailure: () =>
          deps.db
            .update(webhooks)
            .set({ failureCount: sql`${webhooks.failureCount} + 1` })
            .where(eq(webhooks.id, hook.id)),
        logger: deps.logger,
        logFields: { webhookId: hook.id, event: body.event },
      },
    );
  };
}

/**
 * The delivery queues of the release before (decision 350): during a rolling upgrade a node of that
 * release still queues on them, so this release delivers those jobs too. Dropped in the next release.
 */
export const previousReleaseQueues: Record<
  string,
  (payload: Record<string, unknown>) => Record<string, unknown>
> = {
  'updates.webhook': (payload) => ({ ...payload, event: 'update.published' }),
  'access.webhook': (payload) => payload,
};
