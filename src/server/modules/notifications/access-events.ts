import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AccessEvent, AccessEventPayload } from '../../../shared/webhooks';
import type { Database } from '../../db/client';
import { accessRequests, type accounts } from '../../db/schema';
import type { JobQueue } from '../../providers/jobs/types';
import { queueWebhookDeliveries } from '../webhooks';
import { requestProductIds } from './queries';

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
 * Queues one delivery per webhook that wants the event, in the caller's transaction, with the body
 * fixed now (what happened, as it was): the change and its announcement commit together.
 */
export async function queueAccessEvent(
  ctx: { db: Database; providers: { jobs: JobQueue } },
  organisation: EventOrganisation,
  event: AccessEvent,
  subject: { requestId?: string; account?: AccountRow | null },
): Promise<number> {
  return queueWebhookDeliveries(ctx, { organisationId: organisation.id, event }, async (webhookIds) => {
    const [request] = subject.requestId
      ? await ctx.db.select().from(accessRequests).where(eq(accessRequests.id, subject.requestId)).limit(1)
      : [];
    const occurredAt = new Date().toISOString();
    return webhookIds.map((webhookId) => ({
      webhookId,
      body: {
        event,
        deliveryId: randomUUID(),
        occurredAt,
        organisation: { slug: organisation.slug, name: organisation.name },
        request: request ? requestPart(request) : null,
        account: subject.account ? accountPart(subject.account) : null,
      },
    }));
  });
}
