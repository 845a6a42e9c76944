import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const requestIdHeader = 'x-request-id';
// What a load balancer or tracing header carries (UUIDs, hex, base64); anything else could forge log lines.
const acceptableRequestId = /^[A-Za-z0-9._~:+=/-]{1,128}$/;

/** The caller's X-Request-Id when it is safe to log and echo, otherwise a new one. */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && acceptableRequestId.test(incoming) ? incoming : crypto.randomUUID();
}

/** Every response names its request id, so a visitor's report can be matched to the server's logs. */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
  });
});
