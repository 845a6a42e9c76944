import net, { type AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, outboxMessages } from '../../db/schema';
import { createSmtpTransport } from '../../providers/mail/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';
import { queueMail } from './queue-mail';

/** A real SMTP server that accepts everything, or answers 421 to MAIL FROM while told to. */
function createSmtpSink() {
  const received: Array<{ recipients: string[] }> = [];
  const state = { answer421: false };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    closeTimeout: 50,
    onMailFrom(_address, _session, callback) {
      if (!state.answer421) return callback(null);
      callback(Object.assign(new Error('Service not available, try later'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push({ recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()) });
        callback(null);
      });
    },
  });
  return {
    received,
    state,
    countFor: (recipient: string) => received.filter((mail) => mail.recipients.includes(recipient)).length,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Fault = 'none' | 'drop-at-mail-from' | 'stall-at-accept' | 'stall-at-mail-from';

/**
 * A TCP proxy in front of the sink, the network between the app and its SMTP server: it can be
 * closed (connections refused), drop connections or stall them at a point of the conversation.
 */
function createFaultyNetwork(targetPort: () => number) {
  let fault: Fault = 'none';
  let port = 0;
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  function handle(client: net.Socket) {
    track(client);
    if (fault === 'stall-at-accept') return;
    const upstream = net.connect({ port: targetPort(), host: '127.0.0.1' });
    track(upstream);
    let isStalled = false;
    upstream.on('data', (chunk) => {
      if (!isStalled) client.write(chunk);
    });
    client.on('data', (chunk) => {
      if (isStalled) return;
      if (/^MAIL FROM/im.test(chunk.toString('latin1'))) {
        if (fault === 'drop-at-mail-from') {
          client.destroy();
          upstream.destroy();
          return;
        }
        if (fault === 'stall-at-mail-from') {
          isStalled = true;
          return;
        }
      }
      upstream.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
  return {
    get port() {
      return port;
    },
    async setFault(next: Fault) {
      // A stalled connection stays stalled; the others follow the current fault from their next command.
      fault = next;
      if (next !== 'stall-at-accept') return;
      // A server that hangs on accept was restarted: the connections it had are gone (and seen gone).
      for (const socket of sockets) socket.destroy();
    },
    open: () =>
      new Promise<void>((resolve, reject) => {
        server = net.createServer(handle);
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          port = (server!.address() as AddressInfo).port;
          resolve();
        });
      }),
    /** Stops listening: the port refuses connections until open() again. */
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = undefined;
      }),
  };
}

const sink = createSmtpSink();
let sinkPort = 0;
const network = createFaultyNetwork(() => sinkPort);
// Short SMTP time-outs so a stalled conversation fails in well under a second.
const timeouts = 'connectionTimeout=400&greetingTimeout=400&socketTimeout=400';
let t: TestApp;

