import pino, { type DestinationStream, type Logger } from 'pino';

const tokenQueryValue = /([?&](?:token|[a-zA-Z]*Token|byoidJwt)=)[^&]*/g;

/** Structured JSON logs; cookies, tokens and passwords never reach them. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
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
        url: String(request.url).replace(tokenQueryValue, '$1[redacted]'),
        host: request.headers?.host,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
