import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The GET uses something up (a token's one view or redemption): HEAD must not run it. */
    usesUpOnGet?: boolean;
  }
}

/**
 * Fastify answers HEAD by running the GET handler and dropping the body, so a link checker or proxy
 * sending HEAD would burn a one-use token. Such routes declare usesUpOnGet and HEAD gets 405 instead.
 */
export const oneUseRoutesPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'HEAD' || !request.routeOptions.config.usesUpOnGet) return;
    return reply.status(405).header('allow', 'GET').header('cache-control', 'no-store').send();
  });
});
