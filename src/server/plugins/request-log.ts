import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { redactUrl } from '../logger';

/** Static files and probes: a browser page loads dozens and a balancer probes every few seconds. */
function isRoutineRequest(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return (
    pathname.startsWith('/assets/') ||
    pathname === '/favicon.ico' ||
    pathname === '/robots.txt' ||
    pathname === '/healthz' ||
    pathname === '/readyz' ||
    pathname === '/metrics'
  );
}

/**
 * One line per request, written when it is answered ("GET /acme 200 12 ms"), instead of Fastify's
 * two; routine requests are left out unless LOG_ROUTINE_REQUESTS asks for them.
 */
export const requestLogPlugin = fp(async (app: FastifyInstance, options: { includeRoutine: boolean }) => {
  // At debug level a request also shows when it starts, so one that never ends can be found.
  app.addHook('onRequest', async (request) => {
    if (!options.includeRoutine && isRoutineRequest(request.url)) return;
    request.log.debug({ req: request }, `${request.method} ${redactUrl(request.url)} started`);
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!options.includeRoutine && isRoutineRequest(request.url)) return;
    const milliseconds = Math.round(reply.elapsedTime);
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: milliseconds },
      `${request.method} ${redactUrl(request.url)} ${reply.statusCode} ${milliseconds} ms`,
    );
  });
});
