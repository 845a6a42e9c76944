import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createBenchDatabase } from './bench-database';
import { startBenchServer } from './start-bench-server';

/**
 * The demo organisation's portal page (`/acme`) and view (`{base}/view`) as browsers ask for them
 * (`Accept-Encoding: gzip, deflate, br, zstd`), against the very bytes the app sent, served by a bare
 * node:http server in its own process; a signed-in member's view against the anonymous one; and the
 * view with the cache bypassed (the first request after an edit); a signed-in member's page and view
 * against the anonymous ones. Interleaved rounds, medians, ratios.
 * Not a test: no thresholds.
 */
const port = Number(process.env.BENCH_PORT ?? 3900);
const trivialPort = Number(process.env.BENCH_TRIVIAL_PORT ?? 3901);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const browserAcceptEncoding = 'gzip, deflate, br, zstd';
const pagePath = '/acme';
const viewPath = '/api/statuspage/share/acme/view';

function startProcess(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const line = chunk.toString();
      if (line.startsWith('ready')) resolve({ child, line: line.slice('ready'.length).trim() });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** The raw answer, bytes as sent (node:http does not decode), with the headers a baseline repeats. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; headers: Record<string, string> }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const kept = ['content-type', 'content-encoding', 'vary', 'etag', 'cache-control'];
          const picked = Object.fromEntries(
            kept.flatMap((name) => (response.headers[name] ? [[name, String(response.headers[name])]] : [])),
          );
          resolve({ body: Buffer.concat(chunks), headers: picked });
        });
      })
      .on('error', reject);
  });
}

type Figures = { rate: number; p99: number };

async function measure(url: string, headers: Record<string, string>): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rate: result.requests.average, p99: result.latency.p99 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

type Setup = { label: string; env: Record<string, string> };

/**
 * Each start a newcomer or an operator runs: a plain `npm start` (development mode, React's development
 * build) and `NODE_ENV=production`, on PGlite, and on PostgreSQL when BENCH_DATABASE_URL names a server.
 */
export async function benchPortalView() {
  const engines = [{ label: 'PGlite', databaseUrl: null as string | null }];
  if (process.env.BENCH_DATABASE_URL)
    engines.push({ label: 'PostgreSQL', databaseUrl: process.env.BENCH_DATABASE_URL });
  const figures = [];
  for (const engine of engines) {
    for (const nodeEnv of ['', 'production']) {
      const created = engine.databaseUrl ? await createBenchDatabase(engine.databaseUrl, 'portal') : null;
      try {
        const label = `${engine.label}, ${nodeEnv ? 'NODE_ENV=production' : 'default start'}`;
        const env = {
          BENCH_NODE_ENV: nodeEnv,
          NODE_ENV: nodeEnv,
          // Empty on PGlite: the server must not take the parent's BENCH_DATABASE_URL (the server's own database).
          BENCH_DATABASE_URL: created?.url ?? '',
        };
        figures.push(await benchPortalViewOnce({ label, env }));
      } finally {
        await created?.drop();
      }
    }
  }
  return figures;
}

