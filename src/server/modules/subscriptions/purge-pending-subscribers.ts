import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscribers } from '../../db/schema';
import type { JobHandler } from '../../providers/jobs/types';

export const purgePendingQueue = 'subscriptions.purge-pending';
/** Confirmation links live 48 hours; an address still unconfirmed a week after its last mail is dropped. */
export const pendingRetentionDays = 7;

/** Deletes pending subscribers whose newest confirmation mail is older than the retention; returns how many. */
export async function purgePendingSubscribers(db: Database, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - pendingRetentionDays * 24 * 60 * 60 * 1000);
  const deleted = await db
    .delete(subscribers)
    .where(
      and(
        eq(subscribers.status, 'pending'),
        lt(sql`coalesce(${subscribers.lastConfirmationSentAt}, ${subscribers.createdAt})`, cutoff),
      ),
    )
    .returning({ id: subscribers.id });
  return deleted.length;
}

export function createPurgePendingHandler(db: Database): JobHandler {
  return async () => {
    await purgePendingSubscribers(db);
  };
}
