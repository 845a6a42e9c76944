import { and, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, organisations } from '../../db/schema';
import type { JobHandler, JobQueue } from '../../providers/jobs/types';
import { queueAccessEvent } from './access-events';

export const announceExpiriesQueue = 'access.announce-expiries';
const batchSize = 200;
/** Older expiries are history, not news: a first run after an upgrade does not replay years of them. */
const lookBackMs = 7 * 24 * 60 * 60 * 1000;

type ExpiryDeps = { db: Database; providers: { jobs: JobQueue } };

/**
 * Sends `access.expired` once per expiry: an account whose access ran out is marked with the expiry it
 * was announced for, in the transaction that queues the deliveries. Extending and expiring again
 * announces again. Rows are claimed with SKIP LOCKED, so two nodes never announce one expiry twice.
 */
export async function announceExpiries(deps: ExpiryDeps, now = new Date()): Promise<number> {
  let announced = 0;
  for (;;) {
    const count = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(accounts)
        .where(
          and(
            eq(accounts.reviewStatus, 'approved'),
            lte(accounts.accessExpiresAt, now),
            gt(accounts.accessExpiresAt, new Date(now.getTime() - lookBackMs)),
            or(
              isNull(accounts.expiryAnnouncedFor),
              ne(accounts.expiryAnnouncedFor, accounts.accessExpiresAt),
            ),
          ),
        )
        .limit(batchSize)
        .for('update', { skipLocked: true });
      for (const account of due) {
        await tx
          .update(accounts)
          .set({ expiryAnnouncedFor: sql`${accounts.accessExpiresAt}` })
          .where(eq(accounts.id, account.id));
        const [organisation] = await tx
          .select({ id: organisations.id, slug: organisations.slug, name: organisations.name })
          .from(organisations)
          .where(eq(organisations.id, account.organisationId))
          .limit(1);
        if (organisation)
          await queueAccessEvent({ ...deps, db: tx }, organisation, 'access.expired', { account });
      }
      return due.length;
    });
    announced += count;
    if (count < batchSize) return announced;
  }
}

export function createAnnounceExpiriesHandler(deps: ExpiryDeps): JobHandler {
  return async () => {
    await announceExpiries(deps);
  };
}
