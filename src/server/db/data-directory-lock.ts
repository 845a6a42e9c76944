import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';

/** Who holds a data directory: enough to tell, on this machine, whether that process still runs. */
export type LockOwner = {
  pid: number;
  hostname: string;
  /** The kernel's boot id: a pid from an earlier boot names no process now. */
  bootId: string | null;
  /** The pid namespace: pids of another container cannot be checked from here. */
  pidNamespace: string | null;
  /** The process's start time in clock ticks since boot, so a reused pid is not taken for the owner. */
  startTicks: number | null;
  token: string;
};

export class LockHeldError extends Error {}

/** An owner whose liveness cannot be checked here counts as gone once its heartbeat is this old. */
export const unverifiableOwnerStaleMs = 15_000;
const heartbeatMs = 5_000;

async function readOrNull(file: string): Promise<string | null> {
  return fs.readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => null,
  );
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces and parentheses. */
async function processStartTicks(pid: number | 'self'): Promise<number | null> {
  const stat = await readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[19]);
  return Number.isFinite(ticks) ? ticks : null;
}

export async function currentProcessOwner(): Promise<LockOwner> {
  const pidNamespace = await fs.readlink('/proc/self/ns/pid').catch(() => null);
  return {
    pid: process.pid,
    hostname: os.hostname(),
    bootId: await readOrNull('/proc/sys/kernel/random/boot_id'),
    pidNamespace,
    startTicks: await processStartTicks('self'),
    token: randomUUID(),
  };
}

function parseOwner(text: string | null): LockOwner | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    return typeof value.pid === 'number' && typeof value.token === 'string' ? (value as LockOwner) : null;
  } catch {
    return null;
  }
}

/**
 * 'gone' only when this machine can prove it: same boot and pid namespace, and the pid is absent or
 * started at another time. Otherwise (another host or container) the heartbeat decides.
 */
async function ownerState(owner: LockOwner, self: LockOwner): Promise<'alive' | 'gone' | 'unknown'> {
  if (owner.bootId === null || self.bootId === null) return 'unknown';
  // A boot id is random per boot: a different one on the same host means the owner died in a reboot.
  if (owner.bootId !== self.bootId) return owner.hostname === self.hostname ? 'gone' : 'unknown';
  if (owner.pidNamespace === null || owner.pidNamespace !== self.pidNamespace) return 'unknown';
  if (owner.pid === self.pid) return 'gone';
  const startTicks = await processStartTicks(owner.pid);
  if (startTicks === null) return 'gone';
  return owner.startTicks === null || startTicks === owner.startTicks ? 'alive' : 'gone';
}

async function isStale(lockFile: string, text: string | null, self: LockOwner): Promise<boolean> {
  const owner = parseOwner(text);
  const state = owner ? await ownerState(owner, self) : 'unknown';
  if (state !== 'unknown') return state === 'gone';
  // A half-written file or an owner we cannot check: stale once its heartbeat stops.
  const stat = await fs.stat(lockFile).catch(() => null);
  return stat === null || Date.now() - stat.mtimeMs > unverifiableOwnerStaleMs;
}

/**
 * Takes `lockFile` for this process. A lock whose owner is provably gone (kill -9, a crash, a reboot)
 * is taken at once; a live owner's is refused with LockHeldError. Returns the release function.
 */
export async function acquireDataDirectoryLock(lockFile: string): Promise<() => Promise<void>> {
  const self = await currentProcessOwner();
  const content = JSON.stringify(self);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, content, { flag: 'wx', mode: 0o644 });
      return startHeartbeat(lockFile, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const existing = await readOrNull(lockFile);
    if (!(await isStale(lockFile, existing, self))) break;
    // Move the stale file aside; if another starter replaced it meanwhile, put theirs back and give up.
    const aside = `${lockFile}.stale-${self.token}`;
    const moved = await fs.rename(lockFile, aside).then(
      () => true,
      () => false,
    );
    if (!moved) continue;
    const movedText = await readOrNull(aside);
    if (movedText !== existing) {
      await fs.rename(aside, lockFile).catch(() => {});
      break;
    }
    await fs.rm(aside, { force: true });
  }
  throw new LockHeldError(`${lockFile} is held by a running process`);
}

function startHeartbeat(lockFile: string, content: string): () => Promise<void> {
  const timer = setInterval(() => {
    const now = new Date();
    fs.utimes(lockFile, now, now).catch(() => {});
  }, heartbeatMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    // Only our own lock is removed: never one a later owner took over.
    if ((await readOrNull(lockFile)) === content) await fs.rm(lockFile, { force: true });
  };
}
