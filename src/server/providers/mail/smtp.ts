import net from 'node:net';
import nodemailer from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { type MailTransport, PermanentMailError } from './types';

/** Pooled connections; every wait is bounded so one send ends well inside the job's 60 s lease. */
const smtpDefaults: SMTPPool.Options = {
  pool: true,
  maxConnections: 5,
  maxMessages: 100,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
};

/** Commands whose 5xx reply is about this message (sender, recipient, content), not about the server. */
const messageCommands = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);

type SmtpError = { code?: string; responseCode?: number; command?: string; response?: string };

/**
 * A 5xx reply to the envelope or the content, or a message nodemailer cannot even build, is permanent.
 * Everything else is retried: 4xx replies, refused or dropped connections, timeouts, and failed
 * sign-in (a wrong SMTP password is the operator's to fix; the mail should then still go out).
 */
export function isPermanentSmtpError(error: unknown): boolean {
  const { code, responseCode, command } = (error ?? {}) as SmtpError;
  if (responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
    return code !== 'EAUTH' && (command === undefined || messageCommands.has(command));
  }
  return responseCode === undefined && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

type SocketCallback = (error: Error | null, socketOptions?: { connection: net.Socket }) => void;

/**
 * Opens the TCP connection for nodemailer with Nagle's algorithm off: SMTP is a chain of small
 * request/reply exchanges, and with it on each mail waited ~40 ms for delayed ACKs (20 vs 180 mails/s
 * per connection on loopback). TLS (smtps, STARTTLS) is still negotiated by nodemailer on this socket.
 */
function connectWithoutDelay(options: SMTPPool.Options, callback: SocketCallback): void {
  const socket = net.connect({
    host: options.host ?? 'localhost',
    port: Number(options.port ?? (options.secure ? 465 : 587)),
  });
  const fail = (error: Error) => {
    socket.destroy();
    callback(error);
  };
  socket.setTimeout(options.connectionTimeout ?? smtpDefaults.connectionTimeout!, () =>
    fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
  );
  socket.once('error', fail);
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.removeListener('error', fail);
    socket.setNoDelay(true);
    socket.setKeepAlive(true);
    callback(null, { connection: socket });
  });
}

/**
 * SMTP delivery via SMTP_URL through a pool of at most `maxConnections` connections (one per job
 * running at once); query parameters in the URL (e.g. ?pool=false, ?maxConnections=10) override.
 */
export function createSmtpTransport(options: { url: string; maxConnections?: number }): MailTransport {
  const transporter = nodemailer.createTransport({
    ...smtpDefaults,
    ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
    getSocket: connectWithoutDelay,
    ...parseConnectionUrl(options.url),
  } as SMTPPool.Options);
  return {
    name: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers,
        });
      } catch (error) {
        if (isPermanentSmtpError(error)) {
          const reason = (error as SmtpError).response ?? (error as Error).message;
          throw new PermanentMailError(`SMTP refused the message permanently: ${reason}`);
        }
        throw error;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
