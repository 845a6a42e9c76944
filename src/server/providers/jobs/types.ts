import type { Database } from '../../db/client';

/** attempts counts this run; a handler that keeps state can tell its last chance by attempts >= maxAttempts. */
export type JobHandler = (
  payload: Record<string, unknown>,
  job: { id: number; attempts: number; maxAttempts: number },
) => Promise<void>;

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
  register(queue: string, handler: JobHandler): void;
  start(): void;
  /** Stops claiming, then waits for the running jobs to end. */
  stop(): Promise<void>;
  /** Claims and runs due jobs until none is left; tests and the worker loop both use it. */
  drain(): Promise<number>;
};
