import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process';
import { type HealthListener, type ReadinessReport, startHealthListener } from './health-listener';

const silentLogger = { warn: () => {} };
const readyReport = (): ReadinessReport => ({
  status: 'ready',
  checks: { database: 'ok', queue: 'ok' },
  jobs: { status: 'moving', queues: [] },
  rateLimits: 'per_node',
});

let listener: HealthListener | null = null;
afterEach(async () => {
  await listener?.close();
  listener = null;
});

/**
 * A prober on another thread, ready once it has made one check (flag 4). When the main thread says it
 * is blocked (flag 0 = 1), it checks /healthz
 * until it sees `untilStatus`, then records the first status (flag 1), the last (flag 2) and /readyz's
 * status at that moment (flag 3). The main thread can make no request while it spins.
 */
function startProber(url: string, flags: SharedArrayBuffer, untilStatus: number) {
  const code = `
    const { workerData } = require('node:worker_threads');
    const flags = new Int32Array(workerData.flags);
    (async () => {
      await (await fetch(workerData.url + '/healthz')).arrayBuffer();
      Atomics.store(flags, 4, 1);
      while (Atomics.load(flags, 0) !== 1) await new Promise((resolve) => setTimeout(resolve, 5));
      for (;;) {
        const response = await fetch(workerData.url + '/healthz');
        await response.arrayBuffer();
        if (Atomics.load(flags, 1) === 0) Atomics.store(flags, 1, response.status);
        if (response.status === workerData.untilStatus) {
          const readiness = await fetch(workerData.url + '/readyz');
          const body = await readiness.json();
          Atomics.store(flags, 3, readiness.status === 503 && body.checks.responsive === 'failing' ? 1 : 2);
          Atomics.store(flags, 2, response.status);
          return;
        }
      }
    })();
  `;
  return new Worker(code, { eval: true, workerData: { url, flags, untilStatus } });
}

/** Blocks this thread (as a long synchronous statement would) until the prober is done; 20 s at most. */
function spinUntil(flags: Int32Array, index: number) {
  const deadline = Date.now() + 20_000;
  Atomics.store(flags, 0, 1);
  while (Atomics.load(flags, index) === 0 && Date.now() < deadline) {
    // busy: nothing on this thread's event loop runs meanwhile
  }
}

describe('the health listener on its own port', () => {
  it('answers /readyz from the last report, fails it at once when shutdown starts, and names other paths', async () => {
    let report = readyReport();
    listener = await startHealthListener({
      host: '127.0.0.1',
      port: 0,
      checkReadiness: async () => report,
      logger: silentLogger,
      refreshMs: 50,
    });
    const url = `http://127.0.0.1:${listener.port}`;
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual(report);
    expect(await (await fetch(`${url}/healthz`)).json()).toEqual({ status: 'ok' });

    report = { ...readyReport(), status: 'not_ready', checks: { database: 'failing', queue: 'ok' } };
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(503);

    // Shutdown is told directly: it does not wait for the next report, nor for a check that hangs.
    report = readyReport();
    listener.shuttingDown();
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(503);
    const draining = await fetch(`${url}/readyz`);
    expect(draining.status).toBe(503);
    expect((await draining.json()).checks.shutdown).toBe('failing');

    const unknown = await fetch(`${url}/api/staff`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.code).toBe('not_found');
    const posted = await fetch(`${url}/healthz`, { method: 'POST' });
    expect(posted.status).toBe(405);
    expect((await posted.json()).error.message).toBe('The health port answers GET and HEAD only');
  });

  it('answers while the main thread is blocked, and says unresponsive once it stays blocked', async () => {
    listener = await startHealthListener({
      host: '127.0.0.1',
      port: 0,
      checkReadiness: async () => readyReport(),
      logger: silentLogger,
      unresponsiveAfterMs: 1500,
      staleAfterMs: 1500,
    });
    const url = `http://127.0.0.1:${listener.port}`;
    const flags = new Int32Array(new SharedArrayBuffer(32));
    const prober = startProber(url, flags.buffer as SharedArrayBuffer, 503);
    try {
      await expect.poll(() => Atomics.load(flags, 4)).toBe(1);
      spinUntil(flags, 2);
      // Answers came while this thread could run nothing: the first one healthy, then 'unresponsive'.
      expect(Atomics.load(flags, 1)).toBe(200);
      expect(Atomics.load(flags, 2)).toBe(503);
      expect(Atomics.load(flags, 3)).toBe(1);
    } finally {
      await prober.terminate();
    }
    // The loop runs again: its next beat and report make both checks pass.
    await expect.poll(async () => (await fetch(`${url}/healthz`)).status).toBe(200);
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(200);
  });

  it('starts without waiting for a readiness check that hangs, and says not ready meanwhile', async () => {
    listener = await startHealthListener({
      host: '127.0.0.1',
      port: 0,
      checkReadiness: () => new Promise<never>(() => {}),
      logger: silentLogger,
      staleAfterMs: 300,
    });
    const answer = await fetch(`http://127.0.0.1:${listener.port}/readyz`);
    expect(answer.status).toBe(503);
    expect((await answer.json()).checks.responsive).toBe('failing');
  });

  it('fails /readyz when the readiness check stops answering', async () => {
    let hang = false;
    listener = await startHealthListener({
      host: '127.0.0.1',
      port: 0,
      checkReadiness: () => (hang ? new Promise<never>(() => {}) : Promise.resolve(readyReport())),
      logger: silentLogger,
      refreshMs: 50,
      staleAfterMs: 300,
    });
    const url = `http://127.0.0.1:${listener.port}`;
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    hang = true;
    await expect.poll(async () => (await fetch(`${url}/readyz`)).status).toBe(503);
    // The process itself is alive and beating.
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it('refuses a port already in use with a message naming it', async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      await expect(
        startHealthListener({
          host: '127.0.0.1',
          port,
          checkReadiness: async () => readyReport(),
          logger: silentLogger,
        }),
      ).rejects.toThrow(`HEALTH_PORT ${port}: already in use`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
