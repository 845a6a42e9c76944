import { sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type OutboxRetryResult, outboxTexts } from '../../../shared/mail-outbox';
import { messages } from '../../../shared/messages';
import { insertAuditEntry } from '../../core';
import type { Database } from '../../db/client';
import { hasStaffPermission } from '../../policy';
import { jobsChannel } from '../../providers/jobs/database-queue';
import { liveMailJobs, type OutboxContext, rowsOf } from './outbox-state';
import { mailDeliveryMaxAttempts, mailDeliveryQueue, updateMailQueue } from './queue-mail';

type Target = { id: string; status: 'pending' | 'quarantined'; delivery_id: string | null };

/**
 * Retries one message of the organisation that is not sent (`messageId`), or all of them: quarantined
 * messages become pending again with a new delivery job, queued delivery jobs become due now, and a
 * pending message whose job is gone gets a new one. One transaction, audited (decision 135).
 */
export async function retryOutbox({
  ctx,
  messageId,
}: {
  ctx: OutboxContext;
  messageId?: string;
}): Promise<OutboxRetryResult> {
  if (!hasStaffPermission(ctx.viewer, 'organisation:manage'))
    throw new AppError('forbidden', messages.forbidden);
  const organisationId = ctx.viewer.organisation.id;
  const result = await ctx.db.transaction(async (tx) => {
    // Locked so a delivery finishing meanwhile waits and this retry sees its outcome.
    const rows = rowsOf<Omit<Target, 'status'> & { status: Target['status'] | 'sent' }>(
      await tx.execute(sql`
        select o.id, o.status,
          (select d.id from update_deliveries d where d.outbox_message_id = o.id limit 1) as delivery_id
        from outbox_messages o
        where o.organisation_id = ${organisationId}::uuid
          and ${messageId ? sql`o.id = ${messageId}::uuid` : sql`o.status in ('pending', 'quarantined')`}
        for update of o`),
    );
    if (messageId) {
      if (rows.length === 0) throw new AppError('not_found', outboxTexts.notFound);
      if (rows[0]?.status === 'sent') throw new AppError('conflict', outboxTexts.alreadySent);
    }
    const targets = rows.filter((row): row is Target => row.status !== 'sent');
    const retried = targets.length === 0 ? { madeDue: 0, requeued: 0 } : await retryTargets(ctx, tx, targets);
    await insertAudit(ctx, tx, messageId, retried);
    return retried;
  });
  return result;
}

async function insertAudit(
  ctx: OutboxContext,
  tx: Database,
  messageId: string | undefined,
  result: OutboxRetryResult,
) {
  await insertAuditEntry(tx, {
    organisationId: ctx.viewer.organisation.id,
    actorStaffUserId: ctx.viewer.staff?.id ?? null,
    action: messageId ? 'mail.retry_message' : 'mail.retry_all',
    target: messageId ?? 'outbox',
    data: result,
  });
}

async function retryTargets(ctx: OutboxContext, tx: Database, targets: Target[]): Promise<OutboxRetryResult> {
  const ids = JSON.stringify(targets.map((target) => target.id));
  const targetIds = sql`select value::uuid from jsonb_array_elements_text(${ids}::jsonb)`;
  const quarantined = targets.filter((target) => target.status === 'quarantined').map((t) => t.id);
  if (quarantined.length > 0) {
    const requeuedIds = JSON.stringify(quarantined);
    await tx.execute(sql`
      update outbox_messages set status = 'pending'
      where id in (select value::uuid from jsonb_array_elements_text(${requeuedIds}::jsonb))`);
    // The update's progress counted the message as failed; it is under way again.
    await tx.execute(sql`
      update update_deliveries set status = 'queued'
      where status = 'failed'
        and outbox_message_id in (select value::uuid from jsonb_array_elements_text(${requeuedIds}::jsonb))`);
  }
  const madeDue = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update jobs set run_at = now()
      where state = 'queued' and run_at > now()
        and id in (select live.job_id from (${liveMailJobs}) live where live.outbox_id in (${targetIds}))
      returning id`),
  ).length;
  const withJob = new Set(
    rowsOf<{ outbox_id: string }>(
      await tx.execute(sql`
        select distinct live.outbox_id from (${liveMailJobs}) live
        where live.outbox_id in (${targetIds})`),
    ).map((row) => row.outbox_id),
  );
  const withoutJob = targets.filter((target) => !withJob.has(target.id));
  // An update mail goes back to its own queue, so its delivery row records the outcome.
  const updateMails = withoutJob.filter((target) => target.delivery_id !== null);
  const otherMails = withoutJob.filter((target) => target.delivery_id === null);
  const enqueueOptions = { maxAttempts: mailDeliveryMaxAttempts };
  await ctx.providers.jobs.enqueueMany(
    tx,
    updateMailQueue,
    updateMails.map((target) => ({ outboxMessageId: target.id, deliveryId: target.delivery_id })),
    enqueueOptions,
  );
  await ctx.providers.jobs.enqueueMany(
    tx,
    mailDeliveryQueue,
    otherMails.map((target) => ({ outboxMessageId: target.id })),
    enqueueOptions,
  );
  if (madeDue > 0) await tx.execute(sql`select pg_notify(${jobsChannel}, ${mailDeliveryQueue})`);
  return { madeDue, requeued: withoutJob.length };
}
