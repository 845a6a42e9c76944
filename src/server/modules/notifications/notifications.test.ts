import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessEventPayload,
  type AccessWebhookCreated,
  type AccessWebhookList,
  type NotificationPreferencesView,
  notificationMessages,
} from '../../../shared/notifications';
import { updateMessages } from '../../../shared/update-texts';
import { isWebhookAddressRefused, signWebhookBody } from '../../core/signed-webhook';
import { accounts, jobs, outboxMessages, staffDigestWindows } from '../../db/schema';
import { registerJobHandlers } from '../../jobs';
import { createDatabaseJobQueue } from '../../providers/jobs/database-queue';
import { createProduct, createStaffUser } from '../../test/factories';
import { createTestSession } from '../../test/sessions';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nextClient } from '../access/test-support';
import { staffOrganisation } from '../updates/test-support';
import { accessWebhookMaxAttempts, accessWebhookQueue } from './access-events';
import { announceExpiries } from './announce-expiries';
import { sendDueDigests } from './staff-digest';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', OUTBOUND_ALLOW_LOOPBACK: 'true' });
});
afterAll(async () => t.close());

type Staff = Awaited<ReturnType<typeof staffOrganisation>>;
type Received = { headers: IncomingHttpHeaders; body: string };
const hourMs = 3_600_000;

/** A receiver on 127.0.0.1; `answer` decides per request (its number from 1) what to do with the response. */
function startReceiver(answer: (count: number, response: import('node:http').ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      answer(received.length, response);
    });
  });
  return new Promise<{ url: string; received: Received[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/access`,
        received,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    ),
  );
}

/** Runs the access webhook jobs on a worker with millisecond backoff until none is queued or running. */
async function runAccessWebhookJobs(workerId: string) {
  const queue = createDatabaseJobQueue({
    db: t.database.db,
    workerId,
    pollIntervalMs: 20,
    retryBaseMs: 5,
    retryMaxMs: 50,
  });
  registerJobHandlers({ ...t, providers: { ...t.providers, jobs: queue } });
  queue.start();
  try {
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select({ id: jobs.id })
              .from(jobs)
              .where(and(eq(jobs.queue, accessWebhookQueue), inArray(jobs.state, ['queued', 'active'])))
          ).length,
        { timeout: 90_000, interval: 50 },
      )
      .toBe(0);
  } finally {
    await queue.stop();
  }
}

async function requestAccess(slug: string, email: string, productId: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/statuspage/share/${slug}/request`,
    headers: { 'x-forwarded-for': nextClient() },
    payload: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email,
      companyName: 'Engines',
      agree: true,
      productId,
    },
  });
  expect(response.json()).toMatchObject({ outcome: 'pending' });
}

async function savePreferences(staff: Staff, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/notification-preferences',
    cookies: staff.session.cookies,
    headers: staff.session.headers,
    payload,
  });
}

async function outboxTo(email: string, subjectLike: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.toAddress, email), like(outboxMessages.subject, subjectLike)));
}

