import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import type { EnqueueOptions, JobHandler, JobQueue } from './types';

/** A handler throws this when retrying cannot help; the job fails at once instead of backing off. */
export class PermanentJobError extends Error {}

export const jobsChannel = 'attest_jobs';

export type DatabaseJobQueueOptions = {
  db: Database;
  workerId: string;
  logger?: Pick<Logger, 'error' | 'warn'>;
  pollIntervalMs?: number;
  leaseMs?: number;
  batchSize?: number;
  /** Called with a wake-up function; the queue runs as soon as a NOTIFY announces a new job. */
  subscribe?: (wake: () => void) => Promise<() => Promise<void>>;
};

export function retryDelayMs(attempts: number): number {
  return Math.min(2 ** attempts * 1000, 15 * 60 * 1000);
}

/**
 * Jobs are rows; a worker claims due rows with FOR UPDATE SKIP LOCKED, so on any number of nodes a
 * job runs on one of them. A claim is a lease: a worker that dies lets the job run again when it ends.
 */
export function createDatabaseJobQueue(options: DatabaseJobQueueOptions): JobQueue {
  const { db, workerId } = options;
  const handlers = new Map<string, JobHandler>();
  const leaseMs = options.leaseMs ?? 60_000;
  const batchSize = options.batchSize ?? 5;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let running: Promise<number> | undefined;
  let isStopped = true;
  let wakeAgain = false;

  async function claim() {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return [];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.queue, queues),
          sql`((${jobs.state} = 'queued' and ${jobs.runAt} <= now()) or (${jobs.state} = 'active' and ${jobs.lockedUntil} < now()))`,
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: 'active',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
        lockedBy: workerId,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function runOne(job: typeof jobs.$inferSelect) {
    const handler = handlers.get(job.queue);
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'active'));
    try {
      if (!handler) throw new PermanentJobError(`no handler for queue ${job.queue}`);
      await handler(job.payload, { id: job.id, attempts: job.attempts, maxAttempts: job.maxAttempts });
      await db
        .update(jobs)
        .set({ state: 'completed', completedAt: new Date(), lockedUntil: null, lastError: null })
        .where(mine);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const isFinal = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      options.logger?.warn(
        { jobId: job.id, queue: job.queue, attempts: job.attempts, isFinal, err: message },
        'job failed',
      );
      await db
        .update(jobs)
        .set(
          isFinal
            ? {
                state: 'failed',
                lastError: message.slice(0, 2000),
                lockedUntil: null,
                completedAt: new Date(),
              }
            : {
                state: 'queued',
                lastError: message.slice(0, 2000),
                lockedUntil: null,
                runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
              },
        )
        .where(mine);
    }
  }

  async function drainOnce(): Promise<number> {
    let count = 0;
    for (;;) {
      const claimed = await claim();
      if (claimed.length === 0) return count;
      for (const job of claimed) await runOne(job);
      count += claimed.length;
    }
  }

  /** One drain at a time per process; a wake-up during a drain runs another drain after it. */
  function drain(): Promise<number> {
    if (running) {
      wakeAgain = true;
      return running;
    }
    running = drainOnce().finally(() => {
      running = undefined;
      if (wakeAgain && !isStopped) {
        wakeAgain = false;
        void drain().catch((error) => options.logger?.error({ err: error }, 'job drain failed'));
      }
    });
    return running;
  }

  function tick() {
    void drain().catch((error) => options.logger?.error({ err: error }, 'job drain failed'));
  }

  return {
    async enqueue(
      executor: Database,
      queue: string,
      payload: Record<string, unknown>,
      enqueueOptions: EnqueueOptions = {},
    ) {
      const [row] = await executor
        .insert(jobs)
        .values({
          queue,
          payload,
          runAt: enqueueOptions.runAt ?? new Date(),
          maxAttempts: enqueueOptions.maxAttempts ?? 8,
        })
        .returning({ id: jobs.id });
      // Delivered on commit, so a worker never wakes for a job whose transaction rolled back.
      await executor.execute(sql`select pg_notify(${jobsChannel}, ${queue})`);
      return row!.id;
    },
    register(queue, handler) {
      handlers.set(queue, handler);
    },
    start() {
      if (!isStopped) return;
      isStopped = false;
      timer = setInterval(tick, options.pollIntervalMs ?? 1000);
      timer.unref();
      void options.subscribe?.(tick).then((stop) => {
        unsubscribe = stop;
      });
      tick();
    },
    async stop() {
      isStopped = true;
      if (timer) clearInterval(timer);
      await unsubscribe?.();
      await running?.catch(() => {});
    },
    drain,
  };
}
