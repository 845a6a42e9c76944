import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { jobs } from '../../db/schema';
import { createTestDatabase } from '../../test/test-database';
import {
  createDatabaseJobQueue,
  JobShutdownError,
  JobTimeLimitError,
  PermanentJobError,
  retryDelayMs,
} from './database-queue';
import { isGoneWorkerOnThisHost } from './worker-identity';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

let queueSequence = 0;
/** Each test uses a queue name of its own, so tests sharing this file's database never see each other's jobs. */
const newQueueName = () => `test.queue-${queueSequence++}`;

const createQueue = (workerId: string) => createDatabaseJobQueue({ db: database.db, workerId });

async function findJob(id: number) {
  const [job] = await database.db.select().from(jobs).where(eq(jobs.id, id));
  return job!;
}

const minimumRetryDelayMs = (attempts: number) => retryDelayMs(attempts, undefined, undefined, () => 0);

/** Stands in for the clock moving past the retry delay. */
async function makeDueNow(id: number) {
  await database.db.update(jobs).set({ runAt: sql`now() - interval '1 second'` }).where(eq(jobs.id, id));
}

describe('database job queue', () => {
  it('doubles the retry delay per attempt up to two minutes, half of it jitter', () => {
    const longest = (attempts: number) => retryDelayMs(attempts, undefined, undefined, () => 1);
    const shortest = (attempts: number) => retryDelayMs(attempts, undefined, undefined, () => 0);
    expect([1, 2, 3, 4].map(longest)).toEqual([2000, 4000, 8000, 16000]);
    expect([1, 2, 3, 4].map(shortest)).toEqual([1000, 2000, 4000, 8000]);
    expect(longest(10)).toBe(2 * 60 * 1000);
    expect(shortest(100)).toBe(60 * 1000);
  });

  it('runs a job with its payload and marks it completed', async () => {
    const queue = createQueue('worker-a');
    const name = newQueueName();
    const seen: unknown[] = [];
    queue.register(name, async (payload, job) => {
      seen.push({ payload, attempts: job.attempts, maxAttempts: job.maxAttempts });
    });
    const id = await queue.enqueue(database.db, name, { greeting: 'hello' }, { maxAttempts: 3 });
    expect(await queue.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { greeting: 'hello' }, attempts: 1, maxAttempts: 3 }]);
    const job = await findJob(id);
    expect(job.state).toBe('completed');
    expect(job.completedAt).not.toBeNull();
    expect(await queue.drain()).toBe(0);
  });

  it('retries a failing job later with backoff, then completes it', async () => {
    const queue = createQueue('worker-a');
    const name = newQueueName();
    let runs = 0;
    queue.register(name, async () => {
      runs += 1;
      if (runs < 3) throw new Error(`temporary failure ${runs}`);
    });
    const id = await queue.enqueue(database.db, name, {});

    const beforeFirstRun = Date.now();
    await queue.drain();
    let job = await findJob(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lastError: 'temporary failure 1' });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(beforeFirstRun + minimumRetryDelayMs(1));
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(1);

    await makeDueNow(id);
    const beforeSecondRun = Date.now();
    await queue.drain();
    job = await findJob(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 2, lastError: 'temporary failure 2' });
    expect(job.runAt.getTime()).toBeGreaterThanOrEqual(beforeSecondRun + minimumRetryDelayMs(2));

    await makeDueNow(id);
    await queue.drain();
    job = await findJob(id);
    expect(job).toMatchObject({ state: 'completed', attempts: 3, lastError: null });
    expect(runs).toBe(3);
  });

  it('fails a job for good after its last attempt', async () => {
    const queue = createQueue('worker-a');
    const name = newQueueName();
    const attemptsSeen: number[] = [];
    queue.register(name, async (_payload, job) => {
      attemptsSeen.push(job.attempts);
      throw new Error('still failing');
    });
    const id = await queue.enqueue(database.db, name, {}, { maxAttempts: 2 });
    await queue.drain();
    await makeDueNow(id);
    await queue.drain();
    const job = await findJob(id);
    expect(job).toMatchObject({ state: 'failed', attempts: 2, lastError: 'still failing' });
    await makeDueNow(id);
    expect(await queue.drain()).toBe(0);
    expect(attemptsSeen).toEqual([1, 2]);
  });

  it('fails a job at once when the handler throws PermanentJobError', async () => {
    const queue = createQueue('worker-a');
    const name = newQueueName();
    let runs = 0;
    queue.register(name, async () => {
      runs += 1;
      throw new PermanentJobError('cannot ever work');
    });
    const id = await queue.enqueue(database.db, name, {});
    await queue.drain();
    const job = await findJob(id);
    expect(job).toMatchObject({ state: 'failed', attempts: 1, lastError: 'cannot ever work' });
    await makeDueNow(id);
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(1);
  });

  it('leaves no job behind when the enqueuing transaction rolls back', async () => {
    const queue = createQueue('worker-a');
    const name = newQueueName();
    let runs = 0;
    queue.register(name, async () => {
      runs += 1;
    });
    const rollback = new Error('the change failed');
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, name, {});
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await database.db.select().from(jobs).where(eq(jobs.queue, name))).toEqual([]);
    expect(await queue.drain()).toBe(0);
    expect(runs).toBe(0);
  });

  it('lets another worker take a job whose lease expired, and ignores the late result of the first', async () => {
    const name = newQueueName();
    const first = createQueue('worker-first');
    const second = createQueue('worker-second');
    const runsBy: string[] = [];
    let enteredFirst!: () => void;
    const firstIsRunning = new Promise<void>((resolve) => {
      enteredFirst = resolve;
    });
    let releaseFirst!: () => void;
    const firstMayFinish = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    first.register(name, async () => {
      runsBy.push('first');
      enteredFirst();
      await firstMayFinish;
      throw new Error('the first worker was presumed dead');
    });
    second.register(name, async () => {
      runsBy.push('second');
    });
    const id = await first.enqueue(database.db, name, {});

    const firstDrain = first.drain();
    await firstIsRunning;
    expect(await findJob(id)).toMatchObject({ state: 'active', lockedBy: 'worker-first', attempts: 1 });
    expect(await second.drain()).toBe(0);

    // Time passes beyond the first worker's lease, as when its process dies in the middle of a job.
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id));
    expect(await second.drain()).toBe(1);
    expect(await findJob(id)).toMatchObject({ state: 'completed', lockedBy: 'worker-second', attempts: 2 });

    releaseFirst();
    await firstDrain;
    expect(await findJob(id)).toMatchObject({
      state: 'completed',
      lockedBy: 'worker-second',
      lastError: null,
    });
    expect(runsBy).toEqual(['first', 'second']);
  });

  it('runs each job exactly once when two queues drain the same database concurrently', async () => {
    const name = newQueueName();
    const jobCount = 40;
    const runsPerJob = new Map<number, number>();
    const runsPerWorker = { left: 0, right: 0 };
    const queues = (['left', 'right'] as const).map((worker) => {
      const queue = createQueue(`worker-${worker}`);
      queue.register(name, async (_payload, job) => {
        runsPerJob.set(job.id, (runsPerJob.get(job.id) ?? 0) + 1);
        runsPerWorker[worker] += 1;
        // Yield so the other queue's claim can interleave with this job.
        await new Promise((resolve) => setImmediate(resolve));
      });
      return queue;
    });
    const ids: number[] = [];
    for (let index = 0; index < jobCount; index++) {
      ids.push(await queues[0]!.enqueue(database.db, name, { index }));
    }

    const drained = await Promise.all(queues.map((queue) => queue.drain()));

    expect(drained[0]! + drained[1]!).toBe(jobCount);
    expect(runsPerWorker.left + runsPerWorker.right).toBe(jobCount);
    expect([...runsPerJob.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runsPerJob.values()].every((runs) => runs === 1)).toBe(true);
    const states = await database.db
      .select({ state: jobs.state, count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(eq(jobs.queue, name))
      .groupBy(jobs.state);
    expect(states).toEqual([{ state: 'completed', count: jobCount }]);
  });

  it('runs up to its concurrency at once and never more', async () => {
    const name = newQueueName();
    const queue = createDatabaseJobQueue({ db: database.db, workerId: 'worker-wide', concurrency: 3 });
    let runningNow = 0;
    let mostAtOnce = 0;
    const gates: Array<() => void> = [];
    queue.register(name, async () => {
      runningNow++;
      mostAtOnce = Math.max(mostAtOnce, runningNow);
      await new Promise<void>((resolve) => gates.push(resolve));
      runningNow--;
    });
    const ids = await queue.enqueueMany(
      database.db,
      name,
      Array.from({ length: 7 }, (_, index) => ({ index })),
    );
    expect(ids).toHaveLength(7);
    const drained = queue.drain();
    // Release jobs one by one as they start; each freed slot is filled while the others still run.
    for (let released = 0; released < 7; released++) {
      await expect.poll(() => gates.length).toBeGreaterThan(0);
      await expect.poll(() => runningNow).toBe(Math.min(3, 7 - released));
      gates.shift()!();
    }
    expect(await drained).toBe(7);
    expect(mostAtOnce).toBe(3);
    const rows = await database.db.select().from(jobs).where(eq(jobs.queue, name));
    expect(rows.map((row) => row.state)).toEqual(Array(7).fill('completed'));
  });

  it('enqueues many jobs in payload order and runs each once', async () => {
    const name = newQueueName();
    const queue = createQueue('worker-many');
    const seen: number[] = [];
    queue.register(name, async (payload) => {
      seen.push(payload.index as number);
    });
    const payloads = Array.from({ length: 250 }, (_, index) => ({ index }));
    const ids = await queue.enqueueMany(database.db, name, payloads, { maxAttempts: 2 });
    const rows = await database.db.select().from(jobs).where(eq(jobs.queue, name)).orderBy(jobs.id);
    expect(rows.map((row) => row.id)).toEqual(ids);
    expect(rows.map((row) => (row.payload as { index: number }).index)).toEqual(payloads.map((p) => p.index));
    expect(rows.every((row) => row.maxAttempts === 2)).toBe(true);
    expect(await queue.drain()).toBe(250);
    expect(seen.sort((a, b) => a - b)).toEqual(payloads.map((p) => p.index));
    expect(await queue.enqueueMany(database.db, name, [])).toEqual([]);
  });

  it('uses its own backoff settings', async () => {
    const name = newQueueName();
    const queue = createDatabaseJobQueue({ db: database.db, workerId: 'worker-fast', retryBaseMs: 5 });
    const runs: Array<{ startedAt: number; runAt: number }> = [];
    let id = 0;
    queue.register(name, async () => {
      runs.push({ startedAt: Date.now(), runAt: (await findJob(id)).runAt.getTime() });
      if (runs.length === 1) throw new Error('once');
    });
    id = await queue.enqueue(database.db, name, {});
    await expect
      .poll(async () => {
        await queue.drain();
        return (await findJob(id)).state;
      })
      .toBe('completed');
    expect(runs).toHaveLength(2);
    // The retry was due 2 × 5 ms after the failure, not after the default 2 s.
    expect(runs[1]!.runAt).toBeGreaterThanOrEqual(runs[0]!.startedAt + retryDelayMs(1, 5, 1000, () => 0));
    expect(runs[1]!.runAt).toBeLessThan(runs[0]!.startedAt + minimumRetryDelayMs(1));
    expect(retryDelayMs(3, 5, 30, () => 1)).toBe(30);
  });

  it('on start, ends the leases that a gone process on this machine held, and no one else’s', async () => {
    const host = os.hostname();
    const exited = spawnSync(process.execPath, ['-e', '']).pid;
    const holders = {
      exitedProcess: `${host}:${exited}:aaaaaaaa`,
      // A container's node comes back as the same PID: only the random part tells the lives apart.
      ownPidEarlierLife: `${host}:${process.pid}:bbbbbbbb`,
      aliveProcess: `${host}:${process.ppid}:cccccccc`,
      otherMachine: `elsewhere.example:${exited}:dddddddd`,
    };
    const name = newQueueName();
    const rows = await database.db
      .insert(jobs)
      .values(
        Object.values(holders).map((lockedBy) => ({
          queue: name,
          state: 'active' as const,
          attempts: 1,
          lockedBy,
          lockedUntil: sql`now() + interval '1 hour'`,
        })),
      )
      .returning({ id: jobs.id, lockedBy: jobs.lockedBy });
    const ran: number[] = [];
    const queue = createQueue(`${host}:${process.pid}:eeeeeeee`);
    queue.register(name, async (_payload, job) => {
      ran.push(job.id);
    });
    queue.start();
    const reclaimed = rows
      .filter((row) => row.lockedBy === holders.exitedProcess || row.lockedBy === holders.ownPidEarlierLife)
      .map((row) => row.id);
    await expect.poll(() => [...ran].sort()).toEqual(reclaimed.sort());
    await queue.stop();
    const untouched = await database.db
      .select({ lockedBy: jobs.lockedBy, state: jobs.state })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          rows.map((row) => row.id).filter((id) => !reclaimed.includes(id)),
        ),
      );
    expect(untouched).toHaveLength(2);
    expect(untouched).toEqual(
      expect.arrayContaining([
        { lockedBy: holders.aliveProcess, state: 'active' },
        { lockedBy: holders.otherMachine, state: 'active' },
      ]),
    );
    expect(isGoneWorkerOnThisHost('not a worker id', 'x')).toBe(false);
  });

  it('renews the lease of a job that runs longer than it, so no other worker takes it', async () => {
    const name = newQueueName();
    const leaseMs = 300;
    const slow = createDatabaseJobQueue({ db: database.db, workerId: 'worker-slow', leaseMs });
    const other = createDatabaseJobQueue({ db: database.db, workerId: 'worker-other', leaseMs });
    let release!: () => void;
    const mayFinish = new Promise<void>((resolve) => {
      release = resolve;
    });
    const runsBy: string[] = [];
    slow.register(name, async () => {
      runsBy.push('slow');
      await mayFinish;
    });
    other.register(name, async () => {
      runsBy.push('other');
    });
    const id = await slow.enqueue(database.db, name, {});
    const drained = slow.drain();
    await expect.poll(() => runsBy.length).toBe(1);
    const firstLease = (await findJob(id)).lockedUntil!.getTime();
    // Several lease lengths later the lease has moved on, and the other worker finds nothing due.
    await expect
      .poll(async () => (await findJob(id)).lockedUntil!.getTime())
      .toBeGreaterThan(firstLease + 2 * leaseMs);
    expect(await other.drain()).toBe(0);
    release();
    expect(await drained).toBe(1);
    expect(await findJob(id)).toMatchObject({ state: 'completed', lockedBy: 'worker-slow', attempts: 1 });
    expect(runsBy).toEqual(['slow']);
    await slow.stop();
  });

  it('stops claiming on stop and waits for the running jobs to end', async () => {
    const name = newQueueName();
    const queue = createDatabaseJobQueue({
      db: database.db,
      workerId: 'worker-stopping',
      concurrency: 2,
      pollIntervalMs: 20,
    });
    let release!: () => void;
    const mayFinish = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    let finished = 0;
    queue.register(name, async () => {
      started++;
      await mayFinish;
      finished++;
    });
    await queue.enqueueMany(database.db, name, [{}, {}, {}]);
    queue.start();
    await expect.poll(() => started).toBe(2);
    let isStopped = false;
    const stopping = queue.stop().then(() => {
      isStopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isStopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(2);
    const states = await database.db.select({ state: jobs.state }).from(jobs).where(eq(jobs.queue, name));
    expect(states.map((row) => row.state).sort()).toEqual(['completed', 'completed', 'queued']);
  });

  it('abandons a job that passes its time limit, aborts its signal and retries it later', async () => {
    const name = newQueueName();
    const queue = createDatabaseJobQueue({ db: database.db, workerId: 'worker-limit', leaseMs: 300 });
    let seenSignal: AbortSignal | undefined;
    // A handler that never returns, whatever happens: only the time limit frees the slot.
    queue.register(
      name,
      (_payload, job) => {
        seenSignal = job.signal;
        return new Promise<void>(() => {});
      },
      { timeLimitMs: 200 },
    );
    const id = await queue.enqueue(database.db, name, {}, { maxAttempts: 3 });
    expect(await queue.drain()).toBe(1);

    expect(seenSignal?.aborted).toBe(true);
    expect(seenSignal?.reason).toBeInstanceOf(JobTimeLimitError);
    const job = await findJob(id);
    expect(job).toMatchObject({ state: 'queued', attempts: 1, lockedUntil: null });
    expect(job.lastError).toContain('time limit');
    const [stats] = (await queue.queueStats()).filter((row) => row.queue === name);
    expect(stats).toMatchObject({ runnable: 0, active: 0, waiting: 1, overrunOnThisNode: 1 });

    // Its lease is no longer renewed: the row stays as the failure left it.
    await makeDueNow(id);
    const before = await findJob(id);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await findJob(id)).lockedUntil).toEqual(before.lockedUntil);
    await queue.stop();
  });

  it('reports runnable jobs and the age of the oldest per queue', async () => {
    const name = newQueueName();
    const queue = createQueue('worker-stats');
    queue.register(name, async () => {});
    const [first] = await queue.enqueueMany(database.db, name, [{}, {}]);
    await queue.enqueue(database.db, name, {}, { runAt: new Date(Date.now() + 60_000) });
    await database.db
      .update(jobs)
      .set({ runAt: sql`now() - interval '10 minutes'` })
      .where(eq(jobs.id, first!));
    const [stats] = (await queue.queueStats()).filter((row) => row.queue === name);
    expect(stats).toMatchObject({ runnable: 2, active: 0, waiting: 1, overrunOnThisNode: 0 });
    expect(stats!.oldestRunnableAgeSeconds).toBeGreaterThanOrEqual(600);
    await queue.drain();
    const [after] = (await queue.queueStats()).filter((row) => row.queue === name);
    expect(after).toMatchObject({ runnable: 0, oldestRunnableAgeSeconds: 0, waiting: 1 });
  });

  it('on stop with a grace, aborts jobs still running after it and releases them for another node', async () => {
    const name = newQueueName();
    const stopping = createDatabaseJobQueue({ db: database.db, workerId: 'worker-leaving' });
    const other = createDatabaseJobQueue({ db: database.db, workerId: 'worker-staying' });
    let seenSignal: AbortSignal | undefined;
    stopping.register(name, (_payload, job) => {
      seenSignal = job.signal;
      return new Promise<void>(() => {});
    });
    const ranOnOther: number[] = [];
    other.register(name, async (_payload, job) => {
      ranOnOther.push(job.attempts);
    });
    const id = await stopping.enqueue(database.db, name, {});
    void stopping.drain();
    await expect.poll(() => seenSignal).toBeDefined();

    await stopping.stop({ graceMs: 50 });
    expect(seenSignal?.reason).toBeInstanceOf(JobShutdownError);
    const released = await findJob(id);
    expect(released).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
    expect(released.lastError).toBeNull();
    // Due at once: the other node takes it without waiting for a lease or a backoff.
    expect(await other.drain()).toBe(1);
    expect(ranOnOther).toEqual([1]);
  });
});
