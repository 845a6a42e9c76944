import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { analyticsEvents, documentAccessEvents, organisations } from '../../db/schema';
import type { JobHandler } from '../../providers/jobs/types';

export const purgeAnalyticsQueue = 'analytics.purge-expired';
const dayMs = 24 * 60 * 60 * 1000;
/** Rows deleted per statement: a large backlog goes in short transactions, never one long lock. */
const purgeBatchSize = 5000;

/** Both are read by the analytics dashboard; each has an (organisation_id, created_at) index. */
type ExpiringTable = typeof analyticsEvents | typeof documentAccessEvents;

async function purgeOlderThan(db: Database, table: ExpiringTable, organisationId: string, cutoff: Date) {
  let purged = 0;
  for (;;) {
    const expired = db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.organisationId, organisationId), lt(table.createdAt, cutoff)))
      .limit(purgeBatchSize);
    const deleted = await db.delete(table).where(inArray(table.id, expired)).returning({ id: table.id });
    purged += deleted.length;
    if (deleted.length < purgeBatchSize) return purged;
  }
}

/**
 * Deletes analytics events and document access records (views and downloads, with the address they
 * came from) older than the retention (ANALYTICS_RETENTION_DAYS) in every organisation; returns how
 * many rows. One organisation at a time, so each delete walks the (organisation, created_at) index.
 */
export async function purgeExpiredAnalyticsEvents(
  db: Database,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * dayMs);
  const organisationIds = await db.select({ id: organisations.id }).from(organisations);
  let purged = 0;
  for (const { id: organisationId } of organisationIds) {
    for (const table of [analyticsEvents, documentAccessEvents]) {
      purged += await purgeOlderThan(db, table, organisationId, cutoff);
    }
  }
  return purged;
}

export function createPurgeAnalyticsHandler(db: Database, retentionDays: number): JobHandler {
  return async () => {
    await purgeExpiredAnalyticsEvents(db, retentionDays);
  };
}
