import type { Database } from '../../db/client';
import { devMailboxMessages } from '../../db/schema';
import type { MailTransport } from './types';

/** Outside production without SMTP_URL, mail lands in a table shown at /dev/mailbox. */
export function createDevMailboxTransport(db: Database): MailTransport {
  return {
    name: 'dev-mailbox',
    async send(mail) {
      await db.insert(devMailboxMessages).values({
        messageId: mail.messageId,
        toAddress: mail.to,
        fromAddress: mail.from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      });
    },
    async close() {},
  };
}
