import { z } from 'zod';
import type { DevMailboxRow } from './queries';

/** One message of the dev mailbox as /dev/mailbox/messages returns it. */
export const MailboxMessage = z.object({
  id: z.uuid(),
  messageId: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()),
  date: z.iso.datetime(),
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;

export function toMailboxMessage(row: DevMailboxRow): MailboxMessage {
  return MailboxMessage.parse({
    id: row.id,
    messageId: row.messageId,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers,
    date: row.receivedAt.toISOString(),
  });
}
