import nodemailer from 'nodemailer';
import { type MailTransport, PermanentMailError } from './types';

/** SMTP delivery; a 5xx reply is permanent (quarantine), anything else is retried by the job. */
export function createSmtpTransport(options: { url: string }): MailTransport {
  const transporter = nodemailer.createTransport(options.url);
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
        const responseCode = (error as { responseCode?: number }).responseCode;
        if (responseCode !== undefined && responseCode >= 500) {
          throw new PermanentMailError(`SMTP refused the message permanently (${responseCode})`);
        }
        throw error;
      }
    },
    async close() {
      transporter.close();
    },
  };
}
