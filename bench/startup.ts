import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../src/server/test/server-process';

/**
 * Start-up on an existing data directory: from spawning the compiled server (`node dist/node/main.js`,
 * what `npm start` imports) to the first 200 from /readyz, against a trivial Node HTTP server's spawn to
 * first answer in the same run (Node's own start-up), interleaved, medians. Also prints the server's
 * own phase timings and its resident memory once idle. Needs `npm run build` first.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
const root = path.resolve(import.meta.dirname, '..');
const mainBundle = path.join(root, 'dist', 'node', 'main.js');
/** Another tree's dist/node/main.js (say, the previous release) measured in the same rounds. */
const compareBundle = process.env.BENCH_COMPARE_BUNDLE;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function untilAnswered(url: string, child: ChildProcess): Promise<void> {
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`${url}: the process exited before answering`);
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 30_000).unref();
  });
}

function residentMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

type AppStart = { ms: number; phases: Array<{ phase: string; ms: number }>; idleMiB: number };

async function startApp(
  bundle: string,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  measureMemory: boolean,
): Promise<AppStart> {
  const port = await freePort();
  const began = performance.now();
  const child = spawn(process.execPath, [bundle], {
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_FORMAT: 'json',
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    await untilAnswered(`http://127.0.0.1:${port}/readyz`, child);
    const ms = performance.now() - began;
    let idleMiB = 0;
    if (measureMemory) {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      idleMiB = residentMiB(child.pid!);
    }
    const readyLine = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { startUpMs?: number; phases?: AppStart['phases'] })
      .find((entry) => entry.startUpMs !== undefined);
    return { ms, phases: readyLine?.phases ?? [], idleMiB };
  } finally {
    await stop(child);
  }
}

async function startTrivialServer(): Promise<number> {
  const port = await freePort();
  const began = performance.now();
  const source = `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1')`;
  const child = spawn(process.execPath, ['-e', source], { stdio: 'ignore' });
  try {
    await untilAnswered(`http://127.0.0.1:${port}/`, child);
    return performance.now() - began;
  } finally {
    await stop(child);
  }
}

async function benchMode(label: string, env: NodeJS.ProcessEnv) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'attest-bench-startup-'));
  try {
    await startApp(mainBundle, dataDir, env, false); // the first start migrates and seeds: not measured
    const app: AppStart[] = [];
    const trivial: number[] = [];
    const compared: AppStart[] = [];
    for (let round = 0; round < rounds; round++) {
      trivial.push(await startTrivialServer());
      app.push(await startApp(mainBundle, dataDir, env, round === 0));
      if (compareBundle) compared.push(await startApp(compareBundle, dataDir, env, round === 0));
    }
    const appMs = median(app.map((start) => start.ms));
    const trivialMs = median(trivial);
    const phaseNames = app[0]!.phases.map(({ phase }) => phase);
    const phaseLines = phaseNames.map((name) => {
      const values = app.map((start) => start.phases.find(({ phase }) => phase === name)?.ms ?? 0);
      return `    ${name.padEnd(26)} ${Math.round(median(values))} ms`;
    });
    console.log(
      [
        `startup, ${label} (${rounds} interleaved rounds, existing data directory, medians):`,
        `  trivial Node HTTP server, spawn to first answer   ${Math.round(trivialMs)} ms`,
        `  Attest, spawn to /readyz 200                      ${Math.round(appMs)} ms  ratio ${(appMs / trivialMs).toFixed(1)}×`,
        '  Attest phases (its own timeline, process start to listening):',
        ...phaseLines,
        `  resident memory 3 s after ready                   ${Math.round(app[0]!.idleMiB)} MiB`,
        ...(compareBundle
          ? [
              `  compared build (${compareBundle}):`,
              `    spawn to /readyz 200 ${Math.round(median(compared.map((start) => start.ms)))} ms, resident ${Math.round(compared[0]!.idleMiB)} MiB`,
            ]
          : []),
      ].join('\n'),
    );
    return { appMs, trivialMs, ratio: appMs / trivialMs };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchStartup() {
  if (!fs.existsSync(mainBundle)) throw new Error('startup bench: run `npm run build` first');
  const results = { pglite: await benchMode('embedded PGlite', {}) };
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) return results;
  return { ...results, postgres: await benchMode('PostgreSQL', { DATABASE_URL: databaseUrl }) };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStartup();
