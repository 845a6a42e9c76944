import type { AppDeps } from '../../context';
import type { QueueStats } from '../../providers/jobs/types';
import type { RateLimitCounters } from '../../providers/rate-limit-redis';

/** A runnable job older than this means its queue is not moving (no node takes it, or all are stuck). */
export const stalledQueueAgeSeconds = 5 * 60;

export type JobsHealth = { status: 'moving' | 'stalled' | 'unknown'; queues: QueueStats[] };

/** Moving unless a queue has a runnable job waiting too long or a handler still running past its limit. */
export function describeJobsHealth(queues: QueueStats[]): JobsHealth {
  const isStalled = queues.some(
    (queue) => queue.oldestRunnableAgeSeconds > stalledQueueAgeSeconds || queue.overrunOnThisNode > 0,
  );
  return { status: isStalled ? 'stalled' : 'moving', queues };
}

/**
 * Ready when the node is not shutting down, the database answers and the job table is readable. A
 * stalled queue is reported in `jobs` but keeps the node ready: the queue is shared by every node, so
 * failing readiness would take them all out of rotation without moving one job (decision 130).
 */
export async function checkReadiness(deps: Pick<AppDeps, 'database' | 'providers' | 'lifecycle'>) {
  const checks: Record<string, 'ok' | 'failing'> = {};
  if (deps.lifecycle?.isShuttingDown()) checks.shutdown = 'failing';
  try {
    await deps.database.ping();
    checks.database = 'ok';
  } catch {
    checks.database = 'failing';
  }
  let jobs: JobsHealth = { status: 'unknown', queues: [] };
  try {
    jobs = describeJobsHealth(await deps.providers.jobs.queueStats());
    checks.queue = 'ok';
  } catch {
    checks.queue = 'failing';
  }
  const isReady = Object.values(checks).every((value) => value === 'ok');
  return { status: isReady ? ('ready' as const) : ('not_ready' as const), checks, jobs };
}

export type ReadinessDeps = Pick<AppDeps, 'database' | 'providers' | 'lifecycle'> & {
  rateLimitCounters: () => RateLimitCounters;
};

/** What /readyz answers, on the main port and on the health listener's. */
export async function readinessReport(deps: ReadinessDeps) {
  return { ...(await checkReadiness(deps)), rateLimits: deps.rateLimitCounters() };
}
