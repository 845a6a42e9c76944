// @postgres: outbox writes inside the caller's transaction
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { devMailboxMessages, jobs, organisations, outboxMessages } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  mailDeliveryMaxAttempts,
  mailDeliveryQueue,
  type QueuedMail,
  queueMail,
  queueMails,
} from './queue-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const context = () => ({ db: t.database.db, providers: t.providers, config: t.config });

async function findOutboxMessage(id: string) {
  const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
}

async function jobsFor(outboxMessageId: string) {
  return t.database.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.queue} = ${mailDeliveryQueue} and ${jobs.payload}->>'outboxMessageId' = ${outboxMessageId}`,
    );
}

async function mailboxMessagesTo(address: string) {
  return t.database.db.select().from(devMailboxMessages).where(eq(devMailboxMessages.toAddress, address));
}

describe('queueMail', () => {
  it('writes the message and its delivery job with the change that causes it, then delivers it once', async () => {
    const queued = await t.database.db.transaction(async (tx) => {
      const { organisation } = await createOrganisation(tx);
      return queueMail(
        { ...context(), db: tx },
        {
          to: 'ada@customer.example',
          subject: 'Welcome',
          text: 'Hello Ada',
          html: '<p>Hello Ada</p>',
          organisationId: organisation.id,
          headers: { 'List-Unsubscribe': '<https://attest.test/unsubscribe>' },
        },
      );
    });
    expect(queued.messageId).toBe(`<${queued.outboxMessageId}@attest.test>`);
    const row = await findOutboxMessage(queued.outboxMessageId);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 0,
      messageId: queued.messageId,
      toAddress: 'ada@customer.example',
      fromAddress: t.config.mailFrom,
      subject: 'Welcome',
    });
    const [job] = await jobsFor(queued.outboxMessageId);
    expect(job).toMatchObject({ state: 'queued', maxAttempts: mailDeliveryMaxAttempts });

    await t.providers.jobs.drain();

    expect(await findOutboxMessage(queued.outboxMessageId)).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
    expect((await findOutboxMessage(queued.outboxMessageId))?.sentAt).toBeInstanceOf(Date);
    const delivered = await mailboxMessagesTo('ada@customer.example');
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({
      messageId: queued.messageId,
      subject: 'Welcome',
      html: '<p>Hello Ada</p>',
    });
    expect(delivered[0]?.headers).toMatchObject({
      'Message-ID': queued.messageId,
      'List-Unsubscribe': '<https://attest.test/unsubscribe>',
    });
  });

  it('leaves no message, no job and nothing sent when the transaction rolls back', async () => {
    const slug = `rolled-back-${Date.now().toString(36)}`;
    const failure = new Error('the change failed after the mail was queued');
    let outboxMessageId = '';
    await expect(
      t.database.db.transaction(async (tx) => {
        await createOrganisation(tx, { slug });
        ({ outboxMessageId } = await queueMail(
          { ...context(), db: tx },
          { to: 'nobody@customer.example', subject: 'Never sent', text: 'This must not arrive' },
        ));
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(outboxMessageId).not.toBe('');
    expect(await findOutboxMessage(outboxMessageId)).toBeUndefined();
    expect(await jobsFor(outboxMessageId)).toEqual([]);
    expect(await t.database.db.select().from(organisations).where(eq(organisations.slug, slug))).toEqual([]);
    await t.providers.jobs.drain();
    expect(await mailboxMessagesTo('nobody@customer.example')).toEqual([]);
  });

  it('never sends a message twice when its delivery job runs again', async () => {
    const { outboxMessageId } = await queueMail(context(), {
      to: 'twice@customer.example',
      subject: 'Once only',
      text: 'One copy',
    });
    await t.providers.jobs.drain();
    await t.providers.jobs.enqueue(t.database.db, mailDeliveryQueue, { outboxMessageId });
    await t.providers.jobs.drain();

    expect(await mailboxMessagesTo('twice@customer.example')).toHaveLength(1);
    expect(await findOutboxMessage(outboxMessageId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect((await jobsFor(outboxMessageId)).map((job) => job.state)).toEqual(['completed', 'completed']);
  });

  it('fails a delivery job at once when its outbox message does not exist', async () => {
    const outboxMessageId = crypto.randomUUID();
    await t.providers.jobs.enqueue(t.database.db, mailDeliveryQueue, { outboxMessageId });
    await t.providers.jobs.drain();
    const [job] = await jobsFor(outboxMessageId);
    expect(job).toMatchObject({ state: 'failed', attempts: 1 });
    expect(job?.lastError).toContain('does not exist');
  });

  it('refuses addresses, subjects and headers that could forge or break the message', async () => {
    const valid = { to: 'ok@customer.example', subject: 'Fine', text: 'Fine' };
    const attempts: QueuedMail[] = [
      { ...valid, to: 'not an address' },
      { ...valid, subject: 'Two\r\nBcc: victim@example.com' },
      { ...valid, headers: { 'Message-ID': '<forged@example.com>' } },
      { ...valid, headers: { bcc: 'victim@example.com' } },
      { ...valid, headers: { 'X-Custom': 'line\nBcc: victim@example.com' } },
      { ...valid, headers: { 'Bad Name': 'value' } },
    ];
    for (const mail of attempts) {
      await expect(queueMail(context(), mail)).rejects.toBeInstanceOf(ZodError);
    }
    expect(
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, 'ok@customer.example')),
    ).toEqual([]);
  });

  it('queues many mails at once, each with its own outbox row and job, and delivers each once', async () => {
    const mails = Array.from({ length: 2500 }, (_, index) => ({
      to: `bulk-${index}@customer.example`,
      subject: 'Bulk',
      text: `Hello ${index}`,
    }));
    const queued = await queueMails(context(), mails);
    expect(queued).toHaveLength(2500);
    expect(new Set(queued.map((mail) => mail.outboxMessageId)).size).toBe(2500);
    const [counts] = await t.database.db
      .select({
        outbox: sql<number>`(select count(*)::int from outbox_messages where to_address like 'bulk-%')`,
        jobs: sql<number>`(select count(*)::int from jobs where queue = ${mailDeliveryQueue} and state = 'queued')`,
      })
      .from(sql`(select 1) as one`);
    expect(Number(counts!.outbox)).toBe(2500);
    expect(Number(counts!.jobs)).toBe(2500);
    await t.providers.jobs.drain();
    const sample = await findOutboxMessage(queued[1234]!.outboxMessageId);
    expect(sample).toMatchObject({
      status: 'sent',
      toAddress: 'bulk-1234@customer.example',
      text: 'Hello 1234',
    });
    expect(await mailboxMessagesTo('bulk-2499@customer.example')).toHaveLength(1);
    // 2,500 deliveries on a shared 2-core CI machine: room beyond the default 30 s limit.
  }, 180_000);

  it('takes the caller’s outbox ids, queue and extra job fields, and writes nothing when one mail is invalid', async () => {
    const queue = 'test.bulk-mail';
    const outboxMessageId = crypto.randomUUID();
    const [queued] = await queueMails(
      context(),
      [
        {
          to: 'chosen@customer.example',
          subject: 'Chosen',
          text: 'x',
          outboxMessageId,
          jobPayload: { deliveryId: 'd-1' },
        },
      ],
      { queue },
    );
    expect(queued).toEqual({ outboxMessageId, messageId: `<${outboxMessageId}@attest.test>` });
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.queue, queue));
    expect(job).toMatchObject({
      payload: { deliveryId: 'd-1', outboxMessageId },
      maxAttempts: mailDeliveryMaxAttempts,
    });

    await expect(
      queueMails(context(), [
        { to: 'first-ok@customer.example', subject: 'Fine', text: 'Fine' },
        { to: 'not an address', subject: 'Fine', text: 'Fine' },
      ]),
    ).rejects.toBeInstanceOf(ZodError);
    expect(
      await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.toAddress, 'first-ok@customer.example')),
    ).toEqual([]);
  });
});
