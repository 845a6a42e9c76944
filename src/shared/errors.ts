import { z } from 'zod';

/** One error vocabulary: verbs throw AppError(code); the UI switches on codes, never on message text. */
export const errorCodes = {
  bad_request: 400,
  validation_failed: 400,
  token_invalid: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  csrf_failed: 403,
  forbidden: 403,
  /** A sensitive change needs the second factor again (POST /api/auth/step-up), then a retry. */
  step_up_required: 403,
  not_found: 404,
  organisation_not_found: 404,
  product_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

/** Every error leaves the server in this shape (server/plugins/error-handler.ts); the API document names it. */
export const ApiError = z
  .object({
    error: z.object({
      code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
      message: z.string().describe('What went wrong, in words for a person'),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe('Per input field, what is wrong with it (validation errors)'),
      requestId: z.string().optional().describe('On 5xx only: quote it to match the server log'),
    }),
  })
  .describe('An error');

export type ErrorBody = {
  /** requestId: on server errors (5xx), to match a report with the server's logs. */
  error: { code: ErrorCode; message: string; fields?: Record<string, string>; requestId?: string };
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
  }
  get status(): number {
    return errorCodes[this.code];
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
