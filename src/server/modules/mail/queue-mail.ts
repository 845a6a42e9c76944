import { z } from 'zod';
import { limits } from '../../../shared/limits';
import type { Context } from '../../context';
import { outboxMessages } from '../../db/schema';

export const mailDeliveryQueue = 'mail.deliver';

/** Retried for about a day (backoff doubles up to 15 minutes): an SMTP outage of hours loses nothing. */
export const mailDeliveryMaxAttempts = 100;

/** Headers the transport writes itself; a caller may not set or forge them. */
const reservedHeaderNames = new Set([
  'message-id',
  'from',
  'to',
  'cc',
  'bcc',
  'subject',
  'date',
  'sender',
  'reply-to',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
]);

const SingleLine = z.string().regex(/^[^\r\n]*$/, 'must be a single line');

const HeaderName = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9-]{0,75}$/, 'must be a header name')
  .refine((name) => !reservedHeaderNames.has(name.toLowerCase()), 'is set by the mail transport');

export const QueuedMail = z.object({
  to: z.email().max(limits.emailMaxLength),
  subject: SingleLine.trim().min(1).max(250),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  organisationId: z.uuid().optional(),
  headers: z.record(HeaderName, SingleLine.max(2000)).default({}),
});
export type QueuedMail = z.input<typeof QueuedMail>;

export type MailContext = Pick<Context, 'db' | 'providers' | 'config'>;

/**
 * Writes the mail to the outbox and enqueues its delivery in one transaction (a savepoint when the
 * caller's change is already in one), so the mail exists if and only if the change commits.
 */
export async function queueMail(
  ctx: MailContext,
  mail: QueuedMail,
): Promise<{ outboxMessageId: string; messageId: string }> {
  const input = QueuedMail.parse(mail);
  const outboxMessageId = crypto.randomUUID();
  // Generated once and kept across retries, so a receiver can drop a copy sent twice.
  const messageId = `<${outboxMessageId}@${new URL(ctx.config.publicUrl).hostname}>`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(outboxMessages).values({
      id: outboxMessageId,
      organisationId: input.organisationId ?? null,
      messageId,
      toAddress: input.to,
      fromAddress: ctx.config.mailFrom,
      subject: input.subject,
      text: input.text,
      html: input.html ?? null,
      headers: input.headers,
    });
    await ctx.providers.jobs.enqueue(
      tx,
      mailDeliveryQueue,
      { outboxMessageId },
      { maxAttempts: mailDeliveryMaxAttempts },
    );
  });
  return { outboxMessageId, messageId };
}
