import crypto from 'node:crypto';
import os from 'node:os';

/** `host:pid:random`: which machine and process holds a job's lease, and which life of that process. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `lockedBy` is an earlier life of a worker on this machine that is certainly gone: its
 * process no longer runs, or it had our own pid (a container's node restarted as PID 1 again) under
 * another random part. Workers elsewhere, or alive here, are never judged gone: their leases run out.
 */
export function isGoneWorkerOnThisHost(lockedBy: string, ownWorkerId: string): boolean {
  const match = /^(.*):(\d+):([0-9a-f]{8})$/.exec(lockedBy);
  if (!match || lockedBy === ownWorkerId) return false;
  const [, host, pidText] = match;
  if (host !== os.hostname()) return false;
  const pid = Number(pidText);
  return pid === process.pid || !isProcessAlive(pid);
}
