import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { WebhookPayload } from '../../../shared/updates';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { organisations, topics, topicUpdates, webhooks } from '../../db/schema';
import { isLastingRefusal, safeFetch } from '../../net/safe-fetch';
import { PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';
import { renderUpdateHtml } from './render-markdown';
import { webhookGateOptions } from './webhook-writes';

const WebhookJobPayload = z.object({ webhookId: z.uuid(), updateId: z.uuid(), deliveryId: z.uuid() });
const requestTimeoutMs = 10_000;

export type WebhookDeps = {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'outboundAllowLoopback'>;
  logger?: Pick<Logger, 'warn'>;
};

/** `sha256=` + hex HMAC-SHA256 over "{timestamp}.{body}": the receiver checks both, so a replay is visible. */
export function signWebhookBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

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
    const json = JSON.stringify(body);
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const response = await safeFetch(hook.url, {
        ...webhookGateOptions(deps.config),
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Attest-Webhooks/1',
          'x-attest-event': body.event,
          'x-attest-delivery': deliveryId,
          'x-attest-timestamp': String(timestamp),
          'x-attest-signature': signWebhookBody(hook.secret, timestamp, json),
        },
        body: json,
        // A receiver's redirect is not followed: it counts as a failed delivery.
        maxRedirects: 0,
        timeoutMs: requestTimeoutMs,
      }).catch((error: unknown) => {
        if (isLastingRefusal(error)) {
          throw new PermanentJobError(`webhook address is not allowed (${error.code})`);
        }
        throw error;
      });
      if (response.status < 200 || response.status >= 300) {
        throw new Error(`webhook answered HTTP ${response.status}`);
      }
    } catch (error) {
      const isFinal = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      if (isFinal) {
        await deps.db
          .update(webhooks)
          .set({ failureCount: sql`${webhooks.failureCount} + 1` })
          .where(eq(webhooks.id, hook.id));
      }
      deps.logger?.warn(
        { webhookId, updateId, attempts: job.attempts, isFinal, err: String(error) },
        'webhook failed',
      );
      throw error;
    }
    await deps.db
      .update(webhooks)
      .set({ failureCount: 0, lastDeliveredAt: new Date() })
      .where(eq(webhooks.id, hook.id));
  };
}
