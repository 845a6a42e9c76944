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

/**
 * The page's session CSRF token, held here so no component carries it: undefined until the page knows
 * it, null when it knows there is no session (a visitor; writes then go without the header).
 */
let knownCsrfToken: string | null | undefined;
let onCsrfTokenKnown: Array<() => void> = [];
/** A write asked for before the token is known waits this long, then fails; it never goes without. */
const csrfTokenWaitMs = 10_000;

/**
 * Where the page learns its session: the portal's page data, each staff-session answer (sign-in
 * included, so a rotated token replaces the old one), null on sign-out.
 */
export function setCsrfToken(token: string | null): void {
  knownCsrfToken = token;
  const waiting = onCsrfTokenKnown;
  onCsrfTokenKnown = [];
  for (const resume of waiting) resume();
}

/** Back to "not known yet", as on a fresh page (tests). */
export function forgetCsrfToken(): void {
  knownCsrfToken = undefined;
}

function csrfNotKnown(): ApiError {
  return new ApiError(0, 'csrf_failed', messages.csrfFailed);
}

/** Resolves once setCsrfToken was called; fails after csrfTokenWaitMs or when the caller gives up. */
function csrfTokenKnown(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const resume = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const stop = (reason: unknown) => {
      onCsrfTokenKnown = onCsrfTokenKnown.filter((entry) => entry !== resume);
      signal?.removeEventListener('abort', abort);
      reject(reason);
    };
    const abort = () => {
      clearTimeout(timer);
      stop(signal?.reason);
    };
    const timer = setTimeout(() => stop(csrfNotKnown()), csrfTokenWaitMs);
    signal?.addEventListener('abort', abort);
    onCsrfTokenKnown.push(resume);
  });
}

/**
 * The header every unsafe request (POST, PUT, PATCH, DELETE) carries: the session's token, or none for a
 * page without a session. For the few writes that cannot go through apiRequest (uploads, downloads).
 */
export async function csrfHeaders(signal?: AbortSignal): Promise<Record<string, string>> {
  if (knownCsrfToken === undefined) await csrfTokenKnown(signal);
  return knownCsrfToken ? { 'x-csrf-token': knownCsrfToken } : {};
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Lets the caller give up (a timeout, a closed dialog). */
  signal?: AbortSignal;
  /** A GET that uses something up (a one-time token's only view) proves the session like a write. */
  usesUp?: boolean;
};

/**
 * Asks the person to prove their second factor again (the console's step-up dialog); resolves true when
 * they did, false when they cancelled. Without one registered, step_up_required fails like any error.
 */
type StepUpHandler = (message: string) => Promise<boolean>;
let stepUpHandler: StepUpHandler | null = null;

export function setStepUpHandler(handler: StepUpHandler | null): void {
  stepUpHandler = handler;
}

/**
 * JSON in, JSON out, same origin with cookies; every failure becomes an ApiError. A sensitive change
 * the server answers with step_up_required is retried once after the person proves their second factor.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    return await sendApiRequest<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'step_up_required' && stepUpHandler)) throw error;
    if (!(await stepUpHandler(error.message))) throw error;
    return sendApiRequest<T>(path, options);
  }
}

async function sendApiRequest<T>(path: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(method === 'GET' && !options.usesUp ? {} : await csrfHeaders(options.signal)),
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
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
