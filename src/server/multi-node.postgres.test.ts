import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from './db/client';
import { accountMembers, jobs, organisations, outboxMessages, staffUsers } from './db/schema';
import { mailDeliveryQueue, updateMailQueue } from './modules/mail/queue-mail';
import { addConfirmedSubscribers, topicInput } from './modules/updates/test-support';
import { sessionCookieName } from './plugins/sessions';
import { demoAdminEmail, demoSlug } from './seed/demo';
import { type ServerProcess, startServer } from './test/server-process';
import { createTestSession } from './test/sessions';
import { type SmtpSink, startSmtpSink } from './test/smtp-sink';
import { createPostgresDatabase } from './test/test-database';

/**
 * Two real server processes, configured for production, on one PostgreSQL database behave as one
 * application: sessions, edits and jobs go through the database, nothing through a node's memory.
 */
const demoPassword = 'two-nodes-demo-password';

type Session = { cookie: string; csrfToken: string };

async function signIn(node: ServerProcess): Promise<Session> {
  const response = await fetch(`${node.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoAdminEmail, password: demoPassword }),
  });
  expect(response.status).toBe(200);
  const [setCookie] = response.headers.getSetCookie();
  expect(setCookie).toMatch(/^__Host-attest_staff_session=/);
  return { cookie: setCookie!.split(';')[0]!, csrfToken: (await response.json()).csrfToken };
}

function request(node: ServerProcess, pathname: string, session?: Session, init: RequestInit = {}) {
  const headers: Record<string, string> = {};
  if (session) headers.cookie = session.cookie;
  if (session && init.method && init.method !== 'GET') headers['x-csrf-token'] = session.csrfToken;
  if (init.body) headers['content-type'] = 'application/json';
  return fetch(`${node.url}${pathname}`, { ...init, headers });
}

describe('two app nodes on one PostgreSQL', () => {
  let database: { url: string; drop: () => Promise<void> };
  let handle: DatabaseHandle;
  let smtp: SmtpSink;
  let dataDirs: string[] = [];
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;
  let environment: (dataDir: string) => Record<string, string>;

  beforeAll(async () => {
    database = await createPostgresDatabase('attest_two_nodes');
    smtp = await startSmtpSink();
    dataDirs = await Promise.all(
      ['a', 'b'].map((name) => fs.mkdtemp(path.join(os.tmpdir(), `attest-${name}-`))),
    );
    environment = (dataDir: string) => ({
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SEED_DEMO: 'always',
      DEMO_ADMIN_PASSWORD: demoPassword,
      RUN_JOBS: 'true',
    });
    // Started together on an empty database: both try to seed the demo organisation at once.
    const started = await Promise.allSettled(dataDirs.map((dataDir) => startServer(environment(dataDir))));
    const running = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) {
      await Promise.all(running.map((node) => node.stop('SIGKILL')));
      throw failure.reason;
    }
    [nodeA, nodeB] = running as [ServerProcess, ServerProcess];
    handle = await openPostgres({ url: database.url, poolSize: 2 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all([nodeA, nodeB].map((node) => node?.stop('SIGKILL')));
    await handle?.close();
    await smtp?.close();
    await database?.drop();
    await Promise.all(dataDirs.map((dataDir) => fs.rm(dataDir, { recursive: true, force: true })));
  });

  it('seeds the demo organisation once although both nodes started on an empty database', async () => {
    const seeded = await handle.db.select().from(organisations);
    expect(seeded.map((organisation) => organisation.slug)).toEqual([demoSlug]);
    expect(await handle.db.select().from(staffUsers)).toHaveLength(1);
  });

  it('accepts a session made on one node on the other, and a sign-out on one ends it on both', async () => {
    const session = await signIn(nodeA);
    const onB = await request(nodeB, '/api/auth/session', session);
    expect(onB.status).toBe(200);
    expect((await onB.json()).staff.email).toBe(demoAdminEmail);

    const other = await signIn(nodeB);
    expect((await request(nodeA, '/api/auth/sign-out', other, { method: 'POST' })).status).toBe(204);
    expect((await request(nodeB, '/api/auth/session', other)).status).toBe(401);
    expect((await request(nodeA, '/api/auth/session', other)).status).toBe(401);
    expect((await request(nodeB, '/api/auth/session', session)).status).toBe(200);
  });

  it('shows an edit saved on one node on the other at once, though both had the page cached', async () => {
    const session = await signIn(nodeA);
    const viewPath = `/api/statuspage/share/${demoSlug}/view`;
    const portalTitleOn = async (node: ServerProcess) =>
      (await (await request(node, viewPath)).json()).customisation.portalTitle;
    // Both nodes read the page before the edit, so both hold a cached copy that must not be served.
    expect(await portalTitleOn(nodeA)).toBe('Trust Center');
    expect(await portalTitleOn(nodeB)).toBe('Trust Center');

    const saved = await request(nodeA, '/api/staff/organisation', session, {
      method: 'PATCH',
      body: JSON.stringify({ customisation: { portalTitle: 'Security at Acme' } }),
    });
    expect(saved.status).toBe(200);
    expect(await portalTitleOn(nodeB)).toBe('Security at Acme');
    expect(await portalTitleOn(nodeA)).toBe('Security at Acme');
    const settingsOnB = await request(nodeB, '/api/staff/organisation', session);
    expect((await settingsOnB.json()).customisation.portalTitle).toBe('Security at Acme');
  });

  it('answers a validator from before an edit on another node with the new bytes, on both nodes', async () => {
    const session = await signIn(nodeA);
    const paths = [`/api/statuspage/share/${demoSlug}/view`, `/${demoSlug}`];
    const read = (node: ServerProcess, pathname: string, etag?: string) =>
      fetch(`${node.url}${pathname}`, {
        headers: { 'accept-encoding': 'br', ...(etag ? { 'if-none-match': etag } : {}) },
      });
    const before = new Map<string, string>();
    for (const node of [nodeA, nodeB]) {
      for (const pathname of paths) {
        const first = await read(node, pathname);
        expect(first.headers.get('content-encoding')).toBe('br');
        const etag = first.headers.get('etag')!;
        expect((await read(node, pathname, etag)).status).toBe(304);
        before.set(`${node.url}${pathname}`, etag);
      }
    }
    const saved = await request(nodeB, '/api/staff/organisation', session, {
      method: 'PATCH',
      body: JSON.stringify({ customisation: { portalTitle: 'Assurance at Acme' } }),
    });
    expect(saved.status).toBe(200);
    for (const node of [nodeA, nodeB]) {
      for (const pathname of paths) {
        const response = await read(node, pathname, before.get(`${node.url}${pathname}`));
        expect(response.status, `${node.url}${pathname}`).toBe(200);
        expect(await response.text()).toContain('Assurance at Acme');
      }
    }
  });

  it('runs each job enqueued on either node exactly once while both nodes run workers', async () => {
    const session = await signIn(nodeA);
    const outboxIds: string[] = [];
    for (const node of [nodeA, nodeB, nodeA, nodeB, nodeA, nodeB]) {
      const queued = await request(node, '/api/staff/test-email', session, { method: 'POST' });
      expect(queued.status).toBe(202);
      outboxIds.push((await queued.json()).outboxMessageId);
    }

    const deliveries = () =>
      handle.db.select().from(jobs).where(eq(jobs.queue, mailDeliveryQueue)).orderBy(jobs.id);
    // Both workers are woken by NOTIFY; wait until neither has anything left to do.
    while ((await deliveries()).some((job) => job.state === 'queued' || job.state === 'active')) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const finished = await deliveries();
    expect(finished).toHaveLength(outboxIds.length);
    for (const job of finished) expect(job).toMatchObject({ state: 'completed', attempts: 1 });

    const outbox = await handle.db.select().from(outboxMessages).where(inArray(outboxMessages.id, outboxIds));
    expect(outbox.map((message) => message.status)).toEqual(outboxIds.map(() => 'sent'));
    // The SMTP server got each message once: no node sent one that the other sent too.
    const messageIds = smtp.messages.map((raw) => /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '');
    expect(messageIds.sort()).toEqual(outbox.map((message) => message.messageId).sort());
  });

  it('a node killed mid-fan-out takes its jobs back as soon as it is restarted; few mails go twice', async () => {
    const [organisation] = await handle.db
      .select()
      .from(organisations)
      .where(eq(organisations.slug, demoSlug));
    const emails = await addConfirmedSubscribers({ database: handle }, organisation!.id, 400, 'killed');
    const recipientsOf = (from: number) =>
      smtp.messages
        .slice(from)
        .map((raw) => /^To:.*?(killed-\d+@customer\.example)/im.exec(raw)?.[1])
        .filter((to): to is string => Boolean(to));
    const before = smtp.messages.length;
    const session = await signIn(nodeA);
    const topic = topicInput({
      subject: 'Maintenance completed',
      category: 'general',
      channels: { statusPage: true, email: { enabled: true, subscribers: true, audience: [] } },
    });
    const created = await request(nodeA, '/api/updates/topics', session, {
      method: 'POST',
      body: JSON.stringify(topic),
    });
    expect(created.status).toBe(201);

    // Kill (SIGKILL) whichever node holds update mails under way, once some have gone out.
    const nodes = [nodeA, nodeB];
    const holderOfMail = async () => {
      if (recipientsOf(before).length < 20) return null;
      const active = await handle.db
        .select({ lockedBy: jobs.lockedBy })
        .from(jobs)
        .where(and(eq(jobs.queue, updateMailQueue), eq(jobs.state, 'active')));
      const index = nodes.findIndex((node) =>
        active.some((job) => job.lockedBy?.split(':').at(-2) === String(node.child.pid)),
      );
      return index === -1 ? null : index;
    };
    let victim: number | null = null;
    await expect
      .poll(async () => (victim = await holderOfMail()), { timeout: 120_000, interval: 20 })
      .not.toBeNull();
    const killed = nodes[victim!]!;
    const killedPid = String(killed.child.pid);
    await killed.stop('SIGKILL');
    const heldAtKill = await handle.db
      .select({ id: jobs.id, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(and(eq(jobs.state, 'active'), sql`split_part(${jobs.lockedBy}, ':', 2) = ${killedPid}`));
    expect(heldAtKill.length).toBeGreaterThan(0);

    const restarted = await startServer(environment(dataDirs[victim!]!));
    const restartedAt = Date.now();
    if (victim === 0) nodeA = restarted;
    else nodeB = restarted;
    const acceptedAtRestart = smtp.messages.length;
    // Its previous life's leases end at once: no waiting out the minute a lease lasts.
    await expect
      .poll(
        async () =>
          (
            await handle.db
              .select({ id: jobs.id })
              .from(jobs)
              .where(
                and(
                  inArray(
                    jobs.id,
                    heldAtKill.map((job) => job.id),
                  ),
                  eq(jobs.state, 'active'),
                  sql`${jobs.lockedBy} in (${sql.join(
                    [...new Set(heldAtKill.map((job) => job.lockedBy!))].map((id) => sql`${id}`),
                    sql`, `,
                  )})`,
                  sql`${jobs.lockedUntil} > now()`,
                ),
              )
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0);
    await expect
      .poll(() => smtp.messages.length > acceptedAtRestart || recipientsOf(before).length >= 400, {
        timeout: 60_000,
      })
      .toBe(true);
    const flowingAfterMs = Date.now() - restartedAt;
    await expect
      .poll(() => new Set(recipientsOf(before)).size, { timeout: 180_000, interval: 100 })
      .toBe(emails.length);

    const counts = new Map<string, number>();
    for (const to of recipientsOf(before)) counts.set(to, (counts.get(to) ?? 0) + 1);
    const duplicates = [...counts.values()].filter((count) => count > 1).length;
    console.info(
      `kill -9 mid-fan-out of ${emails.length}: ${duplicates} duplicate(s) (${((100 * duplicates) / emails.length).toFixed(2)} %), ` +
        `${heldAtKill.length} jobs held by the killed node, mail flowing ${flowingAfterMs} ms after its restart`,
    );
    // Bounded by the jobs a node runs at once (4) times what each may leave unrecorded (2 × its 4 sends).
    expect(duplicates).toBeLessThanOrEqual(4 * 2 * 4);
  }, 420_000);

  it('takes a member revoked on one node off the other on the very next request, though both had them in memory', async () => {
    const [hank] = await handle.db
      .select({
        id: accountMembers.id,
        organisationId: accountMembers.organisationId,
        accountId: accountMembers.accountId,
      })
      .from(accountMembers)
      .where(eq(accountMembers.email, 'hank.scorpio@globex.example'));
    const member = await createTestSession(handle.db, {
      organisationId: hank!.organisationId,
      accountMemberId: hank!.id,
    });
    const memberCookie = `${sessionCookieName('member', true)}=${member.token}`;
    const viewOn = async (node: ServerProcess) => {
      const response = await fetch(`${node.url}/api/statuspage/share/${demoSlug}/view`, {
        headers: { cookie: memberCookie, 'accept-encoding': 'gzip, br' },
      });
      expect(response.status).toBe(200);
      return (await response.json()).viewer;
    };
    // Twice on each node: the second answer comes from that node's memory of the session.
    for (const node of [nodeA, nodeB, nodeA, nodeB]) {
      expect(await viewOn(node)).toMatchObject({ mode: 'account_external', member: { firstName: 'Hank' } });
    }
    const staff = await signIn(nodeA);
    const revoked = await request(nodeA, `/api/accounts/${hank!.accountId}/revoke`, staff, {
      method: 'POST',
    });
    expect(revoked.status).toBe(200);
    for (const node of [nodeB, nodeA]) {
      expect(await viewOn(node)).toMatchObject({ mode: 'public', member: { reviewStatus: 'declined' } });
    }
  });

  it('stops both nodes cleanly on SIGTERM', async () => {
    const [exitA, exitB] = await Promise.all([nodeA.stop('SIGTERM'), nodeB.stop('SIGTERM')]);
    expect(exitA).toBe(0);
    expect(exitB).toBe(0);
  });
});
