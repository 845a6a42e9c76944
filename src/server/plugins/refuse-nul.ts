import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../shared/errors';

const nul = '\u0000';

/** The path (e.g. "body.comment.text") of the first string holding NUL, or null. */
export function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(nul) ? path : null;
  // An upload's stream or bytes are not text, and walking a stream's object graph (socket, server, ...)
  // never ends: only parsed values (plain or null-prototype objects, arrays) are walked.
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (value instanceof Stream || Buffer.isBuffer(value)) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes(nul)) return path;
    const found = findNul(inner, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold NUL: a parameter with one failed as a 500 deep in a query. Every route's
 * path parameters, query and parsed body are checked once here, before any schema or handler runs.
 */
export const refuseNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      // A whole-body string is an upload read as text (a PNG sent as text/plain): the route judges its bytes.
      ['body', typeof request.body === 'string' ? null : request.body],
    ] as const) {
      const field = findNul(value, part);
      if (field) {
        throw new AppError('validation_failed', `Invalid ${field}: must not contain the NUL character`, {
          [field]: 'must not contain the NUL character',
        });
      }
    }
  });
});
