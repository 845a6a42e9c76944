import type { Database } from '../../db/client';
import { devMailboxMessages } from '../../db/schema';
import type { MailTransport } from './types';

/** Outside production without SMTP_URL, mail lands in a table shown at /dev/mailbox. */
export function createDevMailboxTransport(db: Database): MailTransport {
  return {
    name: 'dev-mailbox',
    async send(mail) {
      const receivedAt = new Date();
      await db.insert(devMailboxMessages).values({
        messageId: mail.messageId,
        toAddress: mail.to,
        fromAddress: mail.from,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // The headers a real recipient would see, so tests and developers can check them here.
        headers: {
          ...mail.headers,
          'Message-ID': mail.messageId,
          From: mail.from,
          To: mail.to,
          Subject: mail.subject,
          Date: receivedAt.toUTCString(),
        },
        receivedAt,
      });
    },
    async close() {},
  };
}
