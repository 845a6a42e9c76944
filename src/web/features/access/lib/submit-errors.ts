import { accessMessages } from '../../../../shared/access';
import { fieldErrorsByName, isApiError } from '../../../lib/api-client';

/**
 * What a failed login or request shows: the server's per-field messages under their fields, a rate
 * limit's own message, anything else the spec's unknown error.
 */
export function submitFailure(error: unknown): { fields: Record<string, string>; message: string | null } {
  if (isApiError(error)) {
    const fields = fieldErrorsByName(error.fields);
    if (Object.keys(fields).length > 0) return { fields, message: null };
    if (error.status === 429) return { fields: {}, message: error.message };
  }
  return { fields: {}, message: accessMessages.unknownError };
}
