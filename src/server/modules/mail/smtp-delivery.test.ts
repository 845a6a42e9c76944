import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxMessages } from '../../db/schema';
import { createOrganisation } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queueBrandedMail } from './branded/queue-branded-mail';
import { mailDeliveryQueue, queueMail } from './queue-mail';

type ReceivedMessage = { recipients: string[]; messageId: string | undefined; raw: string };

/**
 * An SMTP server on 127.0.0.1 that counts what it accepts and refuses recipients when told to:
 * a code at RCPT TO (every time), or a code at DATA for the next `times` attempts.
 */
function createSmtpSink() {
  const received: ReceivedMessage[] = [];
  const refuseAtRecipient = new Map<string, number>();
  const refuseAtData = new Map<string, { code: number; times: number }>();
  const attemptsPerRecipient = new Map<string, number>();
  let server: SMTPServer | undefined;
  let port = 0;

  const refusal = (code: number) =>
    Object.assign(new Error(code >= 500 ? 'No such user here' : 'Try again later'), { responseCode: code });

  function build() {
    return new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      closeTimeout: 50,
      onRcptTo(address, _session, callback) {
        const recipient = address.address.toLowerCase();
        attemptsPerRecipient.set(recipient, (attemptsPerRecipient.get(recipient) ?? 0) + 1);
        const code = refuseAtRecipient.get(recipient);
        callback(code ? refusal(code) : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const plan = refuseAtData.get(recipients[0] ?? '');
          if (plan && plan.times > 0) {
            plan.times -= 1;
            return callback(refusal(plan.code));
          }
          const raw = Buffer.concat(chunks).toString('utf8');
          received.push({ recipients, raw, messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] });
          callback(null);
        });
      },
    });
  }

  return {
    received,
    refuseAtRecipient,
    refuseAtData,
    attemptsPerRecipient,
    receivedBy: (recipient: string) => received.filter((message) => message.recipients.includes(recipient)),
    get isRunning() {
      return server !== undefined;
    },
    /** Listens on a random port the first time, and on the same port again after stop(). */
    start(): Promise<number> {
      server = build();
      const current = server;
      return new Promise((resolve, reject) => {
        current.server.once('error', reject);
        current.listen(port, '127.0.0.1', () => {
          port = (current.server.address() as AddressInfo).port;
          resolve(port);
        });
      });
    },
    stop(): Promise<void> {
      const current = server;
      server = undefined;
      return new Promise((resolve) => (current ? current.close(() => resolve()) : resolve()));
    },
  };
}

const sink = createSmtpSink();
let t: TestApp;
beforeAll(async () => {
  const port = await sink.start();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

let recipientSequence = 0;
const newRecipient = (label: string) => `${label}-${recipientSequence++}@customer.example`;

function queueTo(to: string) {
  return queueMail(
    { db: t.database.db, providers: t.providers, config: t.config },
    { to, subject: 'Your access request', text: 'It was approved.', html: '<p>It was approved.</p>' },
  );
}

async function findOutboxMessage(id: string) {
  const [row] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
  return row!;
}

async function findDeliveryJob(outboxMessageId: string) {
  const [job] = await t.database.db
    .select()
    .from(jobs)
    .where(
      sql`${jobs.queue} = ${mailDeliveryQueue} and ${jobs.payload}->>'outboxMessageId' = ${outboxMessageId}`,
    );
  return job!;
}

/** Stands in for the clock moving past the retry delay of every waiting job. */
async function makeRetriesDue() {
  await t.database.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.state, 'queued'));
}

