import { and, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import { jobs } from '../db/schema';
import { registerJobHandlers } from '../jobs';
import { createDatabaseJobQueue } from '../providers/jobs/database-queue';
import type { TestApp } from './test-app';

/**
 * Runs every registered job handler on a worker of its own, with millisecond backoff, until none of
 * the named queues has a job queued or running; then stops the worker. One statement per check: a
 * job between attempts is always either queued or active.
 */
export async function runJobsUntilIdle(t: TestApp, queues: readonly string[], workerId = 'test-worker') {
  const queue = createDatabaseJobQueue({
    db: t.database.db,
    workerId,
    pollIntervalMs: 20,
    retryBaseMs: 5,
    retryMaxMs: 50,
  });
  registerJobHandlers({ ...t, providers: { ...t.providers, jobs: queue } });
  queue.start();
  try {
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ id: jobs.id })
              .from(jobs)
              .where(and(inArray(jobs.queue, [...queues]), inArray(jobs.state, ['queued', 'active'])))
          ).length,
        { timeout: 90_000, interval: 50 },
      )
      .toBe(0);
  } finally {
    await queue.stop();
  }
}
