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

/** SMTP delivery via SMTP_URL; query parameters in the URL (e.g. ?pool=false) override the defaults. */
export function createSmtpTransport(options: { url: string }): MailTransport {
  const transporter = nodemailer.createTransport({
    ...smtpDefaults,
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