async function benchPortalViewOnce(setup: Setup) {
  const app = await startBenchServer(port, setup.env);
  const { memberCookie } = app;
  const appUrl = `http://127.0.0.1:${port}`;
  const trivialUrl = `http://127.0.0.1:${trivialPort}`;
  const browser = { 'accept-encoding': browserAcceptEncoding };
  const directory = await mkdtemp(path.join(os.tmpdir(), 'attest-bench-bytes-'));
  let trivial: ChildProcess | null = null;
  try {
    const answers = [];
    const sizes: Record<string, string> = {};
    for (const target of [pagePath, viewPath]) {
      const raw = await fetchRaw(`${appUrl}${target}`, browser);
      const plain = await fetchRaw(`${appUrl}${target}`, {});
      const gzip = await fetchRaw(`${appUrl}${target}`, { 'accept-encoding': 'gzip' });
      const file = path.join(directory, `${answers.length}.bin`);
      await writeFile(file, raw.body);
      answers.push({ path: target, file, headers: raw.headers });
      sizes[target] =
        `${(plain.body.length / 1000).toFixed(0)} kB, ${(raw.body.length / 1000).toFixed(1)} kB ${raw.headers['content-encoding'] ?? 'identity'}, ${(gzip.body.length / 1000).toFixed(1)} kB gzip`;
    }
    // The member really is signed in: their view and page name them (an ignored cookie would measure the anonymous ones).
    for (const target of [viewPath, pagePath]) {
      const answer = await fetchRaw(`${appUrl}${target}`, { cookie: memberCookie });
      if (!answer.body.toString('utf8').includes('"firstName":"Hank"'))
        throw new Error(`the member session was not accepted on ${target}`);
    }
    trivial = (
      await startProcess('bench/trivial-server.ts', {
        BENCH_TRIVIAL_PORT: String(trivialPort),
        BENCH_ANSWERS: JSON.stringify(answers),
      })
    ).child;

    const targets = {
      pageBaseline: { url: `${trivialUrl}${pagePath}`, headers: browser },
      page: { url: `${appUrl}${pagePath}`, headers: browser },
      viewBaseline: { url: `${trivialUrl}${viewPath}`, headers: browser },
      view: { url: `${appUrl}${viewPath}`, headers: browser },
      memberPage: { url: `${appUrl}${pagePath}`, headers: { ...browser, cookie: memberCookie } },
      memberView: { url: `${appUrl}${viewPath}`, headers: { ...browser, cookie: memberCookie } },
      uncachedView: { url: `${appUrl}/__bench/uncached-view`, headers: browser },
    };
    type Name = keyof typeof targets;
    const names = Object.keys(targets) as Name[];
    for (const name of names) await measure(targets[name].url, targets[name].headers);
    const samples = Object.fromEntries(names.map((name) => [name, [] as Figures[]])) as Record<
      Name,
      Figures[]
    >;
    for (let round = 0; round < rounds; round++) {
      for (const name of names) samples[name].push(await measure(targets[name].url, targets[name].headers));
    }
    const rate = (name: Name) => median(samples[name].map((sample) => sample.rate));
    const p99 = (name: Name) => median(samples[name].map((sample) => sample.p99));
    const percent = (value: number, of: number) => `${((value / of) * 100).toFixed(1)} %`;
    const row = (label: string, name: Name, against?: Name) =>
      `  ${label.padEnd(44)} ${String(Math.round(rate(name))).padStart(6)} req/s  p99 ${String(p99(name)).padStart(4)} ms${
        against ? `  ratio ${percent(rate(name), rate(against))}` : ''
      }`;
    console.log(
      [
        `portal-view, ${setup.label} (${rounds} interleaved rounds of ${seconds} s, ${connections} connections, medians, Accept-Encoding: ${browserAcceptEncoding}):`,
        `  /acme ${sizes[pagePath]}; view ${sizes[viewPath]}`,
        row('GET /acme, same bytes from a trivial server', 'pageBaseline'),
        row('GET /acme (anonymous)', 'page', 'pageBaseline'),
        row('GET {base}/view, same bytes, trivial server', 'viewBaseline'),
        row('GET {base}/view (anonymous)', 'view', 'viewBaseline'),
        row('GET /acme (signed-in member) vs anonymous', 'memberPage', 'page'),
        row('GET {base}/view (signed-in member) vs anon.', 'memberView', 'view'),
        row('same view, cache bypassed, vs anonymous', 'uncachedView', 'view'),
      ].join('\n'),
    );
    return {
      setup: setup.label,
      page: rate('page') / rate('pageBaseline'),
      view: rate('view') / rate('viewBaseline'),
      memberPage: rate('memberPage') / rate('page'),
      memberView: rate('memberView') / rate('view'),
    };
  } finally {
    trivial?.kill('SIGTERM');
    app.child.kill('SIGTERM');
    await rm(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchPortalView();
