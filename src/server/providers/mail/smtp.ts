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
 * Opens the TCP connection with Nagle's algorithm off (SMTP is small request/reply exchanges: 20 vs
 * 180 mails/s per connection on loopback) and hands it over while still connecting, so nodemailer's
 * own connection timeout and 'error' event see a refusal and its pool frees the slot. (A getSocket
 * callback(error) reaches the sender but leaves the pool slot taken for good: mail stopped after
 * maxConnections refusals.) TLS (smtps, STARTTLS) is still negotiated by nodemailer on this socket.
 */
function connectWithoutDelay(options: SMTPPool.Options, callback: SocketCallback): void {
  const socket = net.connect({
    host: options.host ?? 'localhost',
    port: Number(options.port ?? (options.secure ? 465 : 587)),
    noDelay: true,
    keepAlive: true,
  });
  callback(null, { connection: socket });
}

/** Rejects when the signal aborts, whatever the promise does; a pool that never answers cannot hold a job. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * SMTP delivery via SMTP_URL through a pool of at most `maxConnections` connections (one per job
 * running at once); query parameters in the URL (e.g. ?pool=false, ?maxConnections=10,
 * ?greetingTimeout=5000) override. A send abandoned by its job (time limit, shutdown) replaces the
 * pool: whatever wedged it, the next send gets fresh connections.
 */
export function createSmtpTransport(options: { url: string; maxConnections?: number }): MailTransport {
  const createTransporter = () =>
    nodemailer.createTransport({
      ...smtpDefaults,
      ...(options.maxConnections ? { maxConnections: options.maxConnections } : {}),
      getSocket: connectWithoutDelay,
      ...parseConnectionUrl(options.url),
    } as SMTPPool.Options);
  let transporter = createTransporter();
  return {
    name: 'smtp',
    async send(mail, sendOptions) {
      const usedTransporter = transporter;
      try {
        const sending = usedTransporter.sendMail({
          messageId: mail.messageId,
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? undefined,
          headers: mail.headers,
        });
        // An abandoned send may still settle later; its outcome no longer matters.
        sending.catch(() => {});
        await untilAborted(sending, sendOptions?.signal);
      } catch (error) {
        if (sendOptions?.signal?.aborted && transporter === usedTransporter) {
          transporter = createTransporter();
          usedTransporter.close();
        }
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
