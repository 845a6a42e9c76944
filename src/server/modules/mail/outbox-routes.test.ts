import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxRetryResult, type OutboxState, outboxTexts } from '../../../shared/mail-outbox';
import type { StaffRole } from '../../../shared/permissions';
import { auditLog, jobs, outboxMessages, topics, topicUpdates, updateDeliveries } from '../../db/schema';
import { createAccountMember, createOrganisation, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MailboxMessage } from './mailbox-message';
import { queueMail, queueMails, updateMailQueue } from './queue-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const inAnHour = () => new Date(Date.now() + 3600_000);
const smtpRefusal = '421 4.3.2 Service not available, closing transmission channel';

async function signedInStaff(role?: StaffRole) {
  const { organisation } = await createOrganisation(t.database.db, { name: 'Initech' });
  const staff = await createStaffUser(t.database.db, organisation.id, { role });
  const session = await createTestSession(t.database.db, {
    organisationId: organisation.id,
    staffUserId: staff.id,
  });
  return { organisation, staff, session };
}

const mailContext = () => ({ db: t.database.db, providers: t.providers, config: t.config });

async function queueOne(organisationId: string, to: string) {
  const { outboxMessageId } = await queueMail(mailContext(), {
    to,
    subject: `Hello ${to}`,
    text: 'Body',
    organisationId,
  });
  return outboxMessageId;
}

/** As a delivery leaves it after SMTP refused: attempts counted, the error kept, the job later. */
async function markFailed(outboxMessageId: string, status: 'pending' | 'quarantined') {
  await t.database.db
    .update(outboxMessages)
    .set({ status, attempts: 3, lastError: smtpRefusal })
    .where(eq(outboxMessages.id, outboxMessageId));
  await t.database.db.execute(sql`
    update jobs set run_at = ${inAnHour()}, attempts = 3,
      state = ${status === 'quarantined' ? 'failed' : 'queued'}
    where payload->>'outboxMessageId' = ${outboxMessageId}
      or payload->'mails' @> ${JSON.stringify([{ outboxMessageId }])}::jsonb`);
}

