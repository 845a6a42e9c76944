import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, type ErrorBody, type ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';
import { StoredObjectMissingError } from '../providers/storage';

function fieldsFromIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>, prefix?: string) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)';
    fields[key] ??= issue.message;
  }
  return fields;
}

function body(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Every error leaves as { error: { code, message, fields? } }; a 5xx never shows internals. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(body(error.code, error.message, error.fields));
    }
    // Reached only after the gate allowed the file: an imported document whose bytes are not uploaded yet.
    if (error instanceof StoredObjectMissingError) {
      return reply.status(404).send(body('not_found', 'This document has no file uploaded yet.'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const context = error.validationContext ?? 'request';
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        fields[path ? `${context}.${path}` : context] ??= issue.message ?? 'is not valid';
      }
      const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['request', 'is not valid'];
      return reply
        .status(400)
        .send(body('validation_failed', `Invalid ${firstField}: ${firstMessage}`, fields));
    }
    if (error instanceof ZodError) {
      const fields = fieldsFromIssues(error.issues);
      const [firstField, firstMessage] = Object.entries(fields)[0] ?? ['request', 'is not valid'];
      return reply
        .status(400)
        .send(body('validation_failed', `Invalid ${firstField}: ${firstMessage}`, fields));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('rate_limited', messages.rateLimited));
    if (status === 413)
      return reply.status(413).send(body('payload_too_large', 'The request body is too large.'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('bad_request', error.message || 'The request is not valid.'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: messages.internal, requestId: request.id } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
});
