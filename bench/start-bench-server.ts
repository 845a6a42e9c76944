import { type ChildProcess, spawn } from 'node:child_process';

/** Seeding the demo on PGlite takes seconds, on a busy machine tens of them; past this the bench gives up. */
const startTimeLimitMs = 180_000;

/**
 * Starts bench/bench-server.ts (the real app on a seeded demo organisation) with `env` on top of this
 * process's, and resolves once it listens, with the signed-in member's cookie it printed.
 */
export function startBenchServer(
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; memberCookie: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bench-server.ts'], {
    env: { ...process.env, ...env, BENCH_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bench server not ready within ${startTimeLimitMs / 1000} s`));
    }, startTimeLimitMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      const line = chunk.toString();
      if (!line.startsWith('ready')) return;
      clearTimeout(timer);
      const { memberCookie } = JSON.parse(line.slice('ready'.length)) as { memberCookie: string };
      resolve({ child, memberCookie });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code}`));
    });
  });
}
