import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Runs `src/server/main.ts` as a real process, as `npm start` does after the build. */
export function spawnServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: projectRoot,
    // No load balancer watches a test's server: shutdown needs no drain time unless a test sets one.
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Starts a server and waits until /readyz answers and it printed its banner (an exit is an error). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = spawnServer({ PUBLIC_URL: url, ...env, PORT: String(port) });
  let hasExited = false;
  void started.exited.then(() => {
    hasExited = true;
  });
  // Three minutes: a cold start that seeds the demo takes over a minute on a loaded two-core machine.
  for (let attempt = 0; attempt < 1800; attempt++) {
    if (hasExited) throw new Error(`server exited during start-up:\n${started.output()}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready && started.output().includes('Attest is running at')) {
      return {
        ...started,
        url,
        async stop(signal: NodeJS.Signals = 'SIGTERM') {
          if (!hasExited) started.child.kill(signal);
          return started.exited;
        },
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  started.child.kill('SIGKILL');
  throw new Error(`server did not become ready:\n${started.output()}`);
}
