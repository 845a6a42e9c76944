import type { FastifyInstance } from 'fastify';

/**
 * Lets the plugin's routes take plain HTML form posts (pages that work without scripts, RFC 8058
 * one-click unsubscribes); other plugins keep answering 415 to that encoding.
 */
export function acceptFormPosts(app: Pick<FastifyInstance, 'addContentTypeParser'>): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
