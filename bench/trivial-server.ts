import { readFile } from 'node:fs/promises';
import http from 'node:http';

/**
 * The baseline of bench/portal-view.ts: a bare node:http server, in its own process, answering each
 * path with bytes the app produced, read once at start (already compressed, as the app sent them) and
 * their headers. What the app's answers would cost with nothing but the write left.
 */
type Answer = { path: string; file: string; headers: Record<string, string> };
const answers: Answer[] = JSON.parse(process.env.BENCH_ANSWERS ?? '[]');
const bodies = new Map<string, { body: Buffer; headers: Record<string, string> }>();
for (const answer of answers) {
  bodies.set(answer.path, { body: await readFile(answer.file), headers: answer.headers });
}
const server = http.createServer((request, response) => {
  const found = bodies.get(request.url ?? '');
  if (!found) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...found.headers, 'content-length': found.body.length }).end(found.body);
});
server.listen(Number(process.env.BENCH_TRIVIAL_PORT ?? 3901), '127.0.0.1', () => {
  process.stdout.write('ready\n');
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
