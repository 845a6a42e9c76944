import type { ErrorBody, ErrorCode } from '../../shared/errors';
import { messages } from '../../shared/messages';

/** An API answer other than 2xx, carrying the server's error code and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  constructor(status: number, code: ErrorCode, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  csrfToken?: string;
  /** Lets the caller give up (a timeout, a closed dialog). */
  signal?: AbortSignal;
};

/** JSON in, JSON out, same origin with cookies; every failure becomes an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.csrfToken) headers['x-csrf-token'] = options.csrfToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch {
    throw new ApiError(0, 'unavailable', 'The server could not be reached. Check your connection.');
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) return payload as T;
  const error = (payload as Partial<ErrorBody> | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'internal',
    error?.message ?? messages.genericError,
    error?.fields ?? {},
  );
}

/** Maps the server's field keys ('body.customisation.portalTitle') to the form's ('portalTitle'). */
export function fieldErrorsByName(fields: Record<string, string>): Record<string, string> {
  const byName: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const name = key.split('.').at(-1) ?? key;
    byName[name] ??= message;
  }
  return byName;
}
