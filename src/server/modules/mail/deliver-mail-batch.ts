import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { outboxMessages } from '../../db/schema';
import { PermanentMailError } from '../../providers/mail/types';
import { type DeliverMailContext, toOutgoingMail } from './deliver-mail';

const DeliverMailBatchInput = z.object({
  outboxMessageIds: z.array(z.uuid()).min(1),
  attempts: z.number().int().min(1),
  maxAttempts: z.number().int().min(1),
});
export type DeliverMailBatchInput = z.infer<typeof DeliverMailBatchInput>;

export type DeliverMailBatchOptions = {
  /** Sends under way at once; the pooled SMTP transport queues beyond its connections. */
  concurrency: number;
  /** The job's signal: once it aborts no further mail is started and sends under way are abandoned. */
  signal?: AbortSignal;
  /**
   * Another data-modifying statement run inside every record statement, so both change together. It
   * reads the CTE `settled(id uuid, status text, tag text)`: the outbox messages just changed, their
   * new status (sent, quarantined, or pending when refused for now) and what `tagOf` gave for them.
   */
  alsoRecord?: SQL;
  tagOf?: (outboxMessageId: string) => string | undefined;
};

export type DeliverMailBatchResult = { sent: number; quarantined: number; deferred: number };

type Outcome = {
  id: string;
  outcome: 'sent' | 'quarantined' | 'retry';
  error: string | null;
  tag: string | null;
};

/** Some mails of the batch failed for now: the job runs again later (backoff) and sends only those. */
export class MailBatchDeferredError extends Error {}

function describeError(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
}

/**
 * Writes outcomes as group commits: whenever no statement is under way, one statement takes every
 * outcome waiting, so a group forms only while the previous one is written. `roomFor(n)` holds the
 * next send back while n outcomes are unwritten: a crash then leaves at most that many accepted mails
 * unrecorded (sent again later), besides the sends under way (issue 29 item 24: 1–4 % were, at 20).
 */
function createOutcomeRecorder(write: (outcomes: Outcome[]) => Promise<void>) {
  let waiting: Outcome[] = [];
  let writing: Promise<void> | null = null;
  let writingCount = 0;
  let failure: unknown = null;
  const roomWaiters: Array<() => void> = [];
  function wakeRoomWaiters() {
    for (const wake of roomWaiters.splice(0)) wake();
  }
  function writeWaiting() {
    if (writing || waiting.length === 0) return;
    const outcomes = waiting;
    waiting = [];
    writingCount = outcomes.length;
    writing = write(outcomes)
      .catch((error) => {
        failure ??= error;
      })
      .finally(() => {
        writing = null;
        writingCount = 0;
        writeWaiting();
        wakeRoomWaiters();
      });
  }
  return {
    add(outcome: Outcome) {
      waiting.push(outcome);
      writeWaiting();
    },
    get hasFailed() {
      return failure !== null;
    },
    /** Resolves once fewer than `limit` outcomes are unwritten, writing failed or `signal` aborted. */
    async roomFor(limit: number, signal?: AbortSignal): Promise<void> {
      while (failure === null && !signal?.aborted && waiting.length + writingCount >= limit) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            signal?.removeEventListener('abort', wake);
            resolve();
          };
          roomWaiters.push(wake);
          signal?.addEventListener('abort', wake, { once: true });
        });
      }
    },
    async settle(): Promise<void> {
      while (writing || waiting.length > 0) {
        writeWaiting();
        await writing;
      }
      if (failure) throw failure;
    },
  };
}

/**
 * Sends the pending messages among `outboxMessageIds`, `concurrency` at once, and records their
 * outcomes a group per statement; only a pending message is ever changed, so none is sent or counted
 * twice by a rerun. A permanent refusal, or a temporary one on the last attempt, quarantines the
 * message; any other failure throws MailBatchDeferredError once the rest were tried, so the job
 * retries only those. After `concurrency` temporary failures in a row (SMTP down) the untried rest
 * waits for the retry too, except on the last attempt; the least-tried go first.
 */
export async function deliverMailBatch({
  ctx,
  input,
  options,
}: {
  ctx: DeliverMailContext;
  input: DeliverMailBatchInput;
  options: DeliverMailBatchOptions;
}): Promise<DeliverMailBatchResult> {
  const { outboxMessageIds, attempts, maxAttempts } = DeliverMailBatchInput.parse(input);
  const isLastAttempt = attempts >= maxAttempts;
  const pending = await ctx.db
    .select()
    .from(outboxMessages)
    .where(and(inArray(outboxMessages.id, outboxMessageIds), eq(outboxMessages.status, 'pending')))
    // Untried mails first: a few recipients refused for days must not hold back the rest of the batch.
    .orderBy(asc(outboxMessages.attempts), asc(outboxMessages.id));
  const result: DeliverMailBatchResult = { sent: 0, quarantined: 0, deferred: 0 };
  const tagOf = (id: string) => options.tagOf?.(id) ?? null;
  if (pending.length === 0) return result;

  const recorder = createOutcomeRecorder(async (outcomes) => {
    const rows = JSON.stringify(outcomes);
    await ctx.db.execute(sql`
      with outcome as (
        select o.id, o.outcome, o.error, o.tag
        from jsonb_to_recordset(${rows}::jsonb) as o(id uuid, outcome text, error text, tag text)
      ), settled as (
        update outbox_messages m set
          status = case o.outcome when 'retry' then m.status else o.outcome end,
          sent_at = case when o.outcome = 'sent' then now() else m.sent_at end,
          attempts = m.attempts + 1,
          last_error = case when o.outcome = 'sent' then null else o.error end
        from outcome o
        where m.id = o.id and m.status = 'pending'
        returning m.id, m.status, o.tag
      )${options.alsoRecord ? sql`, also_recorded as (${options.alsoRecord})` : sql``}
      select count(*)::int as changed from settled`);
  });

  let next = 0;
  let failuresInARow = 0;
  let firstError: string | null = null;
  const sendNext = async () => {
    for (let index = next++; index < pending.length; index = next++) {
      await recorder.roomFor(Math.max(1, options.concurrency), options.signal);
      if (recorder.hasFailed || options.signal?.aborted) return;
      if (!isLastAttempt && failuresInARow >= options.concurrency) return;
      const message = pending[index]!;
      try {
        await ctx.providers.mail.send(toOutgoingMail(message), { signal: options.signal });
        failuresInARow = 0;
        result.sent++;
        recorder.add({ id: message.id, outcome: 'sent', error: null, tag: tagOf(message.id) });
      } catch (error) {
        const lastError = describeError(error);
        const isQuarantined = error instanceof PermanentMailError || isLastAttempt;
        if (isQuarantined) {
          result.quarantined++;
          ctx.logger?.warn(
            { outboxMessageId: message.id, messageId: message.messageId, attempts, err: lastError },
            'mail quarantined',
          );
        } else {
          failuresInARow++;
          firstError ??= lastError;
        }
        recorder.add({
          id: message.id,
          outcome: isQuarantined ? 'quarantined' : 'retry',
          error: lastError,
          tag: tagOf(message.id),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, sendNext));
  await recorder.settle();
  result.deferred = pending.length - result.sent - result.quarantined;
  if (result.deferred > 0) {
    throw new MailBatchDeferredError(
      `${result.deferred} of ${pending.length} mails wait for a retry: ${firstError ?? 'not tried yet'}`,
    );
  }
  return result;
}
