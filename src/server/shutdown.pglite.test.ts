import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/server-process';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-shutdown-'));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

/** `npm start` as an operator's supervisor runs it (the compiled server); signals go to npm, not to the server. */
async function startWithNpm(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const npm = spawn('npm', ['start', '--silent'], {
    cwd: projectRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  npm.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  npm.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  await expect
    .poll(() => output.includes('Attest is running at'), { timeout: 200_000, interval: 200 })
    .toBe(true);
  return { npm, url, port, exited, output: () => output };
}

/** A request still running at shutdown: headers sent, a body that never arrives in full. */
function openSlowUpload(port: number) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk;
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    'POST /api/statuspage/share/acme/bulk-download HTTP/1.1\r\nHost: attest.test\r\n' +
      'Content-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"documentIds":[',
  );
  return { closed, received: () => received };
}

describe('shutdown of a server started with npm', () => {
  it('fails /readyz first (on the health port too), drains, cuts what outlives the grace with an error, logs it and exits 0', async () => {
    // Debug: the log says when the slow request has started.
    const healthPort = await freePort();
    const healthUrl = `http://127.0.0.1:${healthPort}`;
    const server = await startWithNpm({
      SHUTDOWN_DRAIN_SECONDS: '1',
      SHUTDOWN_GRACE_SECONDS: '1',
      LOG_LEVEL: 'debug',
      HEALTH_PORT: String(healthPort),
    });
    try {
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // The health listener (its own thread, from the release build) says the same.
      const ready = await fetch(`${healthUrl}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', queue: 'ok' } });
      const upload = openSlowUpload(server.port);
      await expect
        .poll(() => server.output())
        .toContain('POST /api/statuspage/share/acme/bulk-download started');

      server.npm.kill('SIGTERM');
      // During the drain the node still answers, but says it is not ready.
      await expect.poll(() => server.output()).toContain('shutting down: /readyz now fails');
      const readiness = await fetch(`${server.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect((await readiness.json()).checks.shutdown).toBe('failing');
      // Told by a message to its thread as shutdown starts: it may land a moment after the log line.
      await expect.poll(async () => (await fetch(`${healthUrl}/readyz`)).status).toBe(503);
      const healthPortReadiness = await fetch(`${healthUrl}/readyz`);
      expect(healthPortReadiness.status).toBe(503);
      expect((await healthPortReadiness.json()).checks.shutdown).toBe('failing');
      expect((await fetch(`${healthUrl}/healthz`)).status).toBe(200);

      await upload.closed;
      // The request was cut, not answered: no status line reached the client.
      expect(upload.received()).not.toMatch(/^HTTP\/1\.1 \d{3}/);
      expect(await server.exited).toBe(0);
      const output = server.output();
      expect(output).toContain('requests still running after the grace');
      expect(output).toContain('"msg":"stopped"');
    } finally {
      server.npm.kill('SIGKILL');
    }
  }, 300_000);
});
