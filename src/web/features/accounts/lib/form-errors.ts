import { messages } from '../../../../shared/messages';
import { isApiError } from '../../../lib/api-client';

export const correctFieldsMessage = 'Please correct the highlighted fields.';

/** 'body.byoid.jwksUrl' names the form field 'byoid.jwksUrl'. */
export function formPathOf(serverKey: string): string {
  return serverKey.replace(/^(body|params|querystring)\./, '');
}

/**
 * Puts each server field error on its form field (when the form has it) and answers the message for
 * the form as a whole: the server's own message when no field took it, so nothing is left unsaid.
 */
export function applyServerErrors(
  error: unknown,
  hasField: (path: string) => boolean,
  setFieldError: (path: string, message: string) => void,
): string {
  if (!isApiError(error)) return messages.genericError;
  let placed = 0;
  for (const [key, message] of Object.entries(error.fields)) {
    const path = formPathOf(key);
    if (!hasField(path)) continue;
    setFieldError(path, message);
    placed++;
  }
  return placed > 0 && placed === Object.keys(error.fields).length ? correctFieldsMessage : error.message;
}
