import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema';
import type { EnqueueOptions, JobHandler, JobQueue, QueueStats, RegisterOptions } from './types';
import { isGoneWorkerOnThisHost } from './worker-identity';

/** A handler throws this when retrying cannot help; the job fails at once instead of backing off. */
export class PermanentJobError extends Error {}

/** The abort reason a handler sees when its job passed the queue's time limit. */
export class JobTimeLimitError extends Error {}

/** The abort reason a handler sees when the node shuts down; the job is released, not failed. */
export class JobShutdownError extends Error {}

export const jobsChannel = 'attest_jobs';

export type DatabaseJobQueueOptions = {
  db: Database;
  workerId: string;
  logger?: Pick<Logger, 'error' | 'warn'>;
  pollIntervalMs?: number;
  leaseMs?: number;
  /** Jobs this node runs at the same time (JOB_CONCURRENCY); claims never exceed the free slots. */
  concurrency?: number;
  /** The most jobs one claim statement takes. */
  batchSize?: number;
  /** Backoff: a job that failed its n-th attempt waits 2^n × retryBaseMs, at most retryMaxMs, minus jitter. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Extend the leases of running jobs every leaseMs / 3, so a long job is not taken by another node. */
  renewLeases?: boolean;
  /** A run's time limit for queues registered without one. */
  defaultTimeLimitMs?: number;
  /** Called with a wake-up function; the queue runs as soon as a NOTIFY announces a new job. */
  subscribe?: (wake: () => void) => Promise<() => Promise<void>>;
};

const defaultRetryBaseMs = 1000;
// A recovered SMTP server (or any dependency) gets its backlog within about two minutes.
const defaultRetryMaxMs = 2 * 60 * 1000;
const defaultTimeLimitMs = 5 * 60 * 1000;
const shutdownSettleMs = 1000;

/** Waits for the promise to settle, at most `ms`. */
async function settleWithin(promise: Promise<unknown> | undefined, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise?.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}
// Jobs per INSERT statement (one JSON parameter each).
const enqueueChunkSize = 5000;

/**
 * Exponential backoff capped at maxMs, with "equal jitter" (half fixed, half random) so jobs that
 * failed together (one SMTP outage) do not all come back in the same second.
 */
