import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  type OutboxCounts,
  type OutboxProblem,
  type OutboxState,
  outboxProblemsShown,
  outboxUpdatesShown,
} from '../../../shared/mail-outbox';
import { messages } from '../../../shared/messages';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import { canUseConsole } from '../../policy';
import { mailDeliveryQueue, updateMailQueue } from './queue-mail';

export type OutboxContext = Pick<Context, 'db' | 'viewer' | 'providers'>;

export function assertCanReadOutbox(ctx: Pick<Context, 'viewer'>): void {
  if (!canUseConsole(ctx.viewer)) throw new AppError('forbidden', messages.forbidden);
}

/**
 * Live delivery jobs (queued or running) with the outbox message each carries: a batch job of update
 * mails carries many (`mails`), any other one (`outboxMessageId`).
 */
export const liveMailJobs = sql`
  select j.id as job_id, j.state, j.run_at,
    coalesce(m.value->>'outboxMessageId', j.payload->>'outboxMessageId')::uuid as outbox_id
  from jobs j
  left join lateral jsonb_array_elements(
    case when jsonb_typeof(j.payload->'mails') = 'array' then j.payload->'mails' else '[]'::jsonb end
  ) m(value) on true
  where j.state in ('queued', 'active') and j.queue in (${mailDeliveryQueue}, ${updateMailQueue})`;

export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type CountsRow = {
  sent: number;
  waiting: number;
  failed: number;
  quarantined: number;
  next_try_at: string | Date | null;
  last_error: string | null;
};

const toIso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function toCounts(row: CountsRow | undefined): OutboxCounts {
  return {
    sent: Number(row?.sent ?? 0),
    waiting: Number(row?.waiting ?? 0),
    failed: Number(row?.failed ?? 0),
    quarantined: Number(row?.quarantined ?? 0),
    nextTryAt: toIso(row?.next_try_at ?? null),
    lastError: row?.last_error ?? null,
  };
}

/** Counts of the messages `from` (outbox_messages as `o`, maybe joined) and `where` select, by `groupBy`. */
function countsQuery(from: SQL, where: SQL, groupBy?: SQL) {
  return sql`
    with live as (
      select l.outbox_id, min(l.run_at) filter (where l.state = 'queued') as run_at
      from (${liveMailJobs}) l group by l.outbox_id
    )
    select ${groupBy ? sql`${groupBy} as group_id,` : sql``}
      count(*) filter (where o.status = 'sent')::int as sent,
      count(*) filter (where o.status = 'pending' and o.attempts = 0)::int as waiting,
      count(*) filter (where o.status = 'pending' and o.attempts > 0)::int as failed,
      count(*) filter (where o.status = 'quarantined')::int as quarantined,
      min(live.run_at) filter (where o.status = 'pending') as next_try_at,
      (array_agg(o.last_error order by o.created_at desc, o.id desc)
        filter (where o.status <> 'sent' and o.last_error is not null))[1] as last_error
    from ${from}
    left join live on live.outbox_id = o.id
    where ${where}
    ${groupBy ? sql`group by ${groupBy}` : sql``}`;
}

/**
 * This organisation's outgoing mail: overall, per update fan-out (through update_deliveries) and the
 * most recent messages that failed or were quarantined, each with its next try and SMTP error.
 */
export async function getOutboxState({ ctx }: { ctx: OutboxContext }): Promise<OutboxState> {
  assertCanReadOutbox(ctx);
  const organisationId = ctx.viewer.organisation.id;
  return loadOutboxState(ctx.db, organisationId);
}

export async function loadOutboxState(db: Database, organisationId: string): Promise<OutboxState> {
  const overall = rowsOf<CountsRow>(
    await db.execute(countsQuery(sql`outbox_messages o`, sql`o.organisation_id = ${organisationId}::uuid`)),
  );
  const recentUpdates = rowsOf<{ id: string; subject: string; created_at: string | Date }>(
    await db.execute(sql`
      select u.id, t.subject, u.created_at
      from topic_updates u join topics t on t.id = u.topic_id
      where u.organisation_id = ${organisationId}::uuid
        and exists (select 1 from update_deliveries d where d.update_id = u.id)
      order by u.created_at desc, u.id desc
      limit ${outboxUpdatesShown}`),
  );
  const updateIds = recentUpdates.map((update) => update.id);
  const perUpdate =
    updateIds.length === 0
      ? []
      : rowsOf<CountsRow & { group_id: string }>(
          await db.execute(
            countsQuery(
              sql`update_deliveries d join outbox_messages o on o.id = d.outbox_message_id`,
              sql`d.organisation_id = ${organisationId}::uuid
                  and d.update_id in (${sql.join(
                    updateIds.map((id) => sql`${id}::uuid`),
                    sql`, `,
                  )})`,
              sql`d.update_id`,
            ),
          ),
        );
  const problems = rowsOf<{
    id: string;
    to_address: string;
    subject: string;
    status: 'pending' | 'quarantined';
    attempts: number;
    next_try_at: string | Date | null;
    last_error: string | null;
    created_at: string | Date;
  }>(
    await db.execute(sql`
      with live as (${liveMailJobs})
      select o.id, o.to_address, o.subject, o.status, o.attempts, o.last_error, o.created_at,
        case when o.status = 'pending' then (
          select min(live.run_at) from live where live.outbox_id = o.id and live.state = 'queued'
        ) end as next_try_at
      from outbox_messages o
      where o.organisation_id = ${organisationId}::uuid
        and (o.status = 'quarantined' or (o.status = 'pending' and o.attempts > 0))
      order by o.created_at desc, o.id desc
      limit ${outboxProblemsShown}`),
  );
  return {
    overall: toCounts(overall[0]),
    updates: recentUpdates.map((update) => ({
      updateId: update.id,
      topicSubject: update.subject,
      publishedAt: new Date(update.created_at).toISOString(),
      ...toCounts(perUpdate.find((row) => row.group_id === update.id)),
    })),
    problems: problems.map(
      (row): OutboxProblem => ({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        status: row.status === 'quarantined' ? 'quarantined' : 'failed',
        attempts: Number(row.attempts),
        nextTryAt: toIso(row.next_try_at),
        error: row.last_error,
        createdAt: new Date(row.created_at).toISOString(),
      }),
    ),
  };
}
