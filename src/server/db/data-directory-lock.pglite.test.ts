import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirectoryLock, currentProcessOwner, LockHeldError } from './data-directory-lock';

const lockModule = path.join(path.dirname(fileURLToPath(import.meta.url)), 'data-directory-lock.ts');
let directory: string;
beforeAll(async () => {
  directory = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-lock-'));
});
afterAll(async () => fs.rm(directory, { recursive: true, force: true }));

/** A real process that takes the lock and keeps running until killed. */
async function holdLockInChild(lockFile: string): Promise<ChildProcess> {
  const script = `import(${JSON.stringify(lockModule)}).then((m) => m.acquireDataDirectoryLock(${JSON.stringify(lockFile)})).then(() => { console.log('locked'); setInterval(() => {}, 1000); }, (error) => { console.error(error.message); process.exit(3); });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => String(chunk).includes('locked') && resolve());
    child.once('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('the data directory lock', () => {
  it('refuses while its owner runs and is taken at once after the owner is killed with SIGKILL', async () => {
    const lockFile = path.join(directory, 'killed.owner');
    const holder = await holdLockInChild(lockFile);
    await expect(acquireDataDirectoryLock(lockFile)).rejects.toBeInstanceOf(LockHeldError);
    await killed(holder);
    const release = await acquireDataDirectoryLock(lockFile);
    const owner = JSON.parse(await fs.readFile(lockFile, 'utf8'));
    expect(owner.pid).toBe(process.pid);
    await release();
    await expect(fs.stat(lockFile)).rejects.toThrow();
  });

  it('does not take the pid of a dead owner reused by another process for the owner', async () => {
    const lockFile = path.join(directory, 'reused.owner');
    const self = await currentProcessOwner();
    // The parent of this test runs, but started at another time than the recorded owner did.
    const earlier = { ...self, pid: process.ppid, startTicks: -1, token: 'earlier' };
    await fs.writeFile(lockFile, JSON.stringify(earlier));
    const release = await acquireDataDirectoryLock(lockFile);
    await release();
  });

  it('keeps the lock of an owner it cannot check (another container) while its heartbeat is fresh', async () => {
    const lockFile = path.join(directory, 'foreign.owner');
    const self = await currentProcessOwner();
    const foreign = { ...self, pid: 1, pidNamespace: 'pid:[1]', token: 'foreign' };
    await fs.writeFile(lockFile, JSON.stringify(foreign));
    await expect(acquireDataDirectoryLock(lockFile)).rejects.toBeInstanceOf(LockHeldError);
    const longAgo = new Date(Date.now() - 60_000);
    await fs.utimes(lockFile, longAgo, longAgo);
    const release = await acquireDataDirectoryLock(lockFile);
    await release();
  });
});
