import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AccessEvent, AccessEventPayload } from '../../../shared/notifications';
import type { Database } from '../../db/client';
import { accessRequests, accessWebhooks, type accounts } from '../../db/schema';
import type { JobQueue } from '../../providers/jobs/types';
import { requestProductIds } from './queries';

export const accessWebhookQueue = 'access.webhook';
/** About an hour of retries with the queue's doubling backoff before a delivery counts as failed. */
export const accessWebhookMaxAttempts = 8;

type RequestRow = typeof accessRequests.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;
type EventOrganisation = { id: string; slug: string; name: string };

function requestPart(request: RequestRow): AccessEventPayload['request'] {
  return {
    id: request.id,
    kind: request.kind,
    status: request.status,
    email: request.email,
    firstName: request.firstName,
    lastName: request.lastName,
    companyName: request.companyName,
    productIds: requestProductIds(request),
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  };
}

function accountPart(account: AccountRow): AccessEventPayload['account'] {
  return {
    id: account.id,
    name: account.name,
    domain: account.domain,
    status: account.reviewStatus,
    accessExpiresAt: account.accessExpiresAt?.toISOString() ?? null,
  };
}

/**
 * Queues one delivery per active access webhook that wants the event, in the caller's transaction, with
 * the body fixed now (what happened, as it was): the change and its announcement commit together.
 */
export async function queueAccessEvent(
  ctx: { db: Database; providers: { jobs: JobQueue } },
  organisation: EventOrganisation,
  event: AccessEvent,
  subject: { requestId?: string; account?: AccountRow | null },
): Promise<number> {
  const hooks = await ctx.db
    .select({ id: accessWebhooks.id })
    .from(accessWebhooks)
    .where(
      and(
        eq(accessWebhooks.organisationId, organisation.id),
        eq(accessWebhooks.isActive, true),
        sql`${accessWebhooks.events} @> ${JSON.stringify([event])}::jsonb`,
      ),
    );
  if (hooks.length === 0) return 0;
  const [request] = subject.requestId
    ? await ctx.db.select().from(accessRequests).where(eq(accessRequests.id, subject.requestId)).limit(1)
    : [];
  const occurredAt = new Date().toISOString();
  const payloads = hooks.map((hook) => {
    const body: AccessEventPayload = {
      event,
      deliveryId: randomUUID(),
      occurredAt,
      organisation: { slug: organisation.slug, name: organisation.name },
      request: request ? requestPart(request) : null,
      account: subject.account ? accountPart(subject.account) : null,
    };
    return { webhookId: hook.id, body };
  });
  await ctx.providers.jobs.enqueueMany(ctx.db, accessWebhookQueue, payloads, {
    maxAttempts: accessWebhookMaxAttempts,
  });
  return payloads.length;
}
