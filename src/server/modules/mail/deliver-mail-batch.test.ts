// @postgres: outbox rows claimed with row locks and leases
import { asc, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxMessages } from '../../db/schema';
import { type MailTransport, type OutgoingMail, PermanentMailError } from '../../providers/mail/types';
import { createTestApp, type TestApp } from '../../test/test-app';
import { deliverMailBatch, MailBatchDeferredError } from './deliver-mail-batch';
import { queueMails } from './queue-mail';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Answer = 'accept' | 'later' | 'never';

/** A transport that answers per recipient: accept, refuse for now (4xx) or refuse for good (5xx). */
function scriptedTransport(answerFor: (to: string) => Answer) {
  const sent: OutgoingMail[] = [];
  const tried: string[] = [];
  const transport: MailTransport = {
    name: 'smtp',
    async send(mail) {
      tried.push(mail.to);
      const answer = answerFor(mail.to);
      if (answer === 'later') throw new Error(`451 try again later (${mail.to})`);
      if (answer === 'never') throw new PermanentMailError(`550 no such user (${mail.to})`);
      sent.push(mail);
    },
    close: async () => {},
  };
  return { transport, sent, tried };
}

async function queueBatch(prefix: string, count: number) {
  const mails = Array.from({ length: count }, (_, index) => ({
    to: `${prefix}-${index}@customer.example`,
    subject: 'Update',
    text: `Hello ${index}`,
  }));
  const queued = await queueMails({ db: t.database.db, providers: t.providers, config: t.config }, mails, {
    queue: `test.${prefix}`,
    mailsPerJob: count,
  });
  return queued.map((mail) => mail.outboxMessageId);
}

async function outboxRows(ids: string[]) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids))
    .orderBy(asc(outboxMessages.toAddress));
}

function deliver(
  transport: MailTransport,
  ids: string[],
  attempts: { attempts: number; maxAttempts: number } = { attempts: 1, maxAttempts: 5 },
) {
  return deliverMailBatch({
    ctx: { db: t.database.db, providers: { mail: transport } },
    input: { outboxMessageIds: ids, ...attempts },
    options: { concurrency: 3 },
  });
}

describe('queueMails with mailsPerJob', () => {
  it('enqueues one job per group of mails, each listing its outbox ids and extra payload', async () => {
    const mails = Array.from({ length: 5 }, (_, index) => ({
      to: `group-${index}@customer.example`,
      subject: 'Grouped',
      text: 'Grouped',
      jobPayload: { index },
    }));
    const queued = await queueMails({ db: t.database.db, providers: t.providers, config: t.config }, mails, {
      queue: 'test.grouped',
      mailsPerJob: 2,
    });
    const rows = await t.database.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(sql`${jobs.queue} = 'test.grouped'`)
      .orderBy(asc(jobs.id));
    expect(rows.map((row) => row.payload)).toEqual([
      {
        mails: [
          { index: 0, outboxMessageId: queued[0]!.outboxMessageId },
          { index: 1, outboxMessageId: queued[1]!.outboxMessageId },
        ],
      },
      {
        mails: [
          { index: 2, outboxMessageId: queued[2]!.outboxMessageId },
          { index: 3, outboxMessageId: queued[3]!.outboxMessageId },
        ],
      },
      { mails: [{ index: 4, outboxMessageId: queued[4]!.outboxMessageId }] },
    ]);
  });
});

