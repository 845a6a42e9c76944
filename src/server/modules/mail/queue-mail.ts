import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { limits } from '../../../shared/limits';
import type { Context } from '../../context';

export const mailDeliveryQueue = 'mail.deliver';
/** Update mails go out in batches on their own queue; the outbox counts and retries them with the rest. */
export const updateMailQueue = 'updates.mail';

/**
 * Retried for about six hours: backoff doubles up to 2 minutes (with jitter, 1–2 min apart), so an
 * SMTP outage of hours loses nothing and mail catches up within ~2 minutes of recovery (decision 131).
 */
export const mailDeliveryMaxAttempts = 250;

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
  /** The display name of From (MAIL_FROM's address stays) and a Reply-To: the organisation's. */
  fromName: SingleLine.trim().min(1).max(200).optional(),
  replyTo: z.email().max(limits.emailMaxLength).nullable().optional(),
});
export type QueuedMail = z.input<typeof QueuedMail>;

export type MailContext = {
  db: Context['db'];
  providers: Pick<Context['providers'], 'jobs'>;
  config: Pick<Context['config'], 'publicUrl' | 'mailFrom'>;
};

/**
 * MAIL_FROM's address under another display name, quoted as RFC 5322 wants ("Acme \"Cloud\""); the
 * transport encodes a name that is not ASCII.
 */
export function withDisplayName(mailFrom: string, name: string): string {
  const address = mailFrom.match(/<([^<>]+)>\s*$/)?.[1] ?? mailFrom.trim();
  return `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}" <${address}>`;
}

/** A mail of a bulk send: its outbox id may be chosen by the caller, its job may carry more fields. */
export type BulkQueuedMail = QueuedMail & {
  outboxMessageId?: string;
  jobPayload?: Record<string, unknown>;
};

// Rows per outbox INSERT: a few bind parameters each, far below PostgreSQL's 65 535.
const outboxChunkSize = 1000;

export type QueueMailsOptions = {
  queue?: string;
  /**
   * Mails per delivery job (1 by default). Above 1, each job's payload is `{ mails: [...] }`, one
   * `{ outboxMessageId, ...jobPayload }` per mail, for a handler that sends a batch (deliverMailBatch).
   */
  mailsPerJob?: number;
};

/**
 * Writes many mails to the outbox and enqueues their delivery jobs, in one transaction (a savepoint
 * inside the caller's), with one INSERT per thousand rows and one NOTIFY. Jobs go to `queue`
 * (mail.deliver by default) with payload `{ outboxMessageId, ...jobPayload }`, or batched (mailsPerJob).
 */
export async function queueMails(
  ctx: MailContext,
  mails: BulkQueuedMail[],
  options: QueueMailsOptions = {},
): Promise<Array<{ outboxMessageId: string; messageId: string }>> {
  if (mails.length === 0) return [];
  const hostname = new URL(ctx.config.publicUrl).hostname;
  const rows = mails.map((mail) => {
    const input = QueuedMail.parse(mail);
    const outboxMessageId = mail.outboxMessageId ?? crypto.randomUUID();
    return {
      jobPayload: { ...mail.jobPayload, outboxMessageId },
      row: {
        id: outboxMessageId,
        organisationId: input.organisationId ?? null,
        // Generated once and kept across retries, so a receiver can drop a copy sent twice.
        messageId: `<${outboxMessageId}@${hostname}>`,
        toAddress: input.to,
        fromAddress: input.fromName
          ? withDisplayName(ctx.config.mailFrom, input.fromName)
          : ctx.config.mailFrom,
        subject: input.subject,
        text: input.text,
        html: input.html ?? null,
        headers: input.replyTo ? { ...input.headers, 'Reply-To': input.replyTo } : input.headers,
      },
    };
  });
  await ctx.db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += outboxChunkSize) {
      // One JSON parameter per statement: building thousands of bind parameters cost more than the insert.
      const chunk = JSON.stringify(rows.slice(start, start + outboxChunkSize).map(({ row }) => row));
      await tx.execute(sql`
        insert into outbox_messages
          (id, organisation_id, message_id, to_address, from_address, subject, text, html, headers)
        select r.id, r."organisationId", r."messageId", r."toAddress", r."fromAddress", r.subject, r.text,
          r.html, r.headers
        from jsonb_to_recordset(${chunk}::jsonb) as r(id uuid, "organisationId" uuid, "messageId" text,
          "toAddress" text, "fromAddress" text, subject text, text text, html text, headers jsonb)`);
    }
    const payloads = rows.map(({ jobPayload }) => jobPayload);
    const mailsPerJob = Math.max(1, Math.floor(options.mailsPerJob ?? 1));
    const jobPayloads: Array<Record<string, unknown>> = [];
    if (mailsPerJob === 1) jobPayloads.push(...payloads);
    else {
      for (let start = 0; start < payloads.length; start += mailsPerJob) {
        jobPayloads.push({ mails: payloads.slice(start, start + mailsPerJob) });
      }
    }
    await ctx.providers.jobs.enqueueMany(tx, options.queue ?? mailDeliveryQueue, jobPayloads, {
      maxAttempts: mailDeliveryMaxAttempts,
    });
  });
  return rows.map(({ row }) => ({ outboxMessageId: row.id, messageId: row.messageId }));
}

/**
 * Writes the mail to the outbox and enqueues its delivery in one transaction (a savepoint when the
 * caller's change is already in one), so the mail exists if and only if the change commits.
 */
export async function queueMail(
  ctx: MailContext,
  mail: QueuedMail,
): Promise<{ outboxMessageId: string; messageId: string }> {
  const [queued] = await queueMails(ctx, [mail]);
  return queued!;
}