describe('mail delivery over SMTP', () => {
  it('uses the SMTP transport when SMTP_URL is set', () => {
    expect(t.providers.mail.name).toBe('smtp');
  });

  it('delivers a message once, with the Message-ID it was queued with', async () => {
    const to = newRecipient('once');
    const queued = await queueTo(to);
    await t.providers.jobs.drain();

    const received = sink.receivedBy(to);
    expect(received).toHaveLength(1);
    expect(received[0]?.messageId).toBe(queued.messageId);
    expect(received[0]?.raw).toContain('Subject: Your access request');
    expect(await findOutboxMessage(queued.outboxMessageId)).toMatchObject({ status: 'sent', attempts: 1 });

    await t.providers.jobs.enqueue(t.database.db, mailDeliveryQueue, {
      outboxMessageId: queued.outboxMessageId,
    });
    await t.providers.jobs.drain();
    expect(sink.receivedBy(to)).toHaveLength(1);
  });

  it('sends in the organisation’s name from MAIL_FROM’s address, with replies to its support mailbox', async () => {
    const to = newRecipient('sender');
    const created = (await createOrganisation(t.database.db)).organisation;
    const organisation = {
      id: created.id,
      slug: created.slug,
      name: 'Acme "Cloud"',
      customisation: {
        portalTitle: 'Trust Center',
        accentColor: '#1d4ed8',
        supportMailbox: 'help@acme.example',
      },
      logoAssetId: null,
      revision: 1,
    };
    await queueBrandedMail({ db: t.database.db, providers: t.providers, config: t.config }, organisation, {
      to,
      content: { subject: 'Hello', blocks: [{ kind: 'paragraph', text: 'Hi.' }], reason: 'A test.' },
    });
    await t.providers.jobs.drain();
    const [received] = sink.receivedBy(to);
    const address = t.config.mailFrom.match(/<([^<>]+)>/)?.[1] ?? t.config.mailFrom;
    expect(received!.raw).toContain(`From: "Acme \\"Cloud\\" Trust Center" <${address}>`);
    expect(received!.raw).toContain('Reply-To: help@acme.example');
  });

  it('retries while the server answers 451 and then delivers exactly once', async () => {
    const to = newRecipient('greylisted');
    sink.refuseAtData.set(to, { code: 451, times: 2 });
    const queued = await queueTo(to);

    await t.providers.jobs.drain();
    let row = await findOutboxMessage(queued.outboxMessageId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('451');
    expect(await findDeliveryJob(queued.outboxMessageId)).toMatchObject({ state: 'queued', attempts: 1 });
    expect(await t.providers.jobs.drain()).toBe(0);

    await makeRetriesDue();
    await t.providers.jobs.drain();
    expect(await findOutboxMessage(queued.outboxMessageId)).toMatchObject({ status: 'pending', attempts: 2 });
    expect(sink.receivedBy(to)).toHaveLength(0);

    await makeRetriesDue();
    await t.providers.jobs.drain();
    row = await findOutboxMessage(queued.outboxMessageId);
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(await findDeliveryJob(queued.outboxMessageId)).toMatchObject({ state: 'completed', attempts: 3 });

    await makeRetriesDue();
    await t.providers.jobs.drain();
    const received = sink.receivedBy(to);
    expect(received).toHaveLength(1);
    expect(received[0]?.messageId).toBe(queued.messageId);
    expect(sink.refuseAtData.get(to)?.times).toBe(0);
  });

  it('quarantines a message the server refuses with 550 and does not retry it', async () => {
    const to = newRecipient('unknown-user');
    sink.refuseAtRecipient.set(to, 550);
    const queued = await queueTo(to);

    await t.providers.jobs.drain();
    const row = await findOutboxMessage(queued.outboxMessageId);
    expect(row).toMatchObject({ status: 'quarantined', attempts: 1 });
    expect(row.lastError).toContain('550');
    expect(row.sentAt).toBeNull();
    expect(await findDeliveryJob(queued.outboxMessageId)).toMatchObject({ state: 'failed', attempts: 1 });

    await makeRetriesDue();
    await t.providers.jobs.drain();
    expect(sink.attemptsPerRecipient.get(to)).toBe(1);
    expect(sink.receivedBy(to)).toHaveLength(0);
  });

  it('quarantines a message still refused temporarily on its last attempt', async () => {
    const to = newRecipient('always-busy');
    sink.refuseAtData.set(to, { code: 451, times: Number.POSITIVE_INFINITY });
    const queued = await queueTo(to);
    await t.database.db
      .update(jobs)
      .set({ maxAttempts: 2 })
      .where(eq(jobs.id, (await findDeliveryJob(queued.outboxMessageId)).id));

    await t.providers.jobs.drain();
    expect(await findOutboxMessage(queued.outboxMessageId)).toMatchObject({ status: 'pending', attempts: 1 });
    await makeRetriesDue();
    await t.providers.jobs.drain();

    const row = await findOutboxMessage(queued.outboxMessageId);
    expect(row).toMatchObject({ status: 'quarantined', attempts: 2 });
    expect(row.lastError).toContain('451');
    expect(await findDeliveryJob(queued.outboxMessageId)).toMatchObject({ state: 'failed', attempts: 2 });
    expect(sink.receivedBy(to)).toHaveLength(0);
  });

  it('keeps a message while the server is down and delivers it once the server is back', async () => {
    const to = newRecipient('server-down');
    await sink.stop();
    try {
      const queued = await queueTo(to);
      await t.providers.jobs.drain();
      const row = await findOutboxMessage(queued.outboxMessageId);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(await findDeliveryJob(queued.outboxMessageId)).toMatchObject({ state: 'queued', attempts: 1 });

      await sink.start();
      await makeRetriesDue();
      await t.providers.jobs.drain();

      expect(await findOutboxMessage(queued.outboxMessageId)).toMatchObject({ status: 'sent', attempts: 2 });
      const received = sink.receivedBy(to);
      expect(received).toHaveLength(1);
      expect(received[0]?.messageId).toBe(queued.messageId);
    } finally {
      if (!sink.isRunning) await sink.start();
    }
  });
});
