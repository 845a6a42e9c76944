// The health listener's thread (health-listener.ts starts it): answers /healthz and /readyz on
// HEALTH_PORT from what the main thread last reported, so a check never queues behind the requests,
// searches and database statements that keep the main event loop busy. Plain JavaScript: the release
// build copies it beside the bundle, as it does the PDF text worker.
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

const { host, port, heartbeat, unresponsiveAfterMs, staleAfterMs } = workerData;
const lastBeat = new BigInt64Array(heartbeat);
/** The main thread's last readiness report: { readiness, reportedAt } or null before the first. */
let report = null;
/** Told once shutdown starts: from then on /readyz fails whatever the reports say. */
let isShuttingDown = false;

parentPort.on('message', (message) => {
  if (message.type === 'readiness') report = { readiness: message.readiness, reportedAt: Date.now() };
  if (message.type === 'shutting_down') isShuttingDown = true;
});

function silentForMs() {
  return Date.now() - Number(Atomics.load(lastBeat, 0));
}

function send(response, status, body) {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(response.req.method === 'HEAD' ? undefined : text);
}

function health() {
  const silent = silentForMs();
  if (silent > unresponsiveAfterMs) return [503, { status: 'unresponsive', eventLoopSilentMs: silent }];
  return [200, { status: 'ok' }];
}

function readiness() {
  const silent = silentForMs();
  const reportAge = report ? Date.now() - report.reportedAt : null;
  const last = report?.readiness;
  const notReady = (failing) => [
    503,
    {
      status: 'not_ready',
      checks: { ...(last?.checks ?? {}), ...failing },
      jobs: last?.jobs ?? { status: 'unknown', queues: [] },
      rateLimits: last?.rateLimits ?? 'per_node',
    },
  ];
  if (isShuttingDown) return notReady({ shutdown: 'failing' });
  // A node whose main thread stopped beating or reporting serves nobody: out of rotation.
  if (report === null || silent > unresponsiveAfterMs || reportAge > staleAfterMs) {
    return notReady({ responsive: 'failing' });
  }
  return [last.status === 'ready' ? 200 : 503, last];
}

const server = http.createServer((request, response) => {
  const pathname = (request.url ?? '/').split('?')[0];
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.setHeader('allow', 'GET, HEAD');
    return send(response, 405, {
      error: { code: 'method_not_allowed', message: 'The health port answers GET and HEAD only' },
    });
  }
  if (pathname === '/healthz') return send(response, ...health());
  if (pathname === '/readyz') return send(response, ...readiness());
  return send(response, 404, {
    error: { code: 'not_found', message: 'The health port answers /healthz and /readyz only' },
  });
});
// A checker that holds a connection open must not keep the thread from closing.
server.keepAliveTimeout = 5000;
server.headersTimeout = 10_000;
server.requestTimeout = 10_000;

server.once('error', (error) => {
  parentPort.postMessage({ type: 'error', code: error.code ?? null, message: error.message });
});
server.listen({ host, port }, () => {
  parentPort.postMessage({ type: 'listening', port: server.address().port });
});