describe('notification preferences', () => {
  it('answers invalid choices with a 400 naming the problem', async () => {
    const staff = await staffOrganisation(t);
    const badDelivery = await savePreferences(staff, { delivery: 'weekly', allProducts: true });
    expect(badDelivery.statusCode).toBe(400);
    expect(badDelivery.json().error.message).toContain(notificationMessages.deliveryInvalid);
    const noProducts = await savePreferences(staff, { delivery: 'each', allProducts: false, productIds: [] });
    expect(noProducts.statusCode).toBe(400);
    expect(noProducts.json().error.message).toContain(notificationMessages.productsRequired);
    const other = await staffOrganisation(t);
    const foreign = await savePreferences(staff, {
      delivery: 'daily',
      allProducts: false,
      productIds: [other.product.id],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      message: notificationMessages.productUnknown,
      fields: { productIds: notificationMessages.productUnknown },
    });
    const unsigned = await t.app.inject({ url: '/api/notification-preferences' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('mails each request only to those who asked for it, for their products', async () => {
    const owner = await staffOrganisation(t);
    const second = await createProduct(t.database.db, owner.organisation.id, { name: 'Payments' });
    const saved = await savePreferences(owner, {
      delivery: 'each',
      allProducts: false,
      productIds: [second.id],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<NotificationPreferencesView>()).toMatchObject({
      delivery: 'each',
      allProducts: false,
      productIds: [second.id],
    });
    const quiet = await createStaffUser(t.database.db, owner.organisation.id);
    const quietSession = await createTestSession(t.database.db, {
      organisationId: owner.organisation.id,
      staffUserId: quiet.id,
    });
    const none = await savePreferences(
      { ...owner, session: quietSession },
      { delivery: 'none', allProducts: true },
    );
    expect(none.statusCode).toBe(200);
    const everyone = await createStaffUser(t.database.db, owner.organisation.id);

    await requestAccess(owner.organisation.slug, 'ada@engines.example', owner.product.id);
    await requestAccess(owner.organisation.slug, 'bob@payments.example', second.id);
    const subject = 'New access request%';
    expect((await outboxTo(everyone.email, subject)).length).toBe(2);
    expect((await outboxTo(quiet.email, subject)).length).toBe(0);
    const ownerMails = await outboxTo(owner.staff.email, subject);
    expect(ownerMails.map((mail) => mail.text.includes('bob@payments.example'))).toEqual([true]);
    expect(ownerMails[0]!.text).toContain('/console/access-settings#notifications');
  });
});

describe('digests', () => {
  it('sends one digest per ended window listing what arrived, nothing when nothing did, never twice', async () => {
    const staff = await staffOrganisation(t);
    expect((await savePreferences(staff, { delivery: 'hourly', allProducts: true })).statusCode).toBe(200);
    await requestAccess(staff.organisation.slug, 'ada@engines.example', staff.product.id);
    await requestAccess(staff.organisation.slug, 'eve@analytical.example', staff.product.id);
    // A digest reader gets no per-request mail.
    expect((await outboxTo(staff.staff.email, 'New access request%')).length).toBe(0);

    const deps = { db: t.database.db, config: t.config, providers: t.providers };
    const nextHour = new Date(Date.now() + hourMs);
    // Two runners at once (two nodes, or a retry after a crash): one digest.
    await Promise.all([sendDueDigests(deps, nextHour), sendDueDigests(deps, nextHour)]);
    await sendDueDigests(deps, nextHour);
    const digests = await outboxTo(staff.staff.email, '%waiting for review%');
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toContain('2 access requests');
    expect(digest.text).toContain('ada@engines.example');
    expect(digest.text).toContain('eve@analytical.example');
    expect(digest.text).toContain('/console/access-requests');
    expect(digest.text).toContain('You receive this because you chose an hourly digest');
    expect(digest.text).toContain('/console/access-settings#notifications');
    expect(digest.html).toContain('Open the review queue');

    // The next window saw no request: recorded, nothing sent.
    await sendDueDigests(deps, new Date(nextHour.getTime() + hourMs));
    expect(await outboxTo(staff.staff.email, '%waiting for review%')).toHaveLength(1);
    const windows = await t.database.db
      .select()
      .from(staffDigestWindows)
      .where(eq(staffDigestWindows.staffUserId, staff.staff.id))
      .orderBy(staffDigestWindows.windowEnd);
    expect(windows.map((window) => window.requestCount)).toEqual([2, 0]);
    expect(windows[0]!.windowEnd.getTime() % hourMs).toBe(0);
  });

  it('a daily digest waits for the day to end and lists only requests still pending', async () => {
    const staff = await staffOrganisation(t);
    await savePreferences(staff, { delivery: 'daily', allProducts: true });
    await requestAccess(staff.organisation.slug, 'mary@somerville.example', staff.product.id);
    const deps = { db: t.database.db, config: t.config, providers: t.providers };
    const startOfDay = Math.floor(Date.now() / (24 * hourMs)) * 24 * hourMs;
    await sendDueDigests(deps, new Date(startOfDay + 24 * hourMs - 1));
    expect(await outboxTo(staff.staff.email, '%waiting for review%')).toHaveLength(0);
    await sendDueDigests(deps, new Date(startOfDay + 24 * hourMs));
    const [digest] = await outboxTo(staff.staff.email, '%waiting for review%');
    expect(digest?.subject).toContain('1 access request ');
    expect(digest?.text).toContain('daily digest');
  });
});

describe('access webhooks', () => {
  async function addHook(staff: Staff, url: string, events: string[]) {
    const response = await staff.inject({
      method: 'POST',
      url: '/api/access-webhooks',
      payload: { url, events },
    });
    expect(response.statusCode).toBe(201);
    return response.json<AccessWebhookCreated>();
  }
  async function hookView(staff: Staff, id: string) {
    const list = (await staff.inject({ url: '/api/access-webhooks' })).json<AccessWebhookList>();
    return list.webhooks.find((hook) => hook.id === id)!;
  }

  it('validates the address and events, refusing private addresses', async () => {
    const staff = await staffOrganisation(t);
    const noEvents = await staff.inject({
      method: 'POST',
      url: '/api/access-webhooks',
      payload: { url: 'https://hooks.example/attest', events: [] },
    });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().error.message).toContain(notificationMessages.webhookEventsRequired);
    const privateAddress = await staff.inject({
      method: 'POST',
      url: '/api/access-webhooks',
      payload: { url: 'http://10.1.2.3/hook', events: ['access.request.created'] },
    });
    expect(privateAddress.statusCode).toBe(400);
    expect(privateAddress.json().error.fields).toEqual({ url: updateMessages.webhookUrlNotAllowed });
    // Loopback passes the gate only when the deployment allows it (tests and local development).
    expect(await isWebhookAddressRefused({ outboundAllowLoopback: false }, 'http://127.0.0.1:9/hook')).toBe(
      true,
    );
    expect(await isWebhookAddressRefused({ outboundAllowLoopback: true }, 'http://127.0.0.1:9/hook')).toBe(
      false,
    );
    const viewerOnly = await staffOrganisation(t, []);
    const forbidden = await viewerOnly.inject({
      method: 'POST',
      url: '/api/access-webhooks',
      payload: { url: 'https://hooks.example/attest', events: ['access.revoked'] },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('edits the address and events in place, refusing a private address and changing nothing then', async () => {
    const staff = await staffOrganisation(t);
    const { webhook } = await addHook(staff, 'https://hooks.example/attest', ['access.request.created']);
    const edit = (payload: object) =>
      staff.inject({ method: 'PATCH', url: `/api/access-webhooks/${webhook.id}`, payload });
    const refused = await edit({ url: 'http://10.1.2.3/hook', events: ['access.revoked'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({ url: updateMessages.webhookUrlNotAllowed });
    expect(await hookView(staff, webhook.id)).toMatchObject({
      url: 'https://hooks.example/attest',
      events: ['access.request.created'],
    });
    const edited = await edit({
      url: 'https://crm.example/attest',
      events: ['access.revoked', 'access.expired'],
    });
    expect(edited.statusCode).toBe(200);
    expect(await hookView(staff, webhook.id)).toMatchObject({
      url: 'https://crm.example/attest',
      events: ['access.revoked', 'access.expired'],
      isActive: true,
    });
  });

  it('delivers signed events for created, approved and expired, with no document content', async () => {
    const receiver = await startReceiver((_count, response) => response.end('ok'));
    try {
      const staff = await staffOrganisation(t);
      const { webhook, secret } = await addHook(staff, receiver.url, [
        'access.request.created',
        'access.request.approved',
        'access.expired',
      ]);
      await requestAccess(staff.organisation.slug, 'grace@hopper.example', staff.product.id);
      const queue = (await staff.inject({ url: '/api/access-requests?status=pending' })).json<{
        requests: Array<{ id: string }>;
      }>();
      const approve = await staff.inject({
        method: 'POST',
        url: `/api/access-requests/${queue.requests[0]!.id}/approve`,
        payload: { accessDays: 30 },
      });
      expect(approve.statusCode).toBeLessThan(300);
      await runAccessWebhookJobs('access-hooks-ok');

      // Deliveries run in parallel, so they may arrive in either order; receivers order by occurredAt.
      const bodies = receiver.received
        .map((request) => JSON.parse(request.body) as AccessEventPayload)
        .sort((a, b) =>
          a.event === 'access.request.created' ? -1 : b.event === 'access.request.created' ? 1 : 0,
        );
      expect(bodies.map((body) => body.event)).toEqual(['access.request.created', 'access.request.approved']);
      expect(Date.parse(bodies[0]!.occurredAt)).toBeLessThanOrEqual(Date.parse(bodies[1]!.occurredAt));
      for (const request of receiver.received) {
        const timestamp = Number(request.headers['x-attest-timestamp']);
        expect(request.headers['x-attest-signature']).toBe(signWebhookBody(secret, timestamp, request.body));
        expect(request.headers['x-attest-signature']).not.toBe(
          signWebhookBody('wrong', timestamp, request.body),
        );
      }
      expect(bodies[1]).toMatchObject({
        organisation: { slug: staff.organisation.slug },
        request: {
          email: 'grace@hopper.example',
          companyName: 'Engines',
          status: 'approved',
          productIds: [staff.product.id],
        },
        account: { status: 'approved' },
      });
      expect(Object.keys(bodies[1]!).sort()).toEqual(
        ['account', 'deliveryId', 'event', 'occurredAt', 'organisation', 'request'].sort(),
      );

      // Expiry is announced once, however many sweeps run.
      const accountId = bodies[1]!.account!.id;
      await t.database.db
        .update(accounts)
        .set({ accessExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(accounts.id, accountId));
      const deps = { db: t.database.db, providers: t.providers };
      await Promise.all([announceExpiries(deps), announceExpiries(deps)]);
      await announceExpiries(deps);
      await runAccessWebhookJobs('access-hooks-expiry');
      const events = receiver.received.map(
        (request) => (JSON.parse(request.body) as AccessEventPayload).event,
      );
      expect(events.filter((event) => event === 'access.expired')).toHaveLength(1);
      expect((await hookView(staff, webhook.id)).lastDeliveredAt).not.toBeNull();
    } finally {
      await receiver.close();
    }
  });

  it('retries a receiver that refuses the connection, then counts one failure', async () => {
    const closed = await startReceiver((_count, response) => response.end());
    const url = closed.url;
    await closed.close();
    const staff = await staffOrganisation(t);
    const { webhook } = await addHook(staff, url, ['access.request.created']);
    await requestAccess(staff.organisation.slug, 'grace@hopper.example', staff.product.id);
    await runAccessWebhookJobs('access-hooks-refused');
    const [job] = await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.queue, accessWebhookQueue))
      .then((rows) => rows.filter((row) => (row.payload as { webhookId: string }).webhookId === webhook.id));
    expect(job).toMatchObject({ state: 'failed', attempts: accessWebhookMaxAttempts });
    expect(job?.lastError).toContain('The connection failed');
    expect((await hookView(staff, webhook.id)).failureCount).toBe(1);
  });

  it('gives up on a receiver that stalls mid-response at the time limit, and delivers on the retry', async () => {
    const receiver = await startReceiver((count, response) => {
      if (count === 1) {
        // Headers and half a body, then silence.
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
        response.write('half');
        return;
      }
      response.end('ok');
    });
    try {
      const staff = await staffOrganisation(t);
      const { webhook } = await addHook(staff, receiver.url, ['access.request.created']);
      await requestAccess(staff.organisation.slug, 'grace@hopper.example', staff.product.id);
      await runAccessWebhookJobs('access-hooks-stall');
      expect(receiver.received).toHaveLength(2);
      const [job] = await t.database.db
        .select()
        .from(jobs)
        .where(eq(jobs.queue, accessWebhookQueue))
        .then((rows) =>
          rows.filter((row) => (row.payload as { webhookId: string }).webhookId === webhook.id),
        );
      expect(job).toMatchObject({ state: 'completed', attempts: 2 });
      const view = await hookView(staff, webhook.id);
      expect(view).toMatchObject({ failureCount: 0 });
      expect(view.lastDeliveredAt).not.toBeNull();
    } finally {
      await receiver.close();
    }
  }, 60_000);
});