beforeAll(async () => {
  sinkPort = await sink.listen();
  await network.open();
  // Two pool connections: the old pool wedged after two refused connections.
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${network.port}?${timeouts}`,
    JOB_CONCURRENCY: '2',
  });
});
afterAll(async () => {
  await t?.close();
  await network.close();
  await sink.close();
});

let sequence = 0;
async function queueMails(label: string, count: number) {
  const recipients = Array.from({ length: count }, () => `${label}-${sequence++}@customer.example`);
  const queued = [];
  for (const to of recipients) {
    queued.push(
      await queueMail(
        { db: t.database.db, providers: t.providers, config: t.config },
        { to, subject: 'Sign-in link', text: 'Here it is.' },
      ),
    );
  }
  return { recipients, outboxIds: queued.map((mail) => mail.outboxMessageId) };
}

async function outboxRows(ids: string[]) {
  return t.database.db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
}

/** Stands in for the clock moving past the retry delay of every waiting job. */
async function makeRetriesDue() {
  await t.database.db
    .update(jobs)
    .set({ runAt: sql`now() - interval '1 second'` })
    .where(eq(jobs.state, 'queued'));
}

/**
 * Queues more mails than the pool has connections while the fault lasts: none is delivered and
 * each keeps the error; once the fault clears every mail is delivered exactly once, no restart.
 */
async function expectDeliveryAfter(
  fault: () => Promise<void>,
  clear: () => Promise<void>,
  error: RegExp,
): Promise<string[]> {
  await fault();
  const { recipients, outboxIds } = await queueMails('fault', 5);
  await t.providers.jobs.drain();
  const failed = await outboxRows(outboxIds);
  expect(failed.map((row) => row.status)).toEqual(Array(5).fill('pending'));
  for (const row of failed) expect(row.lastError).toMatch(error);
  expect(recipients.map(sink.countFor)).toEqual(Array(5).fill(0));

  await clear();
  await makeRetriesDue();
  await t.providers.jobs.drain();
  const delivered = await outboxRows(outboxIds);
  expect(delivered.map((row) => row.status)).toEqual(Array(5).fill('sent'));
  expect(recipients.map(sink.countFor)).toEqual(Array(5).fill(1));
  // A later mail goes out at its first attempt: the pool did not keep a broken connection.
  const later = await queueMails('later', 1);
  await t.providers.jobs.drain();
  expect(sink.countFor(later.recipients[0]!)).toBe(1);
  return failed.map((row) => row.lastError ?? '');
}

describe('mail over SMTP through faults', () => {
  it('delivers everything once refused connections are accepted again', async () => {
    await expectDeliveryAfter(
      () => network.close(),
      () => network.open(),
      /ECONNREFUSED/,
    );
  });

  it('delivers everything after connections dropped mid-conversation', async () => {
    await expectDeliveryAfter(
      () => network.setFault('drop-at-mail-from'),
      () => network.setFault('none'),
      /closed unexpectedly|ECONNRESET|socket/i,
    );
  });

  it('delivers everything after the server answered 421', async () => {
    await expectDeliveryAfter(
      async () => {
        sink.state.answer421 = true;
      },
      async () => {
        sink.state.answer421 = false;
      },
      /421/,
    );
  });

  it('delivers everything after connections stalled before the greeting', async () => {
    // A mail may still have picked a pooled connection the restart closed; the others waited in vain.
    const errors = await expectDeliveryAfter(
      () => network.setFault('stall-at-accept'),
      () => network.setFault('none'),
      /Greeting never received|timeout|closed unexpectedly/i,
    );
    expect(errors.some((error) => /Greeting never received|timeout/i.test(error))).toBe(true);
  });

  it('delivers everything after connections stalled mid-conversation', async () => {
    await expectDeliveryAfter(
      () => network.setFault('stall-at-mail-from'),
      () => network.setFault('none'),
      /timeout/i,
    );
  });
});

describe('an SMTP send abandoned by its job', () => {
  it('rejects with the abort reason and leaves the transport usable', async () => {
    // Time-outs far beyond the test: only the signal ends the stalled send.
    const transport = createSmtpTransport({
      url: `smtp://127.0.0.1:${network.port}?greetingTimeout=600000&socketTimeout=600000`,
      maxConnections: 1,
    });
    const mail = (to: string) => ({
      messageId: `<${to}>`,
      from: 'attest@example.com',
      to,
      subject: 'Hello',
      text: 'Hello',
      html: null,
      headers: {},
    });
    try {
      await network.setFault('stall-at-accept');
      const controller = new AbortController();
      const stalled = transport.send(mail('stalled@customer.example'), { signal: controller.signal });
      controller.abort(new Error('job passed its time limit'));
      await expect(stalled).rejects.toThrow('job passed its time limit');

      await network.setFault('none');
      await transport.send(mail('after-abort@customer.example'));
      expect(sink.countFor('after-abort@customer.example')).toBe(1);
      expect(sink.countFor('stalled@customer.example')).toBe(0);
    } finally {
      await network.setFault('none');
      await transport.close();
    }
  });
});
