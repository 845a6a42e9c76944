import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors';

/**
 * Routes with attachValidation: a bad body answers 400 with the spec's own text as the message
 * ('No product id', the term limit), not the generic 'Invalid body…' wording.
 */
export function throwValidationMessage(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (!hasZodFastifySchemaValidationErrors(error)) throw new AppError('validation_failed', error.message);
  const fields: Record<string, string> = {};
  for (const issue of error.validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    fields[path || (error.validationContext ?? 'body')] ??= issue.message ?? 'is not valid';
  }
  const [firstMessage] = Object.values(fields);
  throw new AppError('validation_failed', firstMessage ?? 'The request is not valid.', fields);
}
