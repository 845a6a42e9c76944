import autocannon from 'autocannon';
import { startBenchServer } from './start-bench-server';

/**
 * GET {base}/view of the demo organisation against the same payload served from memory, interleaved
 * so machine noise hits both alike. Prints both medians and the ratio. Not a test: no thresholds.
 */
const port = Number(process.env.BENCH_PORT ?? 3900);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

async function measure(path: string): Promise<number> {
  const result = await autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export async function benchPortalView() {
  const server = await startBenchServer(port);
  try {
    const paths = {
      baseline: '/__bench/static-view',
      view: '/api/statuspage/share/acme/view',
      uncached: '/__bench/uncached-view',
    };
    for (const path of Object.values(paths)) await measure(path);
    const samples = { baseline: [] as number[], view: [] as number[], uncached: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      for (const [name, path] of Object.entries(paths))
        samples[name as keyof typeof paths].push(await measure(path));
    }
    const baseline = median(samples.baseline);
    const view = median(samples.view);
    const uncached = median(samples.uncached);
    const percent = (value: number) => `${((value / baseline) * 100).toFixed(1)} %`;
    console.log(
      [
        `portal-view (${rounds} interleaved rounds of ${seconds} s, ${connections} connections, medians):`,
        `  static payload baseline      ${Math.round(baseline)} req/s`,
        `  GET {base}/view (public)     ${Math.round(view)} req/s  ratio ${percent(view)}`,
        `  same view, cache bypassed    ${Math.round(uncached)} req/s  ratio ${percent(uncached)}`,
      ].join('\n'),
    );
    return { baseline, view, uncached, ratio: view / baseline };
  } finally {
    server.kill('SIGTERM');
  }
}