export function retryDelayMs(
  attempts: number,
  baseMs = defaultRetryBaseMs,
  maxMs = defaultRetryMaxMs,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(2 ** attempts * baseMs, maxMs);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

type ClaimedJob = typeof jobs.$inferSelect;

/**
 * Jobs are rows; a worker claims due rows with FOR UPDATE SKIP LOCKED, so on any number of nodes a
 * job runs on one of them. A claim is a lease: a worker that dies lets the job run again when it ends.
 * Each node runs up to `concurrency` jobs at once and claims only as many as it has free slots.
 */
export function createDatabaseJobQueue(options: DatabaseJobQueueOptions): JobQueue {
  const { db, workerId } = options;
  const handlers = new Map<string, { handler: JobHandler; timeLimitMs: number }>();
  const leaseMs = options.leaseMs ?? 60_000;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const batchSize = Math.max(1, options.batchSize ?? concurrency);
  const retryBaseMs = options.retryBaseMs ?? defaultRetryBaseMs;
  const retryMaxMs = options.retryMaxMs ?? defaultRetryMaxMs;
  const runningJobs = new Map<number, Promise<void>>();
  const runningControllers = new Map<number, AbortController>();
  // Handlers abandoned at their time limit that have not returned yet, by queue (for queueStats).
  const overrunJobs = new Map<number, string>();
  let timer: NodeJS.Timeout | undefined;
  let renewTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let running: Promise<number> | undefined;
  let isStarted = false;
  let isStopping = false;
  let wakeAgain = false;
  let wakeDrainLoop: (() => void) | undefined;
  let isWakePending = false;

  function wakeLoop() {
    isWakePending = true;
    wakeDrainLoop?.();
  }

  function ensureLeaseRenewal() {
    if (options.renewLeases === false || renewTimer) return;
    renewTimer = setInterval(
      () =>
        void renewLeases().catch((error) =>
          options.logger?.warn({ err: error }, 'renewing job leases failed'),
        ),
      Math.max(10, Math.floor(leaseMs / 3)),
    );
    renewTimer.unref();
  }

  /**
   * Due jobs first, then jobs whose lease ran out (their worker died), each an index range scan on
   * (state, run_at) that stops at `limit` rows: ordering by id as well made every claim sort the
   * whole backlog (14 ms per claim at 20 000 queued mails on PGlite, against 0.25 ms).
   */
  async function claim(limit: number): Promise<ClaimedJob[]> {
    const queues = [...handlers.keys()];
    if (queues.length === 0 || limit <= 0) return [];
    const claimed = await claimWhere(
      limit,
      and(eq(jobs.state, 'queued'), sql`${jobs.runAt} <= now()`),
      jobs.runAt,
      queues,
    );
    if (claimed.length >= limit) return claimed;
    const expired = await claimWhere(
      limit - claimed.length,
      and(eq(jobs.state, 'active'), sql`${jobs.lockedUntil} < now()`),
      jobs.lockedUntil,
      queues,
    );
    return [...claimed, ...expired];
  }

  async function claimWhere(
    limit: number,
    condition: SQL | undefined,
    order: typeof jobs.runAt | typeof jobs.lockedUntil,
    queues: string[],
  ): Promise<ClaimedJob[]> {
    const ownRunning = [...runningJobs.keys()];
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          condition,
          inArray(jobs.queue, queues),
          // A job whose lease ran out while this worker still runs it is not started twice here.
          ownRunning.length > 0 ? notInArray(jobs.id, ownRunning) : undefined,
        ),
      )
      .orderBy(order)
      .limit(limit)
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

  /**
   * A node killed and started again would leave its jobs to wait out their leases (a minute) although
   * it knows it is back: leases held on this machine by a process that is gone end now, and the usual
   * claim of expired leases runs them (the attempt counts, as after any crash).
   */
  async function endLeasesOfGoneWorkers(): Promise<void> {
    const holders = await db
      .selectDistinct({ lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.state, 'active'), sql`${jobs.lockedUntil} > now()`));
    const gone = holders.flatMap(({ lockedBy }) =>
      lockedBy && isGoneWorkerOnThisHost(lockedBy, workerId) ? [lockedBy] : [],
    );
    if (gone.length === 0) return;
    const ended = await db
      .update(jobs)
      .set({ lockedUntil: sql`now()` })
      .where(and(eq(jobs.state, 'active'), inArray(jobs.lockedBy, gone)))
      .returning({ id: jobs.id });
    options.logger?.warn({ workers: gone, jobs: ended.length }, 'ended the leases of a previous life');
  }

  /** One statement for every running job; a job another node took over is not ours to extend. */
  async function renewLeases(): Promise<void> {
    const ids = [...runningJobs.keys()];
    if (ids.length === 0) return;
    await db
      .update(jobs)
      .set({ lockedUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval` })
      .where(and(inArray(jobs.id, ids), eq(jobs.lockedBy, workerId), eq(jobs.state, 'active')));
  }

  /**
   * Runs the handler until it settles or its signal aborts, whichever comes first: at the time limit
   * the job counts as a failed attempt (retried with backoff) and frees its slot and lease even if
   * the handler never returns; on shutdown it is released for an immediate run elsewhere.
   */
  async function runOne(job: ClaimedJob, controller: AbortController) {
    const registered = handlers.get(job.queue);
    const mine = and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'active'));
    const { signal } = controller;
    let handling: Promise<void> | undefined;
    const limit = registered
      ? setTimeout(() => {
          controller.abort(
            new JobTimeLimitError(
              `job ${job.queue} passed its time limit of ${Math.round(registered.timeLimitMs / 1000)} s`,
            ),
          );
        }, registered.timeLimitMs)
      : undefined;
    try {
      if (!registered) throw new PermanentJobError(`no handler for queue ${job.queue}`);
      const running = registered.handler(job.payload, {
        id: job.id,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
        signal,
      });
      handling = running;
      running.catch(() => {});
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          overrunJobs.set(job.id, job.queue);
          void running.finally(() => overrunJobs.delete(job.id)).catch(() => {});
          reject(signal.reason);
        };
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        running.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
      await db
        .update(jobs)
        .set({ state: 'completed', completedAt: new Date(), lockedUntil: null, lastError: null })
        .where(mine);
    } catch (error) {
      if (signal.reason instanceof JobShutdownError) {
        // A moment to record what it did (sent mails) before another node may run it again.
        await settleWithin(handling, shutdownSettleMs);
        options.logger?.warn(
          { jobId: job.id, queue: job.queue, attempts: job.attempts },
          'job aborted by shutdown; released for immediate retry',
        );
        // Not the job's fault: this attempt does not count, and any node may take it now.
        await db
          .update(jobs)
          .set({
            state: 'queued',
            attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
            lockedUntil: null,
            lockedBy: null,
            runAt: sql`now()`,
          })
          .where(mine);
        return;
      }
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
                runAt: new Date(Date.now() + retryDelayMs(job.attempts, retryBaseMs, retryMaxMs)),
              },
        )
        .where(mine);
    } finally {
      clearTimeout(limit);
    }
  }

  function startJob(job: ClaimedJob) {
    const controller = new AbortController();
    runningControllers.set(job.id, controller);
    const run = runOne(job, controller)
      .catch((error) => options.logger?.error({ err: error, jobId: job.id }, 'recording a job failed'))
      .finally(() => {
        runningJobs.delete(job.id);
        runningControllers.delete(job.id);
        wakeLoop();
      });
    runningJobs.set(job.id, run);
  }

  /**
   * Fills free slots, then waits for a job to end, a wake-up or the poll interval, and fills again.
   * Ends when nothing is due and nothing runs (or on stop, once the running jobs have ended).
   */
  async function drainOnce(): Promise<number> {
    let count = 0;
    ensureLeaseRenewal();
    for (;;) {
      isWakePending = false;
      let claimedNone = false;
      if (!isStopping) {
        const claimed = await claim(Math.min(batchSize, concurrency - runningJobs.size));
        for (const job of claimed) startJob(job);
        count += claimed.length;
        claimedNone = claimed.length === 0;
      }
      if (runningJobs.size === 0 && (claimedNone || isStopping)) return count;
      if (runningJobs.size < concurrency && !claimedNone && !isStopping) continue;
      // Jobs run (a fan-out may keep enqueueing): wait for a slot, a NOTIFY, or the next poll.
      await new Promise<void>((resolve) => {
        if (isWakePending) return resolve();
        // Stopping, only a job's end matters: no timer keeps polling for a worker on its way out.
        const poll = isStopping ? undefined : setTimeout(resolve, pollIntervalMs);
        wakeDrainLoop = () => {
          clearTimeout(poll);
          resolve();
        };
      });
      wakeDrainLoop = undefined;
    }
  }

  /** One drain at a time per process; a wake-up during a drain makes it look for due jobs again. */
  function drain(): Promise<number> {
    if (running) {
      wakeAgain = true;
      wakeLoop();
      return running;
    }
    running = drainOnce().finally(() => {
      running = undefined;
      if (wakeAgain && isStarted && !isStopping) {
        wakeAgain = false;
        void drain().catch((error) => options.logger?.error({ err: error }, 'job drain failed'));
      }
    });
    return running;
  }

  function tick() {
    void drain().catch((error) => options.logger?.error({ err: error }, 'job drain failed'));
  }

  /**
   * One INSERT … SELECT from a JSON array per chunk: one bind parameter however many jobs, so neither
   * the query builder nor the server's parser pays per row (drizzle's multi-row VALUES took a third of
   * a 20 000-recipient fan-out's time).
   */
  async function insertJobs(
    executor: Database,
    queue: string,
    payloads: Array<Record<string, unknown>>,
    enqueueOptions: EnqueueOptions,
  ): Promise<number[]> {
    const ids: number[] = [];
    const runAt = enqueueOptions.runAt ? sql`${enqueueOptions.runAt.toISOString()}::timestamptz` : sql`now()`;
    const maxAttempts = enqueueOptions.maxAttempts ?? 8;
    for (let start = 0; start < payloads.length; start += enqueueChunkSize) {
      const chunk = JSON.stringify(payloads.slice(start, start + enqueueChunkSize));
      const result = await executor.execute(sql`
        insert into jobs (queue, payload, run_at, max_attempts)
        select ${queue}, element.payload, ${runAt}, ${maxAttempts}::int
        from jsonb_array_elements(${chunk}::jsonb) with ordinality as element(payload, position)
        order by element.position
        returning id`);
      const rows = (result as unknown as { rows: Array<{ id: number | string }> }).rows;
      // Ids are drawn in payload order; RETURNING's own order is not promised.
      for (const id of rows.map((row) => Number(row.id)).sort((a, b) => a - b)) ids.push(id);
    }
    // Delivered on commit, so a worker never wakes for a job whose transaction rolled back.
    if (ids.length > 0) await executor.execute(sql`select pg_notify(${jobsChannel}, ${queue})`);
    return ids;
  }

  return {
    async enqueue(executor, queue, payload, enqueueOptions = {}) {
      const [id] = await insertJobs(executor, queue, [payload], enqueueOptions);
      return id!;
    },
    enqueueMany(executor, queue, payloads, enqueueOptions = {}) {
      return insertJobs(executor, queue, payloads, enqueueOptions);
    },
    register(queue, handler, registerOptions: RegisterOptions = {}) {
      const timeLimitMs = registerOptions.timeLimitMs ?? options.defaultTimeLimitMs ?? defaultTimeLimitMs;
      handlers.set(queue, { handler, timeLimitMs });
    },
    start() {
      if (isStarted) return;
      isStarted = true;
      isStopping = false;
      timer = setInterval(tick, pollIntervalMs);
      timer.unref();
      void options.subscribe?.(tick).then((stop) => {
        unsubscribe = stop;
      });
      void endLeasesOfGoneWorkers()
        .catch((error) => options.logger?.warn({ err: error }, 'reclaiming jobs of a previous life failed'))
        .finally(tick);
    },
    async stop(stopOptions = {}) {
      isStarted = false;
      isStopping = true;
      if (timer) clearInterval(timer);
      wakeLoop();
      await unsubscribe?.();
      unsubscribe = undefined;
      // Running jobs may finish within the grace (their leases still renewed); nothing new is claimed.
      const allEnded = Promise.all(runningJobs.values());
      if (stopOptions.graceMs !== undefined) {
        let graceTimer: NodeJS.Timeout | undefined;
        const graceOver = new Promise<void>((resolve) => {
          graceTimer = setTimeout(resolve, stopOptions.graceMs);
        });
        await Promise.race([allEnded, graceOver]);
        clearTimeout(graceTimer);
        for (const controller of runningControllers.values()) {
          controller.abort(new JobShutdownError('the node is shutting down'));
        }
      }
      await running?.catch(() => {});
      await Promise.all(runningJobs.values());
      if (renewTimer) clearInterval(renewTimer);
      renewTimer = undefined;
      isStopping = false;
    },
    drain,
    queueStats: () => readQueueStats(db, [...handlers.keys()], overrunJobs),
  };
}

/** One grouped scan of the jobs table; queues with no row still appear, all zero. */
async function readQueueStats(
  db: Database,
  queues: string[],
  overrunJobs: Map<number, string>,
): Promise<QueueStats[]> {
  if (queues.length === 0) return [];
  const result = await db.execute(sql`
    select queue,
      count(*) filter (where (state = 'queued' and run_at <= now())
        or (state = 'active' and locked_until < now()))::int as runnable,
      coalesce(extract(epoch from now() - min(case
        when state = 'queued' and run_at <= now() then run_at
        when state = 'active' and locked_until < now() then locked_until end)), 0)::float8 as oldest,
      count(*) filter (where state = 'active' and locked_until >= now())::int as active,
      count(*) filter (where state = 'queued' and run_at > now())::int as waiting
    from jobs
    where queue in (${sql.join(
      queues.map((queue) => sql`${queue}`),
      sql`, `,
    )}) and state in ('queued', 'active')
    group by queue`);
  const rows = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const byQueue = new Map(rows.map((row) => [String(row.queue), row]));
  const overrun = [...overrunJobs.values()];
  return queues.sort().map((queue) => {
    const row = byQueue.get(queue);
    return {
      queue,
      runnable: Number(row?.runnable ?? 0),
      oldestRunnableAgeSeconds: Math.max(0, Math.round(Number(row?.oldest ?? 0))),
      active: Number(row?.active ?? 0),
      waiting: Number(row?.waiting ?? 0),
      overrunOnThisNode: overrun.filter((name) => name === queue).length,
    };
  });
}
