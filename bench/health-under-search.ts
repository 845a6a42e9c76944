import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { openPglite } from '../src/server/db/client';
import { organisations, products } from '../src/server/db/schema';
import { seedDemoOrganisation } from '../src/server/seed/demo';
import { freePort } from '../src/server/test/server-process';
import { fillKnowledgeBase } from './search';
import { percentile } from './stats';

/**
 * GET /healthz answered while 10 clients search 100 000 FAQ entries on embedded PGlite, against the same
 * /healthz on the same server with nothing else running, interleaved (idle, loaded, idle, …), p50/p99;
 * on the main port and on HEALTH_PORT (the listener on its own thread), sampled side by side.
 * The server is its own process (`src/server/main.ts`), so the measuring client never waits on it.
 * BENCH_COMPARE_ROOT=<another checkout> measures that tree's server on the same data in the same rounds.
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const searchers = Number(process.env.BENCH_SEARCHERS ?? 10);
const root = path.resolve(import.meta.dirname, '..');
const terms = ['SOC 2 report', 'backup', 'access review', 'encryption at rest', 'data retention', 'MFA'];

async function prepareDataDirectory(): Promise<{ dataDir: string; productId: string }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'attest-bench-health-'));
  const handle = await openPglite({ dataDir });
  try {
    await seedDemoOrganisation(handle.db, { adminPassword: 'bench-password-not-used' });
    const [organisation] = await handle.db.select().from(organisations).where(eq(organisations.slug, 'acme'));
    const productRows = await handle.db
      .select({ id: products.id, slug: products.slug })
      .from(products)
      .where(eq(products.organisationId, organisation!.id));
    await fillKnowledgeBase(
      handle,
      organisation!.id,
      productRows.map((row) => row.id),
    );
    return { dataDir, productId: productRows.find((row) => row.slug === 'payroll')!.id };
  } finally {
    await handle.close();
  }
}

async function startServer(
  treeRoot: string,
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; healthUrl: string }> {
  const port = await freePort();
  const healthPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const healthUrl = `http://127.0.0.1:${healthPort}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: treeRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      // Every search comes from its own address, so the per-address search limit never answers 429.
      TRUST_PROXY: 'true',
      RUN_JOBS: 'false',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_SECONDS: '0',
      // The health listener on its own thread (decision 372); a tree without it ignores the variable.
      HEALTH_PORT: String(healthPort),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    const ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { child, url, healthUrl };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(killer);
}

/** One health check after another for `seconds`; each latency from sending to the whole answer. */
async function sampleHealth(url: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  while (performance.now() < until) {
    const start = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    latencies.push(performance.now() - start);
  }
  return latencies;
}

async function searchUntil(url: string, productId: string, client: number, until: number): Promise<number> {
  let count = 0;
  while (performance.now() < until) {
    const term = terms[(client + count) % terms.length]!;
    const response = await fetch(`${url}/api/statuspage/share/acme/search`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.${client}.${Math.floor(count / 250) % 250}.${(count % 250) + 1}`,
      },
      body: JSON.stringify({ query: { term, filters: { products: [productId] } } }),
    });
    if (!response.ok) throw new Error(`search answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    count++;
  }
  return count;
}

async function measureTree(label: string, treeRoot: string, dataDir: string, productId: string) {
  const { child, url, healthUrl } = await startServer(treeRoot, dataDir);
  try {
    const hasHealthPort = await fetch(`${healthUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    await searchUntil(url, productId, 0, performance.now() + 2000); // warm-up
    const samples = {
      idle: [] as number[],
      loaded: [] as number[],
      portIdle: [] as number[],
      portLoaded: [] as number[],
    };
    let searches = 0;
    for (let round = 0; round < rounds; round++) {
      const idleUntil = performance.now() + seconds * 1000;
      const [idle, portIdle] = await Promise.all([
        sampleHealth(url, idleUntil),
        hasHealthPort ? sampleHealth(healthUrl, idleUntil) : [],
      ]);
      samples.idle.push(...idle);
      samples.portIdle.push(...portIdle);
      const until = performance.now() + seconds * 1000;
      const [health, portHealth, ...counts] = await Promise.all([
        sampleHealth(url, until),
        hasHealthPort ? sampleHealth(healthUrl, until) : [],
        ...Array.from({ length: searchers }, (_, client) => searchUntil(url, productId, client, until)),
      ]);
      samples.loaded.push(...health);
      samples.portLoaded.push(...portHealth);
      searches += counts.reduce((sum, count) => sum + count, 0);
    }
    const figures = (idle: number[], loaded: number[]) => ({
      idleP50: percentile(idle, 50),
      idleP99: percentile(idle, 99),
      loadedP50: percentile(loaded, 50),
      loadedP99: percentile(loaded, 99),
      loadedMax: Math.max(...loaded),
    });
    return {
      label,
      main: figures(samples.idle, samples.loaded),
      healthPort: hasHealthPort ? figures(samples.portIdle, samples.portLoaded) : null,
      searchesPerSecond: searches / (rounds * seconds),
    };
  } finally {
    await stopServer(child);
  }
}

export async function benchHealthUnderSearch() {
  const { dataDir, productId } = await prepareDataDirectory();
  try {
    const trees = [{ label: 'this tree', treeRoot: root }];
    if (process.env.BENCH_COMPARE_ROOT)
      trees.push({ label: 'compared tree', treeRoot: process.env.BENCH_COMPARE_ROOT });
    const lines = [
      `health under search on PGlite (${searchers} searching clients, ${rounds} rounds of ${seconds} s idle then loaded):`,
    ];
    for (const { label, treeRoot } of trees) {
      const result = await measureTree(label, treeRoot, dataDir, productId);
      const describe = (name: string, figures: typeof result.main) =>
        `  ${label}, ${name}: /healthz idle p50 ${figures.idleP50.toFixed(1)} ms p99 ${figures.idleP99.toFixed(1)} ms;` +
        ` while searching p50 ${figures.loadedP50.toFixed(1)} ms p99 ${figures.loadedP99.toFixed(1)} ms` +
        ` (max ${figures.loadedMax.toFixed(0)} ms), ratio p99 ${(figures.loadedP99 / figures.idleP99).toFixed(1)}×`;
      lines.push(describe('main port', result.main));
      if (result.healthPort) lines.push(describe('HEALTH_PORT', result.healthPort));
      lines.push(`  ${label}: ${result.searchesPerSecond.toFixed(1)} searches/s`);
    }
    console.log(lines.join('\n'));
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchHealthUnderSearch();
