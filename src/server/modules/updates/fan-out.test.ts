// @postgres: batches claimed with row locks, thousands of rows
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxMessages, subscribers, subscriptionBlocks, updateDeliveries } from '../../db/schema';
import { registerJobHandlers } from '../../jobs';
import { createDatabaseJobQueue, type DatabaseJobQueueOptions } from '../../providers/jobs/database-queue';
import type { MailTransport } from '../../providers/mail/types';
import { createTestApp, type TestApp } from '../../test/test-app';
import { updateMailQueue } from '../mail/queue-mail';
import { createFanOutHandler, createUpdateMailHandler } from './fan-out';
import { fanOutQueue, updateMailsPerJob } from './queries';
import { addConfirmedSubscribers, staffOrganisation, topicInput } from './test-support';

type Received = { to: string; raw: string };

/** SMTP server on 127.0.0.1 that records accepted mail, and answers 451 at DATA when `refuse(to)` says so. */
function createSmtpSink() {
  const received: Received[] = [];
  const state = { refuse: null as ((to: string) => boolean) | null, refused: 0 };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    closeTimeout: 50,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address.toLowerCase() ?? '';
        if (state.refuse?.(to)) {
          state.refused++;
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push({ to, raw: Buffer.concat(chunks).toString('utf8') });
        callback(null);
      });
    },
  });
  return {
    received,
    state,
    start: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    countByRecipient() {
      const counts = new Map<string, number>();
      for (const mail of received) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
      return counts;
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

/** Header lines folded by the transport, and quoted-printable soft breaks, joined again. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, '');

/**
 * A node's job queue with every queue handler, its backoff and polling shortened from seconds to
 * milliseconds (the production values differ only in scale), so outages and deaths take no real minutes.
 */
function fastWorker(workerId: string, options: Partial<DatabaseJobQueueOptions> = {}) {
  const queue = createDatabaseJobQueue({
    db: t.database.db,
    workerId,
    concurrency: 4,
    pollIntervalMs: 20,
    leaseMs: 5000,
    retryBaseMs: 10,
    retryMaxMs: 200,
    ...options,
  });
  registerJobHandlers({ ...t, providers: { ...t.providers, jobs: queue } });
  return queue;
}

async function publishToSubscribers(
  staff: Awaited<ReturnType<typeof staffOrganisation>>,
  extra: string[] = [],
) {
  const response = await staff.inject({
    method: 'POST',
    url: '/api/updates/topics',
    payload: topicInput({
      subject: 'Incident resolved',
      category: 'incidents',
      channels: { statusPage: true, email: { enabled: true, subscribers: true, audience: extra } },
    }),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; updates: Array<{ id: string }> }>().updates[0]!.id;
}

async function deliveryCounts(updateId: string) {
  const rows = await t.database.db
    .select({ status: updateDeliveries.status, count: sql<number>`count(*)::int` })
    .from(updateDeliveries)
    .where(eq(updateDeliveries.updateId, updateId))
    .groupBy(updateDeliveries.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}

describe('update fan-out', () => {
  it('mails confirmed subscribers and listed addresses once each, with unsubscribe link and RFC 8058 headers', async () => {
    const staff = await staffOrganisation(t);
    const org = staff.organisation;
    const confirmed = await addConfirmedSubscribers(t, org.id, 3, 'who');
    await t.database.db.insert(subscribers).values([
      {
        organisationId: org.id,
        email: 'pending@customer.example',
        source: 'subscribe_button',
        status: 'pending',
      },
      {
        organisationId: org.id,
        email: 'gone@customer.example',
        source: 'subscribe_button',
        status: 'unsubscribed',
      },
      {
        organisationId: org.id,
        email: 'blocked@customer.example',
        source: 'subscribe_button',
        status: 'blocked',
      },
      { organisationId: org.id, email: 'x@blocked.example', source: 'subscribe_button', status: 'confirmed' },
    ]);
    await t.database.db
      .insert(subscriptionBlocks)
      .values({ organisationId: org.id, kind: 'domain', value: 'blocked.example' });
    const before = sink.received.length;
    const updateId = await publishToSubscribers(staff, [
      'cfo@customer.example',
      'gone@customer.example',
      confirmed[0]!,
    ]);
    await t.providers.jobs.drain();

    const mine = sink.received.slice(before).map((mail) => ({ ...mail, raw: unfold(mail.raw) }));
    expect(mine.map((mail) => mail.to).sort()).toEqual(['cfo@customer.example', ...confirmed].sort());
    for (const mail of mine) {
      expect(mail.raw).toMatch(
        new RegExp(
          `List-Unsubscribe:\\s*<http://attest\\.test/api/statuspage/share/${org.slug}/unsubscribe\\?token=[\\w.-]+>`,
        ),
      );
      expect(mail.raw).toMatch(/List-Unsubscribe-Post:\s*List-Unsubscribe=One-Click/);
      expect(mail.raw).toContain(`/${org.slug}?unsubscribeToken=`);
    }
    expect(await deliveryCounts(updateId)).toEqual({ sent: 4 });

    // The one-click POST from a mail client needs no cookie, and stops the next update.
    const oneClick = /List-Unsubscribe:\s*<([^>]+)>/.exec(
      mine.find((mail) => mail.to === 'cfo@customer.example')!.raw,
    )![1]!;
    const url = new URL(oneClick);
    const unsubscribe = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(200);
    const again = sink.received.length;
    await publishToSubscribers(staff, ['cfo@customer.example']);
    await t.providers.jobs.drain();
    expect(
      sink.received
        .slice(again)
        .map((mail) => mail.to)
        .sort(),
    ).toEqual([...confirmed].sort());
  });

  it('private-audience updates go to listed addresses only', async () => {
    const staff = await staffOrganisation(t);
    await addConfirmedSubscribers(t, staff.organisation.id, 2, 'priv');
    const before = sink.received.length;
    const response = await staff.inject({
      method: 'POST',
      url: '/api/updates/topics',
      payload: topicInput({
        channels: {
          statusPage: true,
          statusPageAudience: 'private',
          email: { enabled: true, audience: ['ciso@customer.example'] },
        },
      }),
    });
    expect(response.statusCode).toBe(201);
    await t.providers.jobs.drain();
    expect(sink.received.slice(before).map((mail) => mail.to)).toEqual(['ciso@customer.example']);
  });

  it('delivers exactly one mail to each of 1 000 subscribers although SMTP answers 451 for a while', async () => {
    const staff = await staffOrganisation(t);
    const emails = await addConfirmedSubscribers(t, staff.organisation.id, 1000, 'outage');
    // The outage lasts until every subscriber's first attempt was refused; then SMTP recovers.
    const refusedOnce = new Set<string>();
    sink.state.refuse = (to) => {
      if (!to.startsWith('outage-') || refusedOnce.size >= emails.length) return false;
      refusedOnce.add(to);
      return true;
    };
    const refusedBefore = sink.state.refused;
    const worker = fastWorker('worker-outage');
    const updateId = await publishToSubscribers(staff);
    worker.start();
    try {
      await expect
        .poll(() => deliveryCounts(updateId), { timeout: 600_000, interval: 250 })
        .toEqual({ sent: 1000 });
    } finally {
      await worker.stop();
      sink.state.refuse = null;
    }
    expect(refusedOnce.size).toBe(1000);
    expect(sink.state.refused - refusedBefore).toBeGreaterThanOrEqual(1000);
    const counts = sink.countByRecipient();
    expect(emails.filter((email) => counts.get(email) !== 1)).toEqual([]);
    // Each mail needed at least one retry and none was quarantined; one job carried many mails.
    const batchJobs = await t.database.db
      .select({ attempts: jobs.attempts, state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.queue, updateMailQueue), sql`${jobs.lockedBy} = 'worker-outage'`));
    expect(batchJobs).toHaveLength(Math.ceil(1000 / updateMailsPerJob));
    expect(batchJobs.every((job) => job.state === 'completed' && job.attempts >= 2)).toBe(true);
    const mails = await t.database.db
      .select({ attempts: outboxMessages.attempts, status: outboxMessages.status })
      .from(updateDeliveries)
      .innerJoin(outboxMessages, eq(outboxMessages.id, updateDeliveries.outboxMessageId))
      .where(eq(updateDeliveries.updateId, updateId));
    expect(mails).toHaveLength(1000);
    expect(mails.every((mail) => mail.status === 'sent' && mail.attempts >= 2)).toBe(true);
  }, 660_000);

  it('resumes after a worker dies mid-fan-out: nobody skipped, duplicates only for mail accepted but not recorded', async () => {
    const staff = await staffOrganisation(t);
    const emails = await addConfirmedSubscribers(t, staff.organisation.id, 1000, 'killed');
    const before = sink.received.length;
    const updateId = await publishToSubscribers(staff);

    // Worker A runs the fan-out (batches of 50) and mails at once. It "dies" after its tenth batch:
    // from then on nothing of it returns and it writes nothing more (its leases are not renewed).
    const never = new Promise<never>(() => {});
    const death = {
      isDead: false,
      acceptedButUnrecorded: 0,
      inFlight: 0,
      sending: 0,
      sendingAtDeath: 0,
      sentBefore: 0,
      batches: 0,
    };
    const dyingTransport: MailTransport = {
      name: 'smtp',
      async send(mail) {
        if (death.isDead) await never;
        death.sending++;
        await t.providers.mail.send(mail);
        death.sending--;
        // The SMTP server accepted it; the worker dies before the outbox records it.
        if (death.isDead) {
          death.acceptedButUnrecorded++;
          await never;
        }
      },
      close: async () => {},
    };
    // Outcomes it had not yet written when it died are lost with it (the mail jobs write them in groups).
    const dyingDb = new Proxy(t.database.db, {
      get(target, property) {
        if (property === 'execute') {
          return async (...args: Parameters<typeof target.execute>) => {
            if (death.isDead) await never;
            return target.execute(...args);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const workerA = fastWorker('worker-a', { leaseMs: 1000, renewLeases: false });
    const deps = { db: dyingDb, config: t.config, providers: { mail: dyingTransport, jobs: workerA } };
    workerA.register(
      fanOutQueue,
      createFanOutHandler({
        ...deps,
        batchSize: 50,
        afterBatch: async () => {
          death.batches++;
          if (death.batches < 10) return;
          death.isDead = true;
          death.sendingAtDeath = death.sending;
          void workerA.stop();
          const [active] = await t.database.db
            .select({ count: sql<number>`count(*)::int` })
            .from(jobs)
            .where(and(eq(jobs.state, 'active'), eq(jobs.lockedBy, 'worker-a')));
          death.inFlight = Number(active!.count);
          death.sentBefore = sink.received.length - before;
          await never;
        },
      }),
    );
    workerA.register(updateMailQueue, createUpdateMailHandler(deps));
    workerA.start();
    await expect.poll(() => death.isDead && death.inFlight > 0, { timeout: 300_000 }).toBe(true);
    const deliveriesAtDeath = await deliveryCounts(updateId);
    // It died mid-fan-out: half the subscribers have no delivery row yet.
    expect((deliveriesAtDeath.queued ?? 0) + (deliveriesAtDeath.sent ?? 0)).toBe(500);

    // What will be sent twice: mail the SMTP server took from worker A whose outbox row is still pending.
    await expect.poll(() => death.sending, { timeout: 60_000 }).toBe(0);
    const acceptedFromA = new Set(sink.received.slice(before).map((mail) => mail.to));
    const stillPending = await t.database.db
      .select({ to: outboxMessages.toAddress })
      .from(updateDeliveries)
      .innerJoin(outboxMessages, eq(outboxMessages.id, updateDeliveries.outboxMessageId))
      .where(and(eq(updateDeliveries.updateId, updateId), eq(outboxMessages.status, 'pending')));
    const acceptedButUnrecorded = stillPending.map((row) => row.to).filter((to) => acceptedFromA.has(to));

    // A restarted node takes over once worker A's leases have run out.
    const workerB = fastWorker('worker-b');
    workerB.start();
    try {
      await expect
        .poll(() => deliveryCounts(updateId), { timeout: 600_000, interval: 250 })
        .toEqual({ sent: 1000 });
    } finally {
      await workerB.stop();
    }

    const counts = new Map<string, number>();
    for (const mail of sink.received.slice(before)) counts.set(mail.to, (counts.get(mail.to) ?? 0) + 1);
    expect(emails.filter((email) => !counts.has(email))).toEqual([]);
    const duplicates = emails.filter((email) => (counts.get(email) ?? 0) > 1);
    console.info(
      `worker killed after ${death.batches} fan-out batches and ${death.sentBefore} mails, ` +
        `${death.inFlight} jobs and ${death.sendingAtDeath} mails in flight: ${duplicates.length} duplicate(s), ` +
        `${acceptedButUnrecorded.length} accepted by SMTP but not recorded ` +
        `(${death.acceptedButUnrecorded} of them accepted as it died)`,
    );
    expect(duplicates.sort()).toEqual(acceptedButUnrecorded.sort());
    // Each mail job holds back its next send while 4 outcomes (its concurrency) are unwritten, so what
    // a crash can send twice is bounded per job in flight: unwritten outcomes plus sends under way.
    const sendConcurrency = 4;
    expect(duplicates.length).toBeLessThanOrEqual(death.inFlight * 3 * sendConcurrency);
    expect(death.acceptedButUnrecorded).toBeLessThanOrEqual(death.sendingAtDeath);
    expect(duplicates.every((email) => counts.get(email) === 2)).toBe(true);
    expect(sink.received.length - before).toBe(1000 + duplicates.length);
    const [fanOut] = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.queue, fanOutQueue), sql`${jobs.payload}->>'updateId' = ${updateId}`));
    expect(fanOut).toMatchObject({ state: 'completed', lockedBy: 'worker-b', attempts: 2 });
  }, 660_000);
});
