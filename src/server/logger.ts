import pino, { type Logger } from 'pino';

/** Structured JSON logs; cookies, tokens and passwords never reach them. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request) => ({
        id: request.id,
        method: request.method,
        url: String(request.url).replace(/([?&](?:token|[a-zA-Z]*Token|byoidJwt)=)[^&]*/g, '$1[redacted]'),
        host: request.headers?.host,
      }),
    },
  });
}