async function jobOf(outboxMessageId: string) {
  const [job] = await t.database.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.payload}->>'outboxMessageId' = ${outboxMessageId}
        or ${jobs.payload}->'mails' @> ${JSON.stringify([{ outboxMessageId }])}::jsonb`,
    );
  return job!;
}

/** An update whose fan-out queued `emails` as one batch job of update mails. */
async function seedUpdateMails(organisationId: string, emails: string[]) {
  const [topic] = await t.database.db
    .insert(topics)
    .values({ organisationId, subject: 'SOC 2 report renewed', category: 'compliance' })
    .returning();
  const [update] = await t.database.db
    .insert(topicUpdates)
    .values({ organisationId, topicId: topic!.id, message: 'Renewed.', emailSubscribers: true })
    .returning();
  const mails = emails.map((email) => ({
    email,
    deliveryId: crypto.randomUUID(),
    outboxMessageId: crypto.randomUUID(),
  }));
  await t.database.db.transaction(async (tx) => {
    await queueMails(
      { db: tx, providers: t.providers, config: t.config },
      mails.map((mail) => ({
        to: mail.email,
        subject: 'SOC 2 report renewed',
        text: 'Renewed.',
        organisationId,
        outboxMessageId: mail.outboxMessageId,
        jobPayload: { deliveryId: mail.deliveryId },
      })),
      { queue: updateMailQueue, mailsPerJob: 10 },
    );
    await tx.insert(updateDeliveries).values(
      mails.map((mail) => ({
        id: mail.deliveryId,
        organisationId,
        updateId: update!.id,
        email: mail.email,
        outboxMessageId: mail.outboxMessageId,
      })),
    );
  });
  return { update: update!, mails };
}

async function getState(session: Awaited<ReturnType<typeof createTestSession>>) {
  const response = await t.app.inject({ url: '/api/staff/mail/outbox', cookies: session.cookies });
  expect(response.statusCode).toBe(200);
  return response.json<OutboxState>();
}

type Session = Awaited<ReturnType<typeof createTestSession>>;

function postAs(session: Session, url: string) {
  return t.app.inject({ method: 'POST', url, cookies: session.cookies, headers: session.headers });
}

async function mailboxFor(to: string) {
  const response = await t.app.inject({ url: `/dev/mailbox/messages?to=${encodeURIComponent(to)}` });
  return response.json<MailboxMessage[]>();
}

describe('GET /api/staff/mail/outbox', () => {
  it("counts this organisation's mail in each state, overall and per update, with the SMTP error", async () => {
    const { organisation, session } = await signedInStaff();
    const sent = await queueOne(organisation.id, 'sent@example.com');
    await t.database.db
      .update(outboxMessages)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(outboxMessages.id, sent));
    await t.database.db.execute(
      sql`update jobs set state = 'completed' where payload->>'outboxMessageId' = ${sent}`,
    );
    const waiting = await queueOne(organisation.id, 'waiting@example.com');
    const failed = await queueOne(organisation.id, 'failed@example.com');
    await markFailed(failed, 'pending');
    const { update, mails } = await seedUpdateMails(organisation.id, [
      'a@customer.example',
      'b@customer.example',
    ]);
    await markFailed(mails[0]!.outboxMessageId, 'quarantined');
    await markFailed(mails[1]!.outboxMessageId, 'pending');
    // Another organisation's mail is not counted.
    const { organisation: other } = await createOrganisation(t.database.db, { name: 'Initrode' });
    await markFailed(await queueOne(other.id, 'elsewhere@example.com'), 'quarantined');

    const state = await getState(session);
    expect(state.overall).toMatchObject({ sent: 1, waiting: 1, failed: 2, quarantined: 1 });
    expect(state.overall.lastError).toBe(smtpRefusal);
    // The waiting message's job is due now, before the failed ones' retries in an hour.
    const waitingJob = await jobOf(waiting);
    expect(state.overall.nextTryAt).toBe(waitingJob.runAt.toISOString());
    expect(state.updates).toEqual([
      expect.objectContaining({
        updateId: update.id,
        topicSubject: 'SOC 2 report renewed',
        sent: 0,
        waiting: 0,
        failed: 1,
        quarantined: 1,
        lastError: smtpRefusal,
      }),
    ]);
    expect(new Date(state.updates[0]!.nextTryAt!).getTime()).toBeGreaterThan(Date.now());
    // Newest first: the update's two mails were queued in one statement, after the other one.
    const problems = state.problems.map((problem) => [problem.to, problem.status, problem.attempts]);
    expect(problems.slice(0, 2).sort()).toEqual([
      ['a@customer.example', 'quarantined', 3],
      ['b@customer.example', 'failed', 3],
    ]);
    expect(problems[2]).toEqual(['failed@example.com', 'failed', 3]);
    expect(state.problems[2]).toMatchObject({ error: smtpRefusal, subject: 'Hello failed@example.com' });
    const quarantined = state.problems.find((problem) => problem.status === 'quarantined');
    expect(quarantined!.nextTryAt).toBeNull();
  });

  it('answers only signed-in staff', async () => {
    const anonymous = await t.app.inject({ url: '/api/staff/mail/outbox' });
    expect(anonymous.statusCode).toBe(401);
    const { organisation } = await createOrganisation(t.database.db, { name: 'Members Inc' });
    const { member } = await createAccountMember(t.database.db, organisation.id);
    const memberSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      accountMemberId: member.id,
    });
    const asMember = await t.app.inject({
      url: '/api/staff/mail/outbox',
      cookies: memberSession.cookies,
    });
    expect(asMember.statusCode).toBe(401);
    const retry = await postAs(memberSession, '/api/staff/mail/outbox/retry');
    expect(retry.statusCode).toBe(401);
  });
});

describe('POST /api/staff/mail/outbox/:messageId/retry', () => {
  it('makes the delivery job of a failed message due now, audited, and it is delivered', async () => {
    const { organisation, staff, session } = await signedInStaff();
    const failed = await queueOne(organisation.id, 'retry-one@example.com');
    await markFailed(failed, 'pending');
    const response = await postAs(session, `/api/staff/mail/outbox/${failed}/retry`);
    expect(response.statusCode).toBe(200);
    expect(response.json<OutboxRetryResult>()).toEqual({ madeDue: 1, requeued: 0 });
    const job = await jobOf(failed);
    expect(job.state).toBe('queued');
    expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), eq(auditLog.target, failed)));
    expect(audit).toEqual([
      expect.objectContaining({ action: 'mail.retry_message', actorStaffUserId: staff.id }),
    ]);

    await t.providers.jobs.drain();
    expect(await mailboxFor('retry-one@example.com')).toHaveLength(1);
    expect((await getState(session)).overall).toMatchObject({ sent: 1, failed: 0 });
  });

  it("refuses another organisation's message, a sent one, and staff who may not publish", async () => {
    const { session } = await signedInStaff();
    const { organisation: other } = await createOrganisation(t.database.db, { name: 'Initrode' });
    const foreign = await queueOne(other.id, 'foreign@example.com');
    const notOurs = await postAs(session, `/api/staff/mail/outbox/${foreign}/retry`);
    expect(notOurs.statusCode).toBe(404);
    expect(notOurs.json().error.code).toBe('not_found');

    const { organisation } = await createOrganisation(t.database.db, { name: 'Sent Co' });
    const staff = await createStaffUser(t.database.db, organisation.id);
    const sentSession = await createTestSession(t.database.db, {
      organisationId: organisation.id,
      staffUserId: staff.id,
    });
    const sent = await queueOne(organisation.id, 'done@example.com');
    await t.providers.jobs.drain();
    const alreadySent = await postAs(sentSession, `/api/staff/mail/outbox/${sent}/retry`);
    expect(alreadySent.statusCode).toBe(409);
    expect(alreadySent.json().error.message).toBe(outboxTexts.alreadySent);

    const reader = await signedInStaff('viewer');
    const mine = await queueOne(reader.organisation.id, 'mine@example.com');
    const refused = await postAs(reader.session, `/api/staff/mail/outbox/${mine}/retry`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
  });
});

describe('POST /api/staff/mail/outbox/retry', () => {
  it('queues quarantined messages again and makes waiting ones due; all are delivered', async () => {
    const { organisation, session } = await signedInStaff();
    const lone = await queueOne(organisation.id, 'lone@example.com');
    await markFailed(lone, 'quarantined');
    const delayed = await queueOne(organisation.id, 'delayed@example.com');
    await markFailed(delayed, 'pending');
    const { mails } = await seedUpdateMails(organisation.id, ['q1@customer.example']);
    await markFailed(mails[0]!.outboxMessageId, 'quarantined');
    await t.database.db
      .update(updateDeliveries)
      .set({ status: 'failed' })
      .where(eq(updateDeliveries.id, mails[0]!.deliveryId));

    const response = await postAs(session, '/api/staff/mail/outbox/retry');
    expect(response.statusCode).toBe(200);
    expect(response.json<OutboxRetryResult>()).toEqual({ madeDue: 1, requeued: 2 });
    const [requeued] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, lone));
    expect(requeued!.status).toBe('pending');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.organisationId, organisation.id), eq(auditLog.action, 'mail.retry_all')));
    expect(audit).toHaveLength(1);

    await t.providers.jobs.drain();
    for (const to of ['lone@example.com', 'delayed@example.com', 'q1@customer.example']) {
      expect(await mailboxFor(to)).toHaveLength(1);
    }
    const [delivery] = await t.database.db
      .select()
      .from(updateDeliveries)
      .where(eq(updateDeliveries.id, mails[0]!.deliveryId));
    expect(delivery!.status).toBe('sent');
    expect((await getState(session)).overall).toMatchObject({ sent: 3, failed: 0, quarantined: 0 });
  });
});
