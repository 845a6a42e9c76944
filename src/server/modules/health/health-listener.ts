import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { readinessReport } from './check-readiness';

export type ReadinessReport = Awaited<ReturnType<typeof readinessReport>>;

export type HealthListener = {
  /** The port it listens on (HEALTH_PORT, or the one the system chose for port 0 in tests). */
  port: number;
  /** Shutdown has started: /readyz fails at once, without waiting for a readiness check that may hang. */
  shuttingDown(): void;
  close(): Promise<void>;
};

export type HealthListenerOptions = {
  host: string;
  port: number;
  /** Asked on the main thread every `refreshMs`; its answer is what /readyz serves until the next one. */
  checkReadiness: () => Promise<ReadinessReport>;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  refreshMs?: number;
  /** The main thread silent this long: /healthz 503 (a wedged loop, not a busy one). */
  unresponsiveAfterMs?: number;
  /** No readiness report for this long (the check itself hangs): /readyz 503. */
  staleAfterMs?: number;
};

const heartbeatMs = 200;
const startTimeLimitMs = 10_000;

/**
 * Answers /healthz and /readyz on a port of its own from a worker thread (decision 372): the main
 * thread beats into shared memory every 200 ms and reports readiness every second, so a check is
 * answered in about a millisecond however busy the main event loop is, yet still fails when it is stuck.
 */
export async function startHealthListener(options: HealthListenerOptions): Promise<HealthListener> {
  const { refreshMs = 1000, unresponsiveAfterMs = 10_000, staleAfterMs = 10_000 } = options;
  const heartbeat = new SharedArrayBuffer(8);
  const lastBeat = new BigInt64Array(heartbeat);
  const beat = () => Atomics.store(lastBeat, 0, BigInt(Date.now()));
  beat();
  const worker = new Worker(new URL('./health-listener-worker.mjs', import.meta.url), {
    workerData: { host: options.host, port: options.port, heartbeat, unresponsiveAfterMs, staleAfterMs },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 32 },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`the health listener did not start on port ${options.port} within 10 s`));
    }, startTimeLimitMs);
    worker.once('message', (message: { type: string; port?: number; code?: string; message?: string }) => {
      clearTimeout(timer);
      if (message.type === 'listening' && message.port) return resolve(message.port);
      void worker.terminate();
      reject(
        new Error(
          `HEALTH_PORT ${options.port}: ${message.code === 'EADDRINUSE' ? 'already in use' : message.message}`,
        ),
      );
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
  worker.on('error', (error) => options.logger.warn({ err: error }, 'the health listener failed'));
  worker.unref();

  let running: Promise<void> | null = null;
  const report = async () => {
    try {
      worker.postMessage({ type: 'readiness', readiness: await options.checkReadiness() });
    } catch (error) {
      options.logger.warn({ err: error }, 'the readiness check for the health listener failed');
    }
  };
  const refresh = () => {
    running ??= report().finally(() => {
      running = null;
    });
    return running;
  };
  const beating = setInterval(beat, heartbeatMs);
  const reporting = setInterval(() => void refresh(), refreshMs);
  beating.unref();
  reporting.unref();
  // Ready once the first report is in; a check that hangs must not hold start-up (the port says not ready).
  await Promise.race([refresh(), new Promise((resolve) => setTimeout(resolve, staleAfterMs).unref())]);

  return {
    port,
    shuttingDown: () => worker.postMessage({ type: 'shutting_down' }),
    close: async () => {
      clearInterval(beating);
      clearInterval(reporting);
      await worker.terminate();
    },
  };
}
