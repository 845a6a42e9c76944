import type { Database } from '../../db/client';

/**
 * attempts counts this run; a handler that keeps state can tell its last chance by attempts >= maxAttempts.
 * signal aborts when the job passes its time limit or the node shuts down: the job is then no longer
 * the handler's (it runs again later or elsewhere), so the handler should stop and write nothing more.
 */
export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number; maxAttempts: number; signal?: AbortSignal },
) => Promise<void>;

export type RegisterOptions = {
  /** The longest one run may take; past it the job is abandoned and retried (default 5 minutes). */
  timeLimitMs?: number;
};

/** A queue's health as /readyz and metrics report it. */
export type QueueStats = {
  queue: string;
  /** Jobs due now (queued with run_at passed, or active with an expired lease). */
  runnable: number;
  /** Seconds the oldest runnable job has waited past its run_at; 0 when none is runnable. */
  oldestRunnableAgeSeconds: number;
  /** Jobs running anywhere (active with a live lease). */
  active: number;
  /** Jobs waiting for a retry (queued, run_at in the future). */
  waiting: number;
  /** Handlers on this node still running after their job was abandoned at its time limit. */
  overrunOnThisNode: number;
};

export type EnqueueOptions = { runAt?: Date; maxAttempts?: number };

/** Durable queue on the application database; enqueue inside the caller's transaction. */
export type JobQueue = {
  enqueue(
    db: Database,
    queue: string,
    payload: Record<string, unknown>,
    options?: EnqueueOptions,
  ): Promise<number>;
  /** Many jobs of one queue in as few statements as possible, one NOTIFY; ids in payload order. */
  enqueueMany(
    db: Database,
    queue: string,
    payloads: Array<Record<string, unknown>>,
    options?: EnqueueOptions,
  ): Promise<number[]>;
  register(queue: string, handler: JobHandler, options?: RegisterOptions): void;
  start(): void;
  /**
   * Stops claiming, waits up to graceMs (default: until they end) for the running jobs, then aborts
   * the rest and releases their leases so another node (or the next start) runs them at once.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
  /** Per registered queue: backlog and age, for readiness and metrics. */
  queueStats(): Promise<QueueStats[]>;
  /** Claims and runs due jobs until none is left; tests and the worker loop both use it. */
  drain(): Promise<number>;
};
