import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { webhooks } from '../../db/schema';

export type WebhookRow = typeof webhooks.$inferSelect;

export async function listWebhooks(db: Database, organisationId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.organisationId, organisationId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}
