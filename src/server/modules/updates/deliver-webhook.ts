import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { WebhookPayload } from '../../../shared/updates';
import type { Config } from '../../config';
import { deliverSignedWebhookAttempt } from '../../core';
import type { Database } from '../../db/client';
import { organisations, topics, topicUpdates, webhooks } from '../../db/schema';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';
import { renderUpdateHtml } from './render-markdown';

const WebhookJobPayload = z.object({ webhookId: z.uuid(), updateId: z.uuid(), deliveryId: z.uuid() });

export type WebhookDeps = {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'outboundAllowLoopback'>;
  logger?: Pick<Logger, 'warn'>;
};

async function loadTarget(db: Database, updateId: string) {
  const [row] = await db
    .select({
      update: topicUpdates,
      topic: topics,
      organisation: { slug: organisations.slug, name: organisations.name },
    })
    .from(topicUpdates)
    .innerJoin(topics, eq(topics.id, topicUpdates.topicId))
    .innerJoin(organisations, eq(organisations.id, topicUpdates.organisationId))
    .where(eq(topicUpdates.id, updateId))
    .limit(1);
  return row ?? null;
}

/**
 * POSTs one published update to one webhook. A non-2xx answer, a timeout or a refused connection is
 * retried by the job queue with backoff; when the last attempt fails the webhook's failure count grows.
 * Only updates still public and visible are sent (a topic hidden meanwhile is not).
 */
export function createWebhookHandler(deps: WebhookDeps): JobHandler {
  return async (payload, job) => {
    const parsed = WebhookJobPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('updates.webhook payload is not valid');
    const { webhookId, updateId, deliveryId } = parsed.data;
    const [hook] = await deps.db.select().from(webhooks).where(eq(webhooks.id, webhookId)).limit(1);
    const target = await loadTarget(deps.db, updateId);
    if (!hook?.isActive || !target) return;
    const { update, topic, organisation } = target;
    if (topic.isHidden || !update.onStatusPage || update.audience !== 'public') return;

    const pageUrl = new URL(`/${organisation.slug}`, deps.config.publicUrl);
    pageUrl.searchParams.set('tcuUid', topic.id);
    const body: WebhookPayload = {
      event: 'update.published',
      deliveryId,
      organisation,
      topic: { id: topic.id, subject: topic.subject, category: topic.category },
      update: {
        id: update.id,
        createdAt: update.createdAt.toISOString(),
        html: renderUpdateHtml(update.message),
        url: pageUrl.toString(),
      },
    };
    await deliverSignedWebhookAttempt(
      { url: hook.url, secret: hook.secret, event: body.event, deliveryId, body, config: deps.config },
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
        logFields: { webhookId, updateId },
      },
    );
  };
}
