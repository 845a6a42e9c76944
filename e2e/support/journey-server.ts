import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const adminPassword = 'e2e-demo-password-123';

export type JourneyServer = { process: ChildProcess; output: () => string; stop: () => Promise<void> };

async function waitForServer(baseUrl: string, child: ChildProcess, output: () => string) {
  // Up to three minutes: on a machine shared with other runs, start-up (migrations, demo seed) took 80 s.
  for (let attempt = 0; attempt < 900; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output()}`);
    const isUp = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (isUp) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start:\n${output()}`);
}

/**
 * The real server as its own process, answering /healthz: the release build (dist/node/main.js, as
 * `npm start` runs it; globalSetup rebuilds it when src/ is newer) in development mode, so the dev
 * mailbox is there. The TypeScript entry (`npm run dev`) stays covered by the server tests' processes.
 */
export async function startJourneyServer(options: {
  dataDirectory: string;
  port: number;
  env?: Record<string, string>;
}): Promise<JourneyServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  let output = '';
  const child = spawn(process.execPath, ['dist/node/main.js'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      DATA_DIR: options.dataDirectory,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DEMO_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // No load balancer watches a journey's server: it stops without the drain time.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    // A server that cannot stop within its grace period would otherwise outlive the run, holding a core.
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    await waitForServer(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { process: child, output: () => output, stop };
}
