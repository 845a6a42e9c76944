import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AccessEventPayload } from '../../../shared/notifications';
import type { Config } from '../../config';
import { deliverSignedWebhookAttempt } from '../../core';
import type { Database } from '../../db/client';
import { accessWebhooks } from '../../db/schema';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';

const AccessWebhookJob = z.object({ webhookId: z.uuid(), body: AccessEventPayload });

/**
 * POSTs one access event to one webhook, signed and through the outbound gate exactly as the update
 * webhooks are. A webhook switched off or deleted meanwhile gets nothing.
 */
export function createAccessWebhookHandler(deps: {
  db: Database;
  config: Pick<Config, 'outboundAllowLoopback'>;
  logger?: Pick<Logger, 'warn'> | undefined;
}): JobHandler {
  return async (payload, job) => {
    const parsed = AccessWebhookJob.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('access.webhook payload is not valid');
    const { webhookId, body } = parsed.data;
    const [hook] = await deps.db
      .select()
      .from(accessWebhooks)
      .where(eq(accessWebhooks.id, webhookId))
      .limit(1);
    if (!hook?.isActive) return;
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
            .update(accessWebhooks)
            .set({ failureCount: 0, lastDeliveredAt: new Date() })
            .where(eq(accessWebhooks.id, hook.id)),
        onFinalFailure: () =>
          deps.db
            .update(accessWebhooks)
            .set({ failureCount: sql`${accessWebhooks.failureCount} + 1` })
            .where(eq(accessWebhooks.id, hook.id)),
        logger: deps.logger,
        logFields: { accessWebhookId: webhookId, event: body.event },
      },
    );
  };
}
