import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, startServer } from './test/server-process';

/** Like startServer, with room for a loaded machine; an early exit (a refused lock) fails at once. */
async function startPatiently(env: Record<string, string>) {
  const port = await freePort();
  const started = spawnServer({ ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  let exitCode: number | null | undefined;
  void started.exited.then((code) => {
    exitCode = code;
  });
  for (let attempt = 0; attempt < 1500 && exitCode === undefined; attempt++) {
    if (started.output().includes('Attest is running at')) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.child.kill('SIGKILL');
  throw new Error(`server did not start (exit ${exitCode}):\n${started.output()}`);
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-main-'));
});
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

describe('the embedded server process', () => {
  it('seeds once, refuses a second process on its data directory, stops cleanly and keeps its data', async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    const view = await (await fetch(`${first.url}/api/statuspage/share/acme/view`)).json();
    expect(view.organisation.name).toBe('Acme Cloud');
    expect(first.output()).toContain('Demo staff sign-in: admin@acme.example / ');
    const password = (await fs.readFile(path.join(dataDir, 'demo-admin-password.txt'), 'utf8')).trim();
    expect(first.output()).toContain(password);

    const second = spawnServer({ DATA_DIR: dataDir, PORT: '0' });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Attest process`);
    expect(second.output()).not.toMatch(/\n\s+at /);

    expect(await first.stop('SIGTERM')).toBe(0);

    const restarted = await startServer({ DATA_DIR: dataDir });
    const again = await (await fetch(`${restarted.url}/api/statuspage/share/acme/view`)).json();
    expect(again.organisation.id).toBe(view.organisation.id);
    expect(restarted.output()).toContain(password);
    expect(await restarted.stop('SIGINT')).toBe(0);
    // Two start-ups that seed or open the demo, and two shutdowns: minutes on a loaded CI machine.
  }, 360_000);

  it('starts at once after the previous process was killed with SIGKILL', async () => {
    const killedDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-killed-'));
    const env = { DATA_DIR: killedDataDir, SEED_DEMO: 'never' };
    try {
      const first = await startPatiently(env);
      first.child.kill('SIGKILL');
      expect(await first.exited).toBeNull();
      // A supervisor restarts at once: the lock of a process that is gone does not hold it back.
      const second = await startPatiently(env);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await fs.rm(killedDataDir, { recursive: true, force: true });
    }
  }, 360_000);

  it('stops at start-up with one line naming a bad variable', async () => {
    const started = spawnServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    expect(await started.exited).toBe(1);
    expect(started.output().trim()).toMatch(/^attest: Invalid configuration: PORT [^\n]+$/);
  });
});
