import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

const tokenQueryValue = /([?&](?:token|[a-zA-Z]*Token|byoidJwt)=)[^&]*/g;

/** A request URL as it may be logged: every token-like query value is replaced. */
export function redactUrl(url: string): string {
  return url.replace(tokenQueryValue, '$1[redacted]');
}

export type LogFormat = 'auto' | 'pretty' | 'json';

/**
 * JSON lines for a collector, coloured lines for a person at a terminal (format auto picks by whether
 * stdout is a TTY). Cookies, tokens and passwords never reach either.
 */
export function createLogger(
  level: string,
  destination?: DestinationStream,
  format: LogFormat = 'json',
): Logger {
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
        url: redactUrl(String(request.url)),
        host: request.headers?.host,
      }),
    },
  };
  const isPretty = format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true);
  if (!isPretty) return destination ? pino(options, destination) : pino(options);
  // In-process (no worker thread) so a crash's last lines are written before the process exits.
  const stream = pretty({
    colorize: destination ? false : process.stdout.isTTY === true,
    destination: destination ?? 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,req,res,responseTime',
    singleLine: true,
  });
  return pino(options, stream);
}
