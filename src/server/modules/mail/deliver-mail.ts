import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { Providers } from '../../providers';
import { JobShutdownError, PermanentJobError } from '../../providers/jobs/database-queue';
import type { JobHandler } from '../../providers/jobs/types';
import { type OutgoingMail, PermanentMailError } from '../../providers/mail/types';

export type DeliverMailContext = {
  db: Database;
  providers: Pick<Providers, 'mail'>;
  logger?: Pick<Logger, 'warn'>;
};

const DeliverMailInput = z.object({
  outboxMessageId: z.uuid(),
  attempts: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
});
export type DeliverMailInput = z.infer<typeof DeliverMailInput>;

/** An outbox row as a transport sends it. */
export function toOutgoingMail(message: typeof outboxMessages.$inferSelect): OutgoingMail {
  return {
    messageId: message.messageId,
    from: message.fromAddress,
    to: message.toAddress,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
  };
}

function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * Sends one outbox message. A message already sent or quarantined is left alone, so a duplicate run
 * never sends twice; a permanent refusal, or a temporary one on the last attempt, quarantines it.
 */
export async function deliverMail({
  ctx,
  input,
  signal,
}: {
  ctx: DeliverMailContext;
  input: DeliverMailInput;
  signal?: AbortSignal;
}): Promise<void> {
  const { outboxMessageId, attempts, maxAttempts } = DeliverMailInput.parse(input);
  const [message] = await ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.id, outboxMessageId))
    .limit(1);
  if (!message) throw new PermanentJobError(`outbox message ${outboxMessageId} does not exist`);
  if (message.status !== 'pending') return;

  const isStillPending = and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, 'pending'));
  try {
    await ctx.providers.mail.send(toOutgoingMail(message), { signal });
  } catch (error) {
    // Shutting down says nothing about the mail: the job is released and runs again elsewhere.
    if (signal?.reason instanceof JobShutdownError) throw error;
    const isPermanent = error instanceof PermanentMailError;
    const isQuarantined = isPermanent || attempts >= maxAttempts;
    const lastError = describeError(error);
    await ctx.db
      .update(outboxMessages)
      .set({
        attempts: sql`${outboxMessages.attempts} + 1`,
        lastError,
        ...(isQuarantined ? { status: 'quarantined' as const } : {}),
      })
      .where(isStillPending);
    if (isQuarantined) {
      ctx.logger?.warn(
        { outboxMessageId, messageId: message.messageId, attempts, err: lastError },
        'mail quarantined',
      );
    }
    if (isPermanent) throw new PermanentJobError(lastError);
    throw error;
  }
  await ctx.db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: null,
    })
    .where(isStillPending);
}

const DeliverMailPayload = z.object({ outboxMessageId: z.uuid() });

/** The mail.deliver job handler; a payload that is not ours can never succeed, so it fails at once. */
export function createDeliverMailHandler(ctx: DeliverMailContext): JobHandler {
  return async (payload, job) => {
    const parsed = DeliverMailPayload.safeParse(payload);
    if (!parsed.success) throw new PermanentJobError('mail.deliver payload needs an outboxMessageId');
    await deliverMail({
      ctx,
      input: {
        outboxMessageId: parsed.data.outboxMessageId,
        attempts: job.attempts,
        maxAttempts: job.maxAttempts,
      },
      signal: job.signal,
    });
  };
}
