import { spawn } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { startBenchServer } from './start-bench-server';
import { percentile } from './stats';

/**
 * A crowd after an incident: 50 connections (a fifth of them a signed-in member) ask for `/acme` for
 * 60 s on a busy machine (one process spinning on a core), against the app as a plain `npm start` runs
 * it on PGlite. Prints answers per second (the least, the median), how many seconds got no answer at all
 * (a stall), and /healthz latency probed four times a second meanwhile. Not a test: no thresholds.
 */
const port = Number(process.env.BENCH_PORT ?? 3900);
const seconds = Number(process.env.BENCH_CROWD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_CROWD_CONNECTIONS ?? 50);
const burners = Number(process.env.BENCH_CROWD_BURNERS ?? 1);
const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A health probe that gets no answer within this is counted at this latency and the next one starts. */
const probeTimeLimitMs = 10_000;

/** Another process keeping one core busy, as a shared machine has; it ends when the bench does, however that ends. */
const burnerScript =
  'const parent = process.ppid; for (;;) { for (let i = 0; i < 1e7; i++); try { process.kill(parent, 0); } catch { process.exit(0); } }';
const startBurner = () => spawn(process.execPath, ['-e', burnerScript], { stdio: 'ignore' });

function probeHealth(url: string, latencies: number[]): () => void {
  let isRunning = true;
  const probe = () => {
    if (!isRunning) return;
    const started = performance.now();
    http
      .get(url, { timeout: probeTimeLimitMs }, (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - started);
          setTimeout(probe, 250);
        });
      })
      .on('timeout', function onTimeout(this: http.ClientRequest) {
        latencies.push(probeTimeLimitMs);
        this.destroy();
      })
      .on('error', () => setTimeout(probe, 250));
  };
  probe();
  return () => {
    isRunning = false;
  };
}

export async function benchCrowd() {
  // The default start on PGlite: the server must not take a BENCH_DATABASE_URL meant for another bench.
  const { child, memberCookie } = await startBenchServer(port, {
    BENCH_NODE_ENV: '',
    NODE_ENV: '',
    BENCH_DATABASE_URL: '',
  });
  const burnerProcesses = Array.from({ length: burners }, startBurner);
  const url = `http://127.0.0.1:${port}/acme`;
  const answersPerSecond = new Map<number, number>();
  const healthLatencies: number[] = [];
  try {
    // The crowd meets a node that has served the page once, as a node in service has; the first
    // render after a start or an edit is shared by everyone waiting for it (portal-cache.ts).
    await fetch(url, { signal: AbortSignal.timeout(60_000) }).then((response) => response.text());
    const started = performance.now();
    const count = () => {
      const second = Math.floor((performance.now() - started) / 1000);
      answersPerSecond.set(second, (answersPerSecond.get(second) ?? 0) + 1);
    };
    const stopProbe = probeHealth(`http://127.0.0.1:${port}/healthz`, healthLatencies);
    const members = Math.max(1, Math.round(connections / 5));
    const crowd = (connectionCount: number, headers: Record<string, string>) =>
      new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon(
          { url, connections: connectionCount, duration: seconds, headers },
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        instance.on('response', count);
      });
    const results = await Promise.all([
      crowd(connections - members, browser),
      crowd(members, { ...browser, cookie: memberCookie }),
    ]);
    stopProbe();
    const failures = results.reduce((total, result) => total + result.non2xx + result.errors, 0);
    const failureKinds = results
      .map((result) => `${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} time-outs`)
      .join('; ');
    const perSecond = Array.from({ length: seconds }, (_, second) => answersPerSecond.get(second) ?? 0);
    const stalls = perSecond.filter((answers) => answers === 0).length;
    console.log(
      [
        `crowd (${connections} connections, ${members} of them a signed-in member, ${seconds} s on /acme, ${burners} other process(es) spinning, PGlite, default start):`,
        `  answers per second: least ${Math.min(...perSecond)}, median ${percentile(perSecond, 50)}, most ${Math.max(...perSecond)}; seconds with no answer: ${stalls}; failed requests: ${failures} (${failureKinds})`,
        `  per second: ${perSecond.join(' ')}`,
        `  /healthz meanwhile (${healthLatencies.length} probes): p50 ${percentile(healthLatencies, 50).toFixed(1)} ms, p99 ${percentile(healthLatencies, 99).toFixed(1)} ms, max ${Math.max(...healthLatencies).toFixed(1)} ms`,
      ].join('\n'),
    );
    return { stalls, leastPerSecond: Math.min(...perSecond), healthP99: percentile(healthLatencies, 99) };
  } finally {
    for (const burner of burnerProcesses) burner.kill('SIGKILL');
    child.kill('SIGTERM');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCrowd();