describe('deliverMailBatch', () => {
  it('sends every pending mail once, records each as sent, and sends nothing when run again', async () => {
    const ids = await queueBatch('all', 12);
    const { transport, sent } = scriptedTransport(() => 'accept');
    expect(await deliver(transport, ids)).toEqual({ sent: 12, quarantined: 0, deferred: 0 });
    const rows = await outboxRows(ids);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.sentAt)).toBe(true);
    expect(sent.map((mail) => mail.messageId).sort()).toEqual(rows.map((row) => row.messageId).sort());

    expect(await deliver(transport, ids)).toEqual({ sent: 0, quarantined: 0, deferred: 0 });
    expect(sent).toHaveLength(12);
  });

  it('quarantines a permanent refusal and still sends the rest', async () => {
    const ids = await queueBatch('perm', 6);
    const { transport, sent } = scriptedTransport((to) =>
      to === 'perm-2@customer.example' ? 'never' : 'accept',
    );
    expect(await deliver(transport, ids)).toEqual({ sent: 5, quarantined: 1, deferred: 0 });
    const refused = (await outboxRows(ids)).find((row) => row.toAddress === 'perm-2@customer.example');
    expect(refused).toMatchObject({ status: 'quarantined', attempts: 1 });
    expect(refused?.lastError).toContain('550 no such user');
    expect(sent).toHaveLength(5);
  });

  it('defers a temporary refusal to the retry, which sends only that mail', async () => {
    const ids = await queueBatch('later', 6);
    let isRefusing = true;
    const { transport, sent } = scriptedTransport((to) =>
      isRefusing && to === 'later-4@customer.example' ? 'later' : 'accept',
    );
    await expect(deliver(transport, ids)).rejects.toThrow(MailBatchDeferredError);
    const waiting = (await outboxRows(ids)).filter((row) => row.status === 'pending');
    expect(waiting).toMatchObject([{ toAddress: 'later-4@customer.example', attempts: 1 }]);
    expect(waiting[0]?.lastError).toContain('451 try again later');

    isRefusing = false;
    expect(await deliver(transport, ids, { attempts: 2, maxAttempts: 5 })).toEqual({
      sent: 1,
      quarantined: 0,
      deferred: 0,
    });
    expect(sent.map((mail) => mail.to).filter((to) => to === 'later-4@customer.example')).toHaveLength(1);
    expect(sent).toHaveLength(6);
    expect((await outboxRows(ids)).every((row) => row.status === 'sent')).toBe(true);
  });

  it('stops trying after as many temporary refusals in a row as it sends at once, and tries the untried first next time', async () => {
    const ids = await queueBatch('down', 20);
    const down = scriptedTransport(() => 'later');
    await expect(deliver(down.transport, ids)).rejects.toThrow('20 of 20 mails wait for a retry');
    // Three at once: the third refusal in a row ends the attempt; only mails already under way follow.
    const firstTried = down.tried.length;
    expect(firstTried).toBeGreaterThanOrEqual(3);
    expect(firstTried).toBeLessThan(6);
    await expect(deliver(down.transport, ids, { attempts: 2, maxAttempts: 5 })).rejects.toThrow(
      MailBatchDeferredError,
    );
    const triedFirst = new Set(down.tried.slice(0, firstTried));
    expect(down.tried.slice(firstTried).some((to) => triedFirst.has(to))).toBe(false);
    const rows = await outboxRows(ids);
    expect(rows.filter((row) => row.attempts === 1)).toHaveLength(down.tried.length);
    expect(rows.filter((row) => row.attempts === 0)).toHaveLength(20 - down.tried.length);
  });

  it('on the last attempt tries every mail and quarantines what is still refused', async () => {
    const ids = await queueBatch('last', 8);
    const { transport, tried } = scriptedTransport((to) =>
      to.endsWith('-7@customer.example') ? 'accept' : 'later',
    );
    expect(await deliver(transport, ids, { attempts: 5, maxAttempts: 5 })).toEqual({
      sent: 1,
      quarantined: 7,
      deferred: 0,
    });
    expect(tried).toHaveLength(8);
    const rows = await outboxRows(ids);
    expect(rows.filter((row) => row.status === 'quarantined')).toHaveLength(7);
  });

  it('runs alsoRecord in the statement that records, reading the settled messages', async () => {
    const ids = await queueBatch('also', 4);
    const { transport } = scriptedTransport((to) => (to === 'also-1@customer.example' ? 'never' : 'accept'));
    const table = `settled_${crypto.randomUUID().replaceAll('-', '')}`;
    await t.database.db.execute(sql.raw(`create table ${table} (id uuid primary key, status text)`));
    await deliverMailBatch({
      ctx: { db: t.database.db, providers: { mail: transport } },
      input: { outboxMessageIds: ids, attempts: 1, maxAttempts: 5 },
      options: {
        concurrency: 2,
        alsoRecord: sql`insert into ${sql.raw(table)} (id, status) select id, status from settled`,
      },
    });
    const recorded = await t.database.db.execute(
      sql.raw(`select status, count(*)::int as count from ${table} group by status order by status`),
    );
    expect((recorded as unknown as { rows: unknown[] }).rows).toEqual([
      { status: 'quarantined', count: 1 },
      { status: 'sent', count: 3 },
    ]);
  });

  it('holds back further sends while its outcomes cannot be written, so a crash could resend only a few', async () => {
    const ids = await queueBatch('stalled-db', 40);
    const { transport, sent } = scriptedTransport(() => 'accept');
    // The database stops answering once the first outcome statement is under way (a stalled node).
    let isStalled = false;
    let release: () => void = () => {};
    const stalledDb = new Proxy(t.database.db, {
      get(target, property) {
        if (property === 'execute') {
          return async (...args: Parameters<typeof target.execute>) => {
            if (!isStalled) {
              isStalled = true;
              await new Promise<void>((resolve) => {
                release = resolve;
              });
            }
            return target.execute(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const concurrency = 3;
    const delivery = deliverMailBatch({
      ctx: { db: stalledDb, providers: { mail: transport } },
      input: { outboxMessageIds: ids, attempts: 1, maxAttempts: 5 },
      options: { concurrency },
    });
    await expect.poll(() => isStalled).toBe(true);
    // The transport answers without I/O: two turns of the event loop let every send that may start run.
    for (let turn = 0; turn < 2; turn++) await new Promise((resolve) => setImmediate(resolve));
    // Accepted but unwritten: the statement's outcomes and those waiting, fewer than twice the concurrency.
    expect(sent.length).toBeLessThan(2 * concurrency);
    release();
    expect(await delivery).toMatchObject({ sent: 40, quarantined: 0 });
    expect((await outboxRows(ids)).every((row) => row.status === 'sent')).toBe(true);
  });
});
